import ArgumentParser
import ButtonRender
import ButtonSpec
import ButtonsmithKit
import CSystemShim
import Foundation

/// The `buttonsmith` command line: subcommands and the exit status convention
/// (0 success, 1 problems in the specs, 2 bad usage).
public struct ButtonsmithCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "buttonsmith",
    abstract: "Turns declarative YAML button specs into finished PNG assets.",
    // Without librsvg's and poppler's versions, which would open them for every parse;
    // `fullVersion` adds them when the version is printed.
    version: "buttonsmith \(ButtonsmithVersion.current) (cairo \(LibraryVersions.current.cairo), "
      + "pango \(LibraryVersions.current.pango), libpng \(LibraryVersions.current.libpng), "
      + "libdeflate \(LibraryVersions.current.libdeflate)",
    subcommands: [
      BuildCommand.self, LintCommand.self, PlanCommand.self, PreviewCommand.self, InitCommand.self, DiffCommand.self,
      ReportCommand.self,
    ]
  )

  public init() {}

  /// What `--version` prints: the version and every drawing library's.
  static var fullVersion: String {
    "\(configuration.version), librsvg \(VectorLibrary.librsvg.version ?? "not found"), "
      + "poppler \(VectorLibrary.poppler.version ?? "not found"))"
  }

  /// Parses `arguments`, runs the command and returns the process's exit status: 1 when what
  /// it wrote to standard output was lost (a full disk, a closed stream), whatever it did.
  public static func run(arguments: [String]) -> Int32 {
    StandardStreams.reserveClosedDescriptors()
    // A file that would pass the size limit (`ulimit -f`) fails to write, with an error that says
    // so, instead of the signal ending the process in silence.
    signal(SIGXFSZ, SIG_IGN)
    if let problem = DescriptorLimit.raise() ?? AddressSpaceLimit.raise() {
      StandardStreams.error("error: \(problem)\n")
      return 1
    }
    // An arena per core at most: under an address-space limit (`ulimit -v`) a build that fits
    // once fits every time, however its threads met in the allocator (the standard workload
    // builds in 250 MB where it needed over 400 MB; the times do not move). Under such a limit,
    // fewer (`AddressSpace.arenas`): each reserves 64 MiB, which the threads' stacks then lack.
    // A limit the environment sets (`MALLOC_ARENA_MAX`) is the user's.
    if ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX", default: ""].isEmpty {
      bs_limit_allocator_arenas(Int32(AddressSpace.arenas(cores: ProcessInfo.processInfo.activeProcessorCount)))
    }
    let status = runCommand(arguments: arguments)
    guard let reason = StandardStreams.finishOutput() else { return status }
    StandardStreams.error("error: cannot write to standard output: \(reason)\n")
    return status == 0 ? 1 : status
  }

  private static func runCommand(arguments: [String]) -> Int32 {
    var parsed: ParsableCommand.Type?
    // `help NAME` of no command is a usage error, as `NAME` alone is (the parser's help command
    // shows the general help for it, and succeeds).
    if arguments.first == "help", let name = arguments.dropFirst().first, !name.hasPrefix("-"), name != "help",
      !configuration.subcommands.contains(where: { $0.configuration.commandName == name })
    {
      StandardStreams.error(
        "Error: 'help \(name)': there is no command '\(name)'\nUsage: \(usageString())\n"
          + "  See 'buttonsmith --help' for more information.\n")
      return 2
    }
    do {
      var command = try parseAsRoot(arguments)
      parsed = type(of: command)
      try command.run()
      return 0
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        // A usage error found while running (one that needs the project file) shows the
        // command's usage, as one found while parsing does.
        let message = parsed.map { usageMessage(for: error, of: $0) } ?? fullMessage(for: error)
        StandardStreams.error(message + "\n")
        return 2
      }
      if error is ExitCode {
        // A command throws an exit code once it has said what went wrong (or, `diff` exiting 1,
        // that images changed); anything else it throws has not been said yet.
      } else if code != .success, code != ExitCode(1) {
        StandardStreams.error(fullMessage(for: error) + "\n")
      } else if code == ExitCode(1) {
        StandardStreams.error("error: \(ErrorText.describe(error))\n")
      } else if code == .success {
        let message = fullMessage(for: error)
        print(message == configuration.version ? fullVersion : message)
      }
      return code.rawValue
    }
  }

  /// `error` with `command`'s usage line, in the form the parser gives a usage error.
  private static func usageMessage(for error: Error, of command: ParsableCommand.Type) -> String {
    let name = command.configuration.commandName ?? "\(command)"
    return """
      Error: \(message(for: error))
      Usage: \(usageString(for: command))
        See '\(configuration.commandName ?? "buttonsmith") \(name) --help' for more information.
      """
  }
}

import ArgumentParser
import ButtonSpec
import ButtonsmithKit
import Foundation

/// Prints diagnostics and errors for the commands that render (`build`, `plan`, `preview`).
struct CommandReporter {
  let quiet: Bool
  /// The directory the project names its files from (its root); messages name them from the
  /// working directory.
  var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

  /// Prints diagnostics to stderr; warnings only unless quiet.
  func report(_ diagnostics: Diagnostics) {
    let shown = diagnostics.sorted.filter { !quiet || $0.severity == .error }
    guard !shown.isEmpty else { return }
    var formatter = TextFormatter(sources: SourceText(), colors: Terminal.standardError.supportsColor)
    formatter.summaryLabel = nil
    formatter.write(ShownPaths(root: root).diagnostics(shown), fileCount: 0)
  }

  /// The project's configuration, with the reporter's root set to its root; exits 1 after
  /// printing the project file's problems when it has any.
  mutating func project(
    _ specs: SpecOptions, output: String? = nil, formats: [OutputFormat]? = nil, remoteCacheURL: URL? = nil,
    remoteCacheUpload: Bool? = nil
  ) throws -> ProjectConfiguration {
    var problems = Diagnostics()
    let project = specs.project(
      output: output, formats: formats, remoteCacheURL: remoteCacheURL, remoteCacheUpload: remoteCacheUpload,
      into: &problems)
    root = project?.root ?? ProjectConfiguration.root(configFile: specs.configFile, findsProjectFile: !specs.noConfig)
    report(problems)
    guard let project else { throw ExitCode(1) }
    return project
  }

  /// The configuration of the project file `configFile` (or the nearest one) with `output` on
  /// top, for the commands that read published versions rather than specs.
  mutating func project(configFile: String?, output: String?) throws -> ProjectConfiguration {
    let (project, problems) = ProjectConfiguration.load(
      configFile: configFile, overrides: ProjectConfiguration.Overrides(output: output))
    root = project?.root ?? ProjectConfiguration.root(configFile: configFile)
    report(problems)
    guard let project else { throw ExitCode(1) }
    return project
  }

  /// Refuses to write `target` inside the output directory `output`, or any other, whose
  /// versions only a build may change: a usage error when `-o` named it (`given`), else (the
  /// default path, inside an output named `build`) an error of the project, exit 1. `what`
  /// names the default, such as "the report's default folder".
  func refuseInside(_ output: URL, _ target: URL, given: String?, what: String) throws {
    let own = AssetStore(root: output)
    guard let store = own.storeHolding(target) else { return }
    let which = store == own.root ? "the output directory" : "the output directory '\(ShownPaths.path(store))'"
    if let given {
      throw ValidationError("-o '\(given)' is inside \(which), whose versions only a build may change")
    }
    error(
      "\(what) '\(ShownPaths.path(target))' is inside the output directory '\(ShownPaths.path(store))', whose "
        + "versions only a build may change: name another with -o")
    throw ExitCode(1)
  }

  /// Says (unless quiet) that `build` waits for another command holding the output directory:
  /// a build, an export, or a command reading it.
  func waitingForOutput(_ output: URL) {
    guard !quiet else { return }
    StandardStreams.error(Self.waitingText(output))
  }

  /// The line `waitingForOutput` prints.
  static func waitingText(_ output: URL) -> String {
    "build: waiting for another command using '\(output.path)' to finish\n"
  }

  /// Prints `message` as a warning line (unless quiet).
  func warning(_ message: String) {
    guard !quiet else { return }
    StandardStreams.error("warning: \(VisibleText.escaped(message))\n")
  }

  /// Prints `message` as an error line.
  func error(_ message: String) {
    StandardStreams.error("error: \(VisibleText.escaped(message))\n")
  }

  /// Prints `warnings` as `report` prints diagnostics.
  func report(_ warnings: [Diagnostic]) {
    var diagnostics = Diagnostics()
    warnings.forEach { diagnostics.add($0) }
    report(diagnostics)
  }
}

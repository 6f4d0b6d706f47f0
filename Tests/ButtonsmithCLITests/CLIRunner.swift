import ButtonsmithTestSupport
import Foundation

/// Runs the built `buttonsmith` binary as a user would, capturing its exit status and output.
struct CLIRunner {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether the process ended by a signal (an abort, a crash, or the hang guard).
    var wasKilled = false
  }

  /// The binary built beside the test bundle.
  static let binary: URL = {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [
      products.appendingPathComponent("buttonsmith"),
      products.deletingLastPathComponent().appendingPathComponent("buttonsmith"),
      repositoryRoot.appendingPathComponent(".build/debug/buttonsmith"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }()

  /// Runs `buttonsmith arguments…` (or `program`) in `directory` with colour off. With
  /// `memoryMiB`, the process gets at most that much address space (`ulimit -v`); with
  /// `fileSizeKiB`, it may write files of at most that size (`ulimit -f`); with `wrapper`, it is
  /// started through that command (`setpriv …`, `strace …`); with `hangGuard`, a run still going
  /// after that many seconds is killed (and reported as killed).
  static func run(
    _ arguments: [String], in directory: URL, memoryMiB: Int? = nil, fileSizeKiB: Int? = nil,
    through wrapper: [String] = [], program: URL = binary, hangGuard: TimeInterval? = nil,
    environment extra: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    let limits = (memoryMiB.map { ["ulimit -v \($0 * 1024)"] } ?? []) + (fileSizeKiB.map { ["ulimit -f \($0)"] } ?? [])
    precondition(limits.isEmpty || wrapper.isEmpty, "limits or a wrapper, not both")
    if !limits.isEmpty {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", (limits + ["exec \"$0\" \"$@\""]).joined(separator: " && "), program.path] + arguments
    } else if let command = wrapper.first {
      process.executableURL = URL(fileURLWithPath: command)
      process.arguments = wrapper.dropFirst() + [program.path] + arguments
    } else {
      process.executableURL = program
      process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    // `ulimit -v` counts the 64 MiB glibc reserves for each malloc arena, and how many arenas a
    // run makes depends on how its threads happened to meet: two make the bound the same on
    // every run.
    if memoryMiB != nil { environment["MALLOC_ARENA_MAX"] = "2" }
    environment.merge(extra) { _, new in new }
    process.environment = environment
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let stdoutURL = outputs.appendingPathComponent("stdout")
    let stderrURL = outputs.appendingPathComponent("stderr")
    FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let guardTimer = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    if let hangGuard { DispatchQueue.global().asyncAfter(deadline: .now() + hangGuard, execute: guardTimer) }
    process.waitUntilExit()
    guardTimer.cancel()
    return Result(
      status: process.terminationStatus,
      stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
      stderr: try String(contentsOf: stderrURL, encoding: .utf8),
      wasKilled: process.terminationReason == .uncaughtSignal)
  }
}

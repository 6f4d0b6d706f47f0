import ButtonsmithTestSupport
import Foundation

/// Runs the built binary under a memory limit (`ulimit -v`) and a hang guard, as the resource
/// bounds tests need: an input that costs far more than its size fails such a run (the process
/// aborts or is stopped), where a bounded one finishes with a located error.
struct BoundedRun {
  var status: Int32
  var stdout: String
  var stderr: String
  /// Whether the process ended by a signal (an abort, a crash, or the hang guard).
  var wasKilled: Bool

  /// Runs `buttonsmith arguments…` in `directory` with at most `memoryMiB` of address space; a
  /// run still going after `hangGuard` seconds is stopped (and counts as killed). The guard
  /// only catches hangs; it is many times what any bounded case takes.
  static func run(
    _ arguments: [String], in directory: URL, memoryMiB: Int = 1024, hangGuard: TimeInterval = 120
  ) throws -> BoundedRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "ulimit -v \(memoryMiB * 1024) && exec \"$0\" \"$@\"", CLIRunner.binary.path] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
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
    DispatchQueue.global().asyncAfter(deadline: .now() + hangGuard, execute: guardTimer)
    process.waitUntilExit()
    guardTimer.cancel()
    return BoundedRun(
      status: process.terminationStatus,
      stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "",
      wasKilled: process.terminationReason == .uncaughtSignal)
  }
}

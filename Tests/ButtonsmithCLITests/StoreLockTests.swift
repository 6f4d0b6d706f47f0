import ButtonsmithTestSupport
import Foundation
import Testing

/// Every command that reads or exports an output directory holds its lock while it does: a
/// reader (`build --check`, `plan`, `diff`, `report`) shares it with other readers and waits for
/// a build; a build waits for readers; an export (`build --export`) holds it as a build does, so
/// no build publishes or prunes the version it copies. Whether a command waits is read from the
/// kernel's table of locks (`/proc/locks` lists a blocked `flock` as `->`), not guessed from time.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks"), "reads Linux's /proc/locks"))
struct StoreLockTests {
  static let spec = "buttonsmith: 1\ndefaults: { size: [80, 30], scales: [1], states: { normal: {} } }\nbuttons:\n"

  /// A workspace with one build published.
  func built() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec + "  a: { tint: blue }\n")
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    return workspace
  }

  /// Runs `arguments` in `workspace` while this process holds its output directory's lock
  /// (`LOCK_EX` or `LOCK_SH`); when the command blocks on it, calls `whileBlocked` before letting
  /// go. Also whether it blocked.
  static func run(
    _ arguments: [String], in workspace: TestWorkspace, holding operation: Int32, whileBlocked: () throws -> Void = {}
  ) throws -> (result: CLIRunner.Result, waited: Bool) {
    let lockPath = workspace.url.appendingPathComponent("build/assets/.lock").path
    let descriptor = open(lockPath, O_RDWR)
    try #require(descriptor >= 0 && flock(descriptor, operation) == 0)
    let finished = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: CLIRunner.Result?
    let directory = workspace.url
    Thread {
      result = try? CLIRunner.run(arguments, in: directory, hangGuard: 120)
      finished.signal()
    }.start()
    var inode = stat()
    try #require(stat(lockPath, &inode) == 0)
    var (waited, ended) = (false, false)
    while !waited, !ended {
      let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
      waited = locks.split(separator: "\n").contains { $0.contains("->") && $0.contains(":\(inode.st_ino) ") }
      ended = finished.wait(timeout: .now() + .milliseconds(10)) == .success
    }
    if waited { try whileBlocked() }
    flock(descriptor, LOCK_UN)
    close(descriptor)
    if !ended { finished.wait() }
    return (try #require(result), waited)
  }

  @Test(arguments: [["build", "--check"], ["plan"], ["diff", "1"], ["report", "-o", "review"]])
  func aReaderWaitsForABuildAndNotForAnotherReader(arguments: [String]) throws {
    let workspace = try built()
    let shared = try Self.run(arguments, in: workspace, holding: LOCK_SH)
    #expect(!shared.waited && shared.result.status == 0, "\(shared.result.stderr)")
    let exclusive = try Self.run(arguments, in: workspace, holding: LOCK_EX)
    #expect(exclusive.waited, "\(arguments) read the output directory while a build held it")
    #expect(exclusive.result.status == 0, "\(exclusive.result.stderr)")
  }

  /// A build waits for another build, and for a reader, and says so unless `--quiet`.
  @Test(arguments: [(LOCK_EX, false), (LOCK_EX, true), (LOCK_SH, false)])
  func aBuildWaitsAndSaysSoUnlessQuiet(held: Int32, quiet: Bool) throws {
    let workspace = try built()
    // A change, so that the build takes the lock rather than confirming its stamp.
    try workspace.write("specs/a.yaml", Self.spec + "  a: { tint: red }\n")
    let run = try Self.run(["build"] + (quiet ? ["--quiet"] : []), in: workspace, holding: held)
    #expect(run.waited && run.result.status == 0, "\(run.result.stderr)")
    #expect(
      run.result.stderr.contains("build: waiting for another command using") == !quiet, "\(run.result.stderr)")
    if quiet { #expect(run.result.stderr.isEmpty && run.result.stdout.isEmpty, "\(run.result.stdout)") }
  }

  /// An export copies `current` under the lock, after the build that holds it: a build that
  /// changes nothing (its stamp confirms it) waits to export, and exports the version `current`
  /// is then.
  @Test func anExportWaitsForABuild() throws {
    let workspace = try built()
    let export = workspace.url.appendingPathComponent("exported")
    let run = try Self.run(["build", "--export", "exported"], in: workspace, holding: LOCK_EX) {
      #expect(!FileManager.default.fileExists(atPath: export.path), "exported while a build held the store")
    }
    #expect(run.waited && run.result.status == 0, "\(run.result.stderr)")
    #expect(run.result.stderr.contains("build: waiting for another command using"), "\(run.result.stderr)")
    let current = workspace.url.appendingPathComponent("build/assets/current/manifest.json")
    #expect(try Data(contentsOf: export.appendingPathComponent("manifest.json")) == Data(contentsOf: current))
  }

  /// `--keep` is kept by a build that changes nothing too, the stamp's included: more versions
  /// than it says are pruned.
  @Test func aBuildThatChangesNothingKeepsToKeep() throws {
    let workspace = try built()
    for tint in ["red", "green"] {
      try workspace.write("specs/a.yaml", Self.spec + "  a: { tint: \(tint) }\n")
      #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    }
    let versions = workspace.url.appendingPathComponent("build/assets/versions")
    #expect(try FileManager.default.contentsOfDirectory(atPath: versions.path).sorted() == ["v1", "v2", "v3"])
    let run = try CLIRunner.run(["build", "--json", "--keep", "1"], in: workspace.url)
    #expect(run.status == 0 && run.stdout.contains("\"new_version\":false"), "\(run.stdout)\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: versions.path) == ["v3"])
    #expect(try CLIRunner.run(["build", "--check"], in: workspace.url).status == 0)
  }

  /// A lock file that is a link is refused by every command, as a build refuses it, and what it
  /// points to is neither created nor read.
  @Test(arguments: [["build", "--check"], ["plan"], ["diff", "1"], ["build", "--export", "exported"]])
  func aLockFileThatIsALinkIsRefused(arguments: [String]) throws {
    let workspace = try built()
    let lock = workspace.url.appendingPathComponent("build/assets/.lock")
    let target = workspace.url.appendingPathComponent("elsewhere")
    try FileManager.default.removeItem(at: lock)
    try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: target)
    let run = try CLIRunner.run(arguments, in: workspace.url)
    #expect(run.status != 0)
    #expect(run.stderr.contains("/build/assets/.lock' is a symbolic link"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }
}

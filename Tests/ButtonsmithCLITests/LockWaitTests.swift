import ButtonsmithTestSupport
import Foundation
import Testing

/// A build that finds another build of its output directory running waits for it, and says so
/// unless `--quiet`. Whether the child is waiting is read from the kernel's table of locks
/// (`/proc/locks` lists a blocked `flock` as `->`), not guessed from time.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks"), "reads Linux's /proc/locks"))
struct LockWaitTests {
  @Test(arguments: [false, true])
  func aBuildWaitsForTheLockAndSaysSoUnlessQuiet(quiet: Bool) throws {
    let workspace = try TestWorkspace()
    let spec = "buttonsmith: 1\ndefaults: { size: [80, 30], scales: [1], states: { normal: {} } }\nbuttons:\n"
    try workspace.write("specs/a.yaml", spec + "  a: { tint: blue }\n")
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    // A change, so that the next build takes the lock rather than confirming its stamp.
    try workspace.write("specs/a.yaml", spec + "  a: { tint: red }\n")
    let lockPath = workspace.url.appendingPathComponent("build/assets/.lock").path
    let descriptor = open(lockPath, O_RDWR)
    try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
    let finished = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: CLIRunner.Result?
    let directory = workspace.url
    Thread {
      result = try? CLIRunner.run(["build"] + (quiet ? ["--quiet"] : []), in: directory, hangGuard: 120)
      finished.signal()
    }.start()
    // Until the kernel lists a blocked lock on the file (or the child ended without waiting).
    var inode = stat()
    try #require(stat(lockPath, &inode) == 0)
    var (waited, ended) = (false, false)
    while !waited, !ended {
      let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
      waited = locks.split(separator: "\n").contains { $0.contains("->") && $0.contains(":\(inode.st_ino) ") }
      ended = finished.wait(timeout: .now() + .milliseconds(10)) == .success
    }
    flock(descriptor, LOCK_UN)
    close(descriptor)
    if !ended { finished.wait() }
    let run = try #require(result)
    #expect(waited, "the build never waited for the lock")
    #expect(run.status == 0, "\(run.stderr)")
    let message = "build: waiting for another build of"
    #expect(run.stderr.contains(message) == !quiet, "\(run.stderr)")
    if quiet { #expect(run.stderr.isEmpty && run.stdout.isEmpty, "\(run.stdout)\(run.stderr)") }
  }
}

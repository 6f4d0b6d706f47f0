import ButtonsmithTestSupport
import Foundation
import Testing

/// Output that cannot be written (a full disk, a closed stream) is an error, never a crash or a
/// silent success: a script that runs `buttonsmith plan --json > plan.json` on a full disk must
/// not go on with an empty file.
struct StandardStreamTests {
  /// Runs `buttonsmith arguments…` in `directory` with the shell redirections `redirections`.
  func run(_ arguments: [String], redirections: String, in directory: URL) throws -> CLIRunner.Result {
    try CLIRunner.run(arguments, in: directory, through: ["/bin/sh", "-c", "exec \"$0\" \"$@\" \(redirections)"])
  }

  func workspace() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  go: { size: [60, 30], scales: [1], tint: blue }\n")
    return workspace
  }

  @Test(arguments: [
    (["lint", "--format", "json"], ">/dev/full", "No space left on device"),
    (["lint", "--format", "sarif"], ">&-", "Bad file descriptor"),
    (["plan", "--json"], ">/dev/full", "No space left on device"),
    (["build", "--json"], ">&-", "Bad file descriptor"),
  ])
  func lostOutputIsAnError(arguments: [String], redirections: String, reason: String) throws {
    let workspace = try workspace()
    let result = try run(arguments, redirections: redirections, in: workspace.url)
    #expect(!result.wasKilled && result.status == 1, "\(result.status) \(result.stderr)")
    #expect(result.stderr.hasSuffix("error: cannot write to standard output: \(reason)\n"), "\(result.stderr)")
  }

  /// A build whose standard output is closed still publishes, and writes nothing of its own
  /// output into a file it opened (the descriptor a closed stream leaves free).
  @Test func aBuildWithoutStandardOutputStillPublishes() throws {
    let workspace = try workspace()
    _ = try run(["build"], redirections: ">&-", in: workspace.url)
    let check = try CLIRunner.run(["build", "--check"], in: workspace.url)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
  }

  /// Standard error that cannot be written stops nothing: the exit status still says what
  /// happened.
  @Test func aFullStandardErrorKeepsTheStatus() throws {
    let workspace = try workspace()
    try workspace.write("specs/b.yaml", "buttonsmith: 1\nbuttons:\n  b: { size: [60, 30], tnit: red }\n")
    let result = try run(["lint"], redirections: "2>/dev/full", in: workspace.url)
    #expect(!result.wasKilled && result.status == 1, "\(result.status)")
  }

  /// A file that would pass the process's file size limit (`ulimit -f`) is an error that says
  /// so, never a silent death by signal; nothing is published, and the next build succeeds.
  @Test func theFileSizeLimitIsAnError() throws {
    let workspace = try workspace()
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  go: { size: [600, 400], scales: [3], tint: blue, text: Go }\n")
    let limited = try CLIRunner.run(["build"], in: workspace.url, fileSizeKiB: 8)
    #expect(!limited.wasKilled && limited.status == 1, "\(limited.status) \(limited.stderr)")
    #expect(limited.stderr.contains("File too large"), "\(limited.stderr)")
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    #expect(try CLIRunner.run(["build", "--check"], in: workspace.url).status == 0)
  }
}

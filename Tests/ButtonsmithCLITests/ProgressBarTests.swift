import ButtonsmithTestSupport
import Foundation
import Testing

/// The progress bar is drawn on a terminal that moves its cursor as ANSI says, and not on one
/// whose `TERM` is `dumb` (an editor's compilation buffer), which would show the escapes. The
/// build runs under `script`, which gives it a terminal and copies what it writes.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1)"))
struct ProgressBarTests {
  @Test(arguments: [("xterm", true), ("dumb", false)])
  func theBarIsDrawnOnlyWhereTheTerminalMovesItsCursor(term: String, drawn: Bool) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tint: red }\n")
    let run = try CLIRunner.run(
      ["build", "--force"], in: workspace.url,
      through: ["/bin/sh", "-c", "exec /usr/bin/script -qec \"$0 $*\" /dev/null"], environment: ["TERM": term])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("build: ") && run.stdout.contains("rendered"), "\(run.stdout)")
    #expect(run.stdout.contains("\u{1B}[2K") == drawn, "\(run.stdout.debugDescription)")
    if !drawn { #expect(!run.stdout.contains("\u{1B}["), "\(run.stdout.debugDescription)") }
  }
}

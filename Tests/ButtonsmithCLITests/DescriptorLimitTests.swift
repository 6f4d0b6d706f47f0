import ButtonsmithTestSupport
import Foundation
import Testing

/// Few files allowed open at once (`ulimit -n`): a command raises its own limit when it may, and
/// refuses to start, saying why, when it may not; it never reports the shortage as something
/// else.
struct DescriptorLimitTests {
  /// Runs `buttonsmith arguments` in `workspace` under `limits` (`ulimit` options).
  func run(_ arguments: [String], in workspace: TestWorkspace, limits: String) throws -> CLIRunner.Result {
    try CLIRunner.run(
      arguments, in: workspace.url, through: ["/bin/sh", "-c", "ulimit \(limits) && exec \"$0\" \"$@\""])
  }

  /// Ninety images in four formats: a build links from many object folders into many folders.
  func project() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    let buttons = (0..<30).map {
      "  b\($0): { size: [48, 48], scales: [1], tint: \"#\(String(format: "%02x", $0 * 8))6699\" }"
    }
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n" + buttons.joined(separator: "\n") + "\n")
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, xcassets, android, swift]\n")
    return workspace
  }

  @Test func aLowSoftLimitIsRaisedToTheHardOne() throws {
    let workspace = try project()
    for arguments in [["build"], ["build", "--check"], ["lint"], ["report", "-o", "report"]] {
      let run = try run(arguments, in: workspace, limits: "-Sn 24")
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
  }

  @Test func aHardLimitTooLowIsSaidAsItIs() throws {
    let workspace = try project()
    for arguments in [["build"], ["lint"]] {
      let run = try run(arguments, in: workspace, limits: "-n 24")
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(
        run.stderr == "error: the process may have only 24 files open at once (ulimit -n); buttonsmith needs 64\n",
        "\(run.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build").path))
  }
}

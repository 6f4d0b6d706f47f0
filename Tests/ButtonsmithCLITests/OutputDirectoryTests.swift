import ButtonsmithTestSupport
import Foundation
import Testing

/// The output directories `build`, `plan` and `build --check` refuse, through the real binary.
struct OutputDirectoryTests {
  @Test(arguments: [["build"], ["plan"], ["build", "--check"]])
  func anEmptyOutputPathIsAUsageError(command: [String]) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", BuildCommandTests.spec)
    let result = try CLIRunner.run(command + ["-o", ""], in: workspace.url)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("-o must name a directory"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url.path) == ["specs"])
  }

  @Test(arguments: ["/", ".", "project"])
  func aDirectoryThatIsNotAStoreIsRefused(output: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", BuildCommandTests.spec)
    try workspace.write(".tmp-mywork/draft.txt", "mine")
    try workspace.write("project/README.md", "mine")
    let before = snapshot(of: workspace.url)
    for command in [["build"], ["plan"], ["build", "--check"]] {
      let result = try CLIRunner.run(command + ["-o", output], in: workspace.url)
      #expect(result.status == 1, "\(command) \(result.stderr)")
      #expect(result.stderr.contains("is not a Buttonsmith output directory"), "\(command) \(result.stderr)")
    }
    #expect(snapshot(of: workspace.url) == before)
  }

  @Test func aLinkPlantedInTheStoreIsReportedAndItsTargetKept() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", BuildCommandTests.spec)
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    try FileManager.default.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("build/assets/.cache/objects/zz").path,
      withDestinationPath: "../../../..")
    try workspace.write("specs/a.yaml", BuildCommandTests.spec.replacingOccurrences(of: "One", with: "Uno"))
    let before = snapshot(of: workspace.url.appendingPathComponent("specs"))
    let result = try CLIRunner.run(["build"], in: workspace.url)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("error: refusing to use the output directory: '")
        && result.stderr.contains("build/assets/.cache/objects/zz' is a symbolic link"), "\(result.stderr)")
    #expect(snapshot(of: workspace.url.appendingPathComponent("specs")) == before)
  }
}

import ButtonsmithTestSupport
import Foundation
import Testing

/// A report that fails part-way (here: a copied image larger than the file size limit) leaves a
/// new or empty directory as it was, so the next report takes it; an earlier report's keeps it.
extension ReviewTests {
  func projectWithALargeImage() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { scales: [1], states: { normal: {} } }
      buttons:
        a: { size: [20, 10], tint: blue }
        z: { size: [600, 300], gradient: { colors: [red, blue, lime, black], angle: 30 }, text: Large }

      """)
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    return workspace
  }

  @Test(arguments: [false, true])
  func aReportThatFailsPartWayLeavesANewDirectoryAsItWas(existing: Bool) throws {
    let workspace = try projectWithALargeImage()
    let site = workspace.url.appendingPathComponent("site")
    if existing { try FileManager.default.createDirectory(at: site, withIntermediateDirectories: false) }
    let failed = try CLIRunner.run(["report", "--copy", "-o", "site"], in: workspace.url, fileSizeKiB: 4)
    #expect(failed.status != 0, "\(failed.stdout)")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: site.path)) ?? []
    #expect(existing ? left.isEmpty : !FileManager.default.fileExists(atPath: site.path), "\(left)")
    let again = try CLIRunner.run(["report", "--copy", "-o", "site"], in: workspace.url)
    #expect(again.status == 0, "\(again.stderr)")
  }

  @Test func aReportThatFailsOverAnEarlierOneLeavesItTaken() throws {
    let workspace = try projectWithALargeImage()
    #expect(try CLIRunner.run(["report", "-o", "site"], in: workspace.url).status == 0)
    let failed = try CLIRunner.run(["report", "--copy", "-o", "site"], in: workspace.url, fileSizeKiB: 4)
    #expect(failed.status != 0)
    #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("site/report.json").path))
    #expect(try CLIRunner.run(["report", "--copy", "-o", "site"], in: workspace.url).status == 0)
  }

  /// A report that fails because its path is not a directory leaves what is there: a file of
  /// yours, a link, or the file a link points to.
  @Test(arguments: [false, true])
  func aReportOverAFileFailsAndKeepsIt(throughALink: Bool) throws {
    let workspace = try projectWithALargeImage()
    try workspace.write("precious.txt", "mine\n")
    let target = throughALink ? "link" : "precious.txt"
    if throughALink {
      try FileManager.default.createSymbolicLink(
        atPath: workspace.url.appendingPathComponent("link").path, withDestinationPath: "precious.txt")
    }
    for arguments in [["report", "-o", target], ["report", "--copy", "-o", target]] {
      let run = try CLIRunner.run(arguments, in: workspace.url)
      #expect(run.status != 0, "\(arguments) \(run.stdout)")
      let kept = try String(contentsOf: workspace.url.appendingPathComponent("precious.txt"), encoding: .utf8)
      #expect(kept == "mine\n", "\(arguments)")
      if throughALink {
        let link = try FileManager.default.destinationOfSymbolicLink(
          atPath: workspace.url.appendingPathComponent("link").path)
        #expect(link == "precious.txt")
      }
    }
  }
}

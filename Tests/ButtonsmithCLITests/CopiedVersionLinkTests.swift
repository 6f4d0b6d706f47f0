import ButtonsmithTestSupport
import Foundation
import Testing

/// A copied version is read as the files it holds: a folder inside it swapped for a link is not
/// followed, by `diff` or by `report --copy`, which would otherwise read, and copy into the
/// report, whatever the link points to.
extension ReviewTests {
  @Test(arguments: ["d", "b", "a"])
  func aFolderOfACopiedVersionThatIsALinkIsNotFollowed(button: String) throws {
    let workspace = try twoVersions()
    let copied = workspace.url.appendingPathComponent("artifact/current")
    try FileManager.default.createDirectory(at: copied.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: workspace.url.appendingPathComponent("build/assets/versions/v1"), to: copied)
    // Someone else's files, under the names the version's manifest gives.
    let outside = workspace.url.appendingPathComponent("outside")
    try FileManager.default.copyItem(at: copied.appendingPathComponent(button), to: outside)
    try FileManager.default.removeItem(at: copied.appendingPathComponent(button))
    try FileManager.default.createSymbolicLink(
      atPath: copied.appendingPathComponent(button).path, withDestinationPath: outside.path)
    func refused(_ stderr: String) -> Bool {
      stderr.hasPrefix("error: cannot read '\(button)/normal")
        && stderr.hasSuffix(" of artifact: it is reached through a link, which is not followed\n")
    }
    let diff = try CLIRunner.run(["diff", "artifact"], in: workspace.url)
    if button == "d" {
      // Removed since: its bytes are not read.
      #expect(diff.status == 1 && diff.stdout.contains("removed: d/normal.png"), "\(diff.stdout) \(diff.stderr)")
    } else {
      #expect(diff.status == 2 && refused(diff.stderr), "\(diff.stdout) \(diff.stderr)")
    }
    let report = try CLIRunner.run(["report", "--compare", "artifact", "--copy", "-o", "site"], in: workspace.url)
    #expect(report.status == 2 && refused(report.stderr), "\(report.stderr)")
    let copiedImages =
      FileManager.default.enumerator(atPath: workspace.url.appendingPathComponent("site").path)?
      .compactMap { $0 as? String }.filter { $0.hasPrefix("images/") && $0.hasSuffix(".png") } ?? []
    #expect(!copiedImages.contains { $0.contains("/\(button)/") }, "\(copiedImages)")
  }
}

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
    // `d` was removed since: its bytes are not compared, and it still must be the version's own
    // file (a page without --copy shows it from where it is).
    let diff = try CLIRunner.run(["diff", "artifact"], in: workspace.url)
    #expect(diff.status == 2 && refused(diff.stderr), "\(diff.stdout) \(diff.stderr)")
    let page = try CLIRunner.run(["report", "--compare", "artifact", "-o", "page"], in: workspace.url)
    #expect(page.status == 2 && refused(page.stderr), "\(page.stderr)")
    let report = try CLIRunner.run(["report", "--compare", "artifact", "--copy", "-o", "site"], in: workspace.url)
    #expect(report.status == 2 && refused(report.stderr), "\(report.stderr)")
    let copiedImages =
      FileManager.default.enumerator(atPath: workspace.url.appendingPathComponent("site").path)?
      .compactMap { $0 as? String }.filter { $0.hasPrefix("images/") && $0.hasSuffix(".png") } ?? []
    #expect(!copiedImages.contains { $0.contains("/\(button)/") }, "\(copiedImages)")
  }

  /// An image only one side holds is not compared, and still must be there, as a file of its
  /// own: one the manifest names that is missing, or is a link to a file, is an error.
  @Test(arguments: [(true, "it does not exist"), (false, "it is reached through a link, which is not followed")])
  func anImageOnlyOneVersionHoldsMustBeItsOwnFile(missing: Bool, reason: String) throws {
    let workspace = try twoVersions()
    let copied = workspace.url.appendingPathComponent("artifact")
    try FileManager.default.copyItem(at: workspace.url.appendingPathComponent("build/assets/versions/v1"), to: copied)
    let manifest = copied.appendingPathComponent("manifest.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try FileManager.default.removeItem(at: manifest)
    try text.replacingOccurrences(of: "\"b/normal.png\"", with: "\"b/gone.png\"").write(
      to: manifest, atomically: true, encoding: .utf8)
    if !missing {
      try "not an image of it\n".write(
        to: workspace.url.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
      try FileManager.default.createSymbolicLink(
        atPath: copied.appendingPathComponent("b/gone.png").path,
        withDestinationPath: workspace.url.appendingPathComponent("secret.txt").path)
    }
    for arguments in [
      ["diff", "artifact"], ["diff", "artifact", "--json"], ["report", "--compare", "artifact", "-o", "page"],
    ] {
      let run = try CLIRunner.run(arguments, in: workspace.url)
      #expect(run.status == 2, "\(arguments) \(run.stdout) \(run.stderr)")
      #expect(run.stderr == "error: cannot read 'b/gone.png' of artifact: \(reason)\n", "\(arguments) \(run.stderr)")
    }
  }
}

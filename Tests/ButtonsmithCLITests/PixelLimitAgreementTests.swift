import ButtonsmithTestSupport
import Foundation
import Testing

/// The 8192-pixel limit is measured as the renderer lays an image out (the button rounded to
/// whole pixels, each margin rounded up): what `lint` passes, `build` draws, and what `build`
/// could not draw, `lint` refuses at the button's `size`.
struct PixelLimitAgreementTests {
  @Test(arguments: [
    // The button's 8182.5 pixels round up to 8183, the shadow's 7.5 on each side to 8 and 8.
    ("size: [5455, 40], scales: [1.5], shadow: true", 8193),
    ("size: [8190.5, 4], scales: [1], shadow: { blur: 0.5, offset: [0, 0] }", 8193),
    ("size: [2730.5, 20], scales: [3], border: { width: 0.2, align: outside }", 8194),
    ("size: [5454, 40], scales: [1.5], shadow: true", 8191),
    ("size: [8190, 4], scales: [1], shadow: { blur: 0.5, offset: [0, 0] }", 8192),
  ])
  func lintAndBuildAgree(look: String, width: Int) throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  big: { \(look), states: {}, gradient: red }\n")
    let lint = try CLIRunner.run(["lint"], in: workspace.url)
    let build = try CLIRunner.run(["build", "--json"], in: workspace.url)
    if width > 8192 {
      #expect(lint.status == 1 && build.status == 1, "\(lint.stderr) \(build.stderr)")
      for run in [lint, build] {
        #expect(
          run.stderr.hasPrefix("specs/a.yaml:3:16: error: at @") && run.stderr.contains("the image is \(width) x ")
            && run.stderr.contains("[image-too-large]"), "\(run.stderr)")
      }
    } else {
      #expect(lint.status == 0 && build.status == 0, "\(lint.stderr) \(build.stderr)")
      let manifest = try JSONSerialization.jsonObject(
        with: Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/manifest.json")))
      let asset = try #require(((manifest as? [String: Any])?["assets"] as? [[String: Any]])?.first)
      #expect(asset["width"] as? Int == width)
    }
  }
}

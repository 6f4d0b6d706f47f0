import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// A palette entry merged key by key across a template and a file draws each appearance's
/// colour, and a half entry no layer completes fails the build with nothing published.
struct PaletteMergeBuildTests {
  func pixel(_ workspace: TestWorkspace, _ path: String) throws -> [UInt8] {
    let image = try RGBAImage(
      png: Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/\(path)")))
    let p = image[image.width / 2, image.height / 2]
    return [p.red, p.green, p.blue, p.alpha]
  }

  @Test func aFilesDarkOverATemplatesPairDrawsBothAppearances() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "templates/brand.yaml",
      "buttonsmith: 1\npalette:\n  Brand: { light: \"#FF0000\", dark: \"#0000FF\" }\nbackground: $Brand\n")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      palette:
        Brand: { dark: "#00FF00" }
      buttons:
        b: { extends: brand, style: fill, size: [20, 10], padding: 0, scales: [1], appearances: [light, dark] }

      """)
    let run = try CLIRunner.run(["build"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try pixel(workspace, "b/normal.png") == [255, 0, 0, 255])
    #expect(try pixel(workspace, "b/normal-dark.png") == [0, 255, 0, 255])

    // The file's entry halves the template's pair instead: `{light, dark, alpha}` once merged.
    try workspace.write(
      "specs/a.yaml",
      try String(contentsOf: workspace.url.appendingPathComponent("specs/a.yaml"), encoding: .utf8)
        .replacingOccurrences(of: "Brand: { dark: \"#00FF00\" }", with: "Brand: { alpha: 0.5 }"))
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    #expect(try pixel(workspace, "b/normal-dark.png") == [0, 0, 255, 128])
  }

  @Test func aHalfEntryNoLayerCompletesFailsTheBuildAtTheTemplatesLine() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "templates/half.yaml", "buttonsmith: 1\npalette:\n  Brand: { dark: \"#0000FF\" }\nbackground: $Brand\n")
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  b: { extends: half, style: fill, size: [20, 10], scales: [1] }\n")
    let run = try CLIRunner.run(["build"], in: workspace.url)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "templates/half.yaml:3:10: error: a light/dark colour needs both 'light' and 'dark' [missing-key]"),
      "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build/assets/current").path))
  }
}

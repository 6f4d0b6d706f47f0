import ButtonRender
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The asset catalog and Android layouts, written over the same jobs as `files`.
struct OutputFormatTests {
  static let spec = """
    buttonsmith: 1
    buttons:
      pay-now:
        size: [100, 40]
        scales: [1, 1.5, 2, 3, 4]
        appearances: [light, dark]
        gradient: { light: "#0A60D0", dark: "#203060" }
        hit-mask: true
        states: { loading: { spinner: { frames: 2 } } }
    """

  func build(_ workspace: TestWorkspace, formats: [OutputFormat]) throws -> (BuildSummary, Manifest) {
    let checked = workspace.checkAll()
    let planned = Planner().plan(checked.buttons, formats: formats)
    let (jobs, planning) = (planned.jobs, planned.diagnostics)
    try #require(!planning.hasErrors, "\(planning.sorted)")
    let (summary, diagnostics) = try Builder().build(
      jobs, options: BuildOptions(output: workspace.output), progress: SilentProgress())
    try #require(!diagnostics.hasErrors)
    return (try #require(summary), try workspace.currentManifest())
  }

  @Test func allThreeFormatsShareTheirRenders() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    let (summary, manifest) = try build(workspace, formats: [.files, .xcassets, .android])
    // normal + loading x 2 frames = 3 images x 5 scales x 2 appearances = 30 drawings, shared by
    // the 78 jobs of the three formats (a catalog has no 1.5x and 4x).
    #expect(summary.rendered == 78 && summary.assets == 78 && summary.reused == 0)
    let drawn = Set(manifest.assets.map(\.sha256))
    #expect(drawn.count == 30)
    #expect(Set(manifest.assets.map(\.format)) == [.files, .xcassets, .android])
    let current = workspace.output.appendingPathComponent("current")
    for path in [
      "pay-now/normal@1.5x.png", "pay-now/loading-f01-dark@4x.png", "pay-now/normal@2x.hitmask.png",
      "Buttons.xcassets/Contents.json", "Buttons.xcassets/pay-now.imageset/Contents.json",
      "Buttons.xcassets/pay-now.imageset/normal-dark@3x.png",
      "Buttons.xcassets/pay-now-loading-f01.imageset/loading-f01@2x.png",
      "Buttons.xcassets/pay-now-hitmask-2x.dataset/normal@2x.hitmask.png",
      "Buttons.xcassets/pay-now-hitmask-2x.dataset/Contents.json",
      "res/drawable-mdpi/pay_now_normal.png", "res/drawable-hdpi/pay_now_normal.png",
      "res/drawable-night-xxxhdpi/pay_now_loading_f01.png", "res/drawable/pay_now.xml",
      "res/drawable/pay_now_loading.xml", "res/raw-xhdpi/pay_now_normal_hitmask.png",
    ] {
      #expect(FileManager.default.fileExists(atPath: current.appendingPathComponent(path).path), "\(path)")
    }
    #expect(
      !FileManager.default.fileExists(
        atPath: current.appendingPathComponent("Buttons.xcassets/pay-now.imageset/normal@1.5x.png").path))
  }

  @Test func imageSetContentsNameEveryScaleAndAppearance() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    _ = try build(workspace, formats: [.xcassets])
    let url = workspace.output.appendingPathComponent("current/Buttons.xcassets/pay-now.imageset/Contents.json")
    let contents = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let images = try #require(contents["images"] as? [[String: Any]])
    #expect(images.count == 6)  // 1x, 2x, 3x in light and dark
    #expect(Set(images.compactMap { $0["scale"] as? String }) == ["1x", "2x", "3x"])
    let dark = images.filter { ($0["appearances"] as? [[String: String]])?.first?["value"] == "dark" }
    #expect(dark.count == 3 && dark.allSatisfy { ($0["filename"] as? String)?.contains("-dark") == true })
    #expect(images.allSatisfy { $0["idiom"] as? String == "universal" })
    #expect((contents["info"] as? [String: Any])?["version"] as? Int == 1)
  }

  @Test func androidNamesThatCollideAreAnError() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        a-b: { size: [48, 48], tint: red, states: { normal: {} } }
        a_b: { size: [48, 48], tint: red, states: { normal: {} } }
      """)
    let checked = workspace.checkAll()
    #expect(Planner().plan(checked.buttons, formats: [.files]).diagnostics.all.isEmpty)
    let android = Planner().plan(checked.buttons, formats: [.android]).diagnostics.all
    #expect(android.map(\.rule) == [.duplicateOutput])
    #expect(android.first?.message == "buttons 'a-b' and 'a_b' would both be the Android drawable 'a_b_normal'")
    #expect(android.first?.location.line == 4 && android.first?.notes.first?.location?.line == 3)
  }

  @Test func formatListsParse() throws {
    #expect(try OutputFormat.parse("files").get() == [.files])
    #expect(try OutputFormat.parse("android, files,xcassets,files").get() == [.files, .xcassets, .android])
    #expect((try? OutputFormat.parse("svg").get()) == nil)
  }
}

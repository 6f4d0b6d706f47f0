import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// What the review page and `diff` compare: images in a layout both versions have, pixels that
/// show, each version's images apart, and the page opening where the changes are.
struct ReviewComparisonTests {
  let head = "buttonsmith: 1\ndefaults: { size: [80, 30], scales: [1, 2], states: { normal: {} } }\n"

  func build(_ workspace: TestWorkspace, _ arguments: [String] = []) throws {
    let run = try CLIRunner.run(["build", "--quiet"] + arguments, in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
  }

  func reportData(_ workspace: TestWorkspace, _ arguments: [String] = [], comparedWith old: String = "previous")
    throws -> [String: Any]
  {
    let run = try CLIRunner.run(["report", "--compare", old] + arguments, in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let json = try Data(contentsOf: workspace.url.appendingPathComponent("build/report/report.json"))
    return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
  }

  /// Copied images are in two trees, so no path of one version lands on a file of the other.
  @Test func copiedImagesOfEachVersionAreKeptApart() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", head + "buttons:\n  a: { tint: blue }\n  b: { tint: red }\n")
    try build(workspace)
    try workspace.write("specs/a.yaml", head + "buttons:\n  a: { tint: blue }\n  old: { tint: red }\n")
    try build(workspace)
    let images = try #require(try reportData(workspace, ["--copy"])["images"] as? [[String: Any]])
    for image in images {
      if let src = image["src"] as? String { #expect(src.hasPrefix("images/new/"), "\(src)") }
      if let src = image["old_src"] as? String { #expect(src.hasPrefix("images/old/"), "\(src)") }
    }
  }

  /// Versions built in other formats are compared in a layout both have, and so are the images
  /// one of them lacks (a button added, a button removed).
  @Test func versionsInOtherFormatsAreComparedInALayoutBothHave() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", head + "buttons:\n  a: { tint: blue }\n  gone: { tint: red }\n")
    try build(workspace, ["--format", "xcassets,android"])
    try workspace.write("specs/a.yaml", head + "buttons:\n  a: { tint: blue }\n  new: { tint: red }\n")
    try build(workspace, ["--format", "files,xcassets"])
    let data = try reportData(workspace)
    #expect(data["unchanged"] as? Int == 2 && data["added"] as? Int == 2 && data["removed"] as? Int == 2, "\(data)")
    let images = try #require(data["images"] as? [[String: Any]])
    #expect(images.count == 6 && images.allSatisfy { $0["format"] as? String == "xcassets" }, "\(images)")
  }

  /// The page gives each image's size and bytes as its file has them, as `diff` judges files:
  /// not the manifest's word for them, in either version.
  @Test func sizesAreTheFilesOwn() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", head + "buttons:\n  a: { tint: blue }\n  gone: { tint: red }\n")
    try build(workspace)
    let copy = workspace.url.appendingPathComponent("copy")
    try FileManager.default.copyItem(at: workspace.url.appendingPathComponent("build/assets"), to: copy)
    // The copy's files are its own (not links to the store's objects): one replaced by a
    // 30 x 21 image its manifest says nothing of.
    let replaced = try RGBAImage(width: 30, height: 21, pixels: [UInt8](repeating: 255, count: 30 * 21 * 4)).pngData()
    let file = copy.appendingPathComponent("current/gone/normal.png")
    try FileManager.default.removeItem(at: file)
    try replaced.write(to: file)
    try workspace.write("specs/a.yaml", head + "buttons:\n  a: { tint: blue }\n")
    try build(workspace)
    let images = try #require(try reportData(workspace, comparedWith: "copy")["images"] as? [[String: Any]])
    let gone = try #require(images.first { $0["path"] as? String == "gone/normal.png" })
    #expect(gone["width"] as? Int == 30 && gone["height"] as? Int == 21 && gone["bytes"] as? Int == replaced.count)
  }

  /// A pixel transparent in both images is the same whatever colour it holds, as optimizers
  /// that clear it leave it; one that shows is not.
  @Test func coloursUnderFullTransparencyAreNoChange() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", head + "buttons:\n  a: { tint: blue, corner-radius: 12 }\n")
    try build(workspace)
    let copy = workspace.url.appendingPathComponent("copy")
    try FileManager.default.copyItem(at: workspace.url.appendingPathComponent("build/assets"), to: copy)
    let file = copy.appendingPathComponent("current/a/normal.png")
    var image = try RGBAImage(png: Data(contentsOf: file))
    let clear = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0 + 3] == 0 }
    try #require(!clear.isEmpty)
    for offset in clear { image.pixels.replaceSubrange(offset..<offset + 3, with: [255, 0, 255]) }
    try? FileManager.default.removeItem(at: file)
    try image.pngData().write(to: file)
    #expect(try CLIRunner.run(["diff", "build/assets", "copy"], in: workspace.url).status == 0)
    image.pixels[clear[0] + 3] = 1
    try FileManager.default.removeItem(at: file)
    try image.pngData().write(to: file)
    #expect(try CLIRunner.run(["diff", "build/assets", "copy"], in: workspace.url).status == 1)
  }

  /// A workspace built twice with a light/dark button: the light colour and the width given.
  func lightAndDark(_ first: (light: String, width: Int), _ second: (light: String, width: Int)) throws
    -> TestWorkspace
  {
    let workspace = try TestWorkspace()
    for (light, width) in [first, second] {
      try workspace.write(
        "specs/a.yaml",
        head + "palette: { brand: { light: \"\(light)\", dark: blue } }\n"
          + "buttons:\n  a: { tint: $brand, size: [\(width), 30], appearances: [light, dark] }\n")
      try build(workspace)
    }
    return workspace
  }

  func page(_ workspace: TestWorkspace) throws -> String {
    try ReviewTests.browser([
      "--virtual-time-budget=3000", "--dump-dom",
      workspace.url.appendingPathComponent("build/report/index.html").absoluteString,
    ])
  }

  /// The page opens on the appearance of a change (light here), not on the first in sort
  /// order (dark), where nothing changed.
  @Test func thePageOpensWhereTheChangesAre() throws {
    let workspace = try lightAndDark(("red", 80), ("green", 80))
    _ = try reportData(workspace)
    let dom = try page(workspace)
    #expect(dom.contains("changed · ") && dom.contains(#"alt="a/normal@2x.png""#), "\(dom.prefix(3000))")
  }

  /// A resized image's old version is shown at its own size, and the caption gives both.
  @Test func aResizedImageIsShownAtBothSizes() throws {
    let workspace = try lightAndDark(("red", 80), ("red", 100))
    let images = try #require(try reportData(workspace)["images"] as? [[String: Any]])
    let light = try #require(images.first { $0["appearance"] as? String == "light" && $0["scale"] as? Double == 2 })
    #expect(light["old_width"] as? Int == 160 && light["width"] as? Int == 200)
    let dom = try page(workspace)
    #expect(dom.contains(#"width="80" alt="a/normal"#) && dom.contains(#"width="100" alt="a/normal"#))
    #expect(dom.contains("160×60 → 200×60 px"), "\(dom.prefix(3000))")
  }
}

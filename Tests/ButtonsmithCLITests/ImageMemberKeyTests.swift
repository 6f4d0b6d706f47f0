import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// The same PNG bytes drawn at different sizes in points (as a source set's `@2x`, as its `@3x`,
/// as a plain PNG) are different images, each with its own key.
struct ImageMemberKeyTests {
  /// A PNG `side` pixels square, opaque red.
  func red(_ side: Int) throws -> [UInt8] {
    Array(
      try RGBAImage(width: side, height: side, pixels: Array((0..<(side * side)).flatMap { _ in [255, 0, 0, 255] }))
        .pngData())
  }

  /// How wide, in pixels, what covers the middle row of `path` in the published version is: its
  /// alpha summed (a scaled image's edges are partly covered), rounded.
  func drawnWidth(_ workspace: TestWorkspace, _ path: String) throws -> Int {
    let image = try RGBAImage(
      png: Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/\(path)")))
    let y = image.height / 2
    let alpha = (0..<image.width).reduce(0) { $0 + Int(image.pixels[(y * image.width + $1) * 4 + 3]) }
    return Int((Double(alpha) / 255).rounded())
  }

  @Test func theSameBytesAsAnotherMemberOrAPlainPNGAreDrawnAtTheirOwnSize() throws {
    let workspace = try TestWorkspace()
    let look =
      ##"style: fill, size: [80, 40], background: "#00000000", padding: 0, scales: [2], states: { normal: {} }"##
    // One 60-pixel file, four ways: a set's @2x (30 pt), a set's @3x (20 pt, drawn at 2x as the
    // closest member above it), a plain PNG (60 pt, shrunk to the button's 40), and the @2x file
    // named by itself, a plain PNG of its own too.
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        two: { \(look), image: { file: two.png } }
        three: { \(look), image: { file: three.png } }
        plain: { \(look), image: { file: plain.png } }
        named: { \(look), image: { file: two@2x.png } }

      """)
    try workspace.write("specs/two.png", bytes: try red(30))
    try workspace.write("specs/two@2x.png", bytes: try red(60))
    try workspace.write("specs/three.png", bytes: try red(20))
    try workspace.write("specs/three@3x.png", bytes: try red(60))
    try workspace.write("specs/plain.png", bytes: try red(60))
    let run = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try drawnWidth(workspace, "two/normal@2x.png") == 60)
    #expect(try drawnWidth(workspace, "three/normal@2x.png") == 40)
    #expect(try drawnWidth(workspace, "plain/normal@2x.png") == 80)
    #expect(try drawnWidth(workspace, "named/normal@2x.png") == 80)
    // Three keys: the plain PNG and the @2x named by itself are one image.
    let manifest = try JSONSerialization.jsonObject(
      with: Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/manifest.json")))
    let assets = try #require((manifest as? [String: Any])?["assets"] as? [[String: Any]])
    let keys = Dictionary(
      uniqueKeysWithValues: assets.map { ($0["button"] as? String ?? "", $0["key"] as? String ?? "") })
    #expect(Set(keys.values).count == 3 && keys["plain"] == keys["named"], "\(keys)")

    // Nor does the cache mistake one for another once the others are gone.
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        named: { \(look), image: { file: two@2x.png } }
        two: { \(look), image: { file: two.png } }

      """)
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    #expect(try drawnWidth(workspace, "named/normal@2x.png") == 80)
    #expect(try drawnWidth(workspace, "two/normal@2x.png") == 60)
  }
}

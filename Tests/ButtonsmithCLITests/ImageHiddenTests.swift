import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// An image under a point on a side is not drawn, and `image-hidden` says so with its cause:
/// the size the spec gives it, or the padding and border that leave it no room.
struct ImageHiddenTests {
  func build(_ image: String, padding: String = "10") throws -> (
    stderr: String, centre: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
  ) {
    let workspace = try TestWorkspace()
    let green: [UInt8] = (0..<8 * 8).flatMap { _ in [0, 255, 0, 255] as [UInt8] }
    try workspace.write("specs/g.png", bytes: Array(try RGBAImage(width: 8, height: 8, pixels: green).pngData()))
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  b: { size: [100, 40], scales: [3], background: \"#FF0000\", padding: \(padding), "
        + "image: \(image), states: { normal: {} } }\n")
    let run = try CLIRunner.run(["build", "--no-config"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let png = try RGBAImage(
      png: Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/b/normal@3x.png")))
    return (run.stderr, png[150, 60])
  }

  @Test func anImageSizedUnderAPointIsNotDrawn() throws {
    let (stderr, centre) = try build("{ file: g.png, size: [0.9, 0.9] }")
    #expect(
      stderr.hasPrefix(
        "specs/a.yaml:3:89: warning: image 'g.png' is 0.9 x 0.9 pt, under a point on a side, so it is not drawn "
          + "[image-hidden]"), "\(stderr)")
    #expect(centre.red == 255 && centre.green == 0, "\(centre)")
  }

  @Test func anImageThePaddingLeavesUnderAPointIsNotDrawn() throws {
    let (stderr, centre) = try build("{ file: g.png }", padding: "[19.6, 10, 19.6, 10]")
    #expect(
      stderr.contains("warning: the padding and border leave no room for image 'g.png', so it is not drawn"),
      "\(stderr)")
    #expect(centre.red == 255 && centre.green == 0, "\(centre)")
  }

  @Test func anImageOfAPointIsDrawnUnwarned() throws {
    let (stderr, centre) = try build("{ file: g.png, size: [1, 1] }")
    #expect(!stderr.contains("image-hidden"), "\(stderr)")
    #expect(centre.green == 255, "\(centre)")
  }
}

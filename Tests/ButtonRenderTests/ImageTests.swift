import ButtonRender
import ButtonSpec
import Testing

/// Images beside and instead of the label.
struct ImageTests {
  /// A 20 x 20 opaque red square with a transparent 4 px frame.
  static let icon: [UInt8] = {
    var pixels = [UInt8](repeating: 0, count: 20 * 20 * 4)
    for y in 4..<16 {
      for x in 4..<16 { pixels.replaceSubrange((y * 20 + x) * 4..<(y * 20 + x) * 4 + 4, with: [255, 0, 0, 255]) }
    }
    return Array(try! RGBAImage(width: 20, height: 20, pixels: pixels).pngData())
  }()

  private func spec(_ properties: String) -> String {
    """
    buttonsmith: 1
    buttons:
      b:
        size: [120, 40]
        scales: [1]
        padding: 0
        gradient: black
        \(properties)
    """
  }

  @Test func imageAloneIsCentredAtItsOwnSize() throws {
    let image = try drawn(spec("image: { file: icon.png }"), "b/normal.png", files: ["specs/icon.png": Self.icon])
    #expect(image[60, 20] == (255, 0, 0, 255))
    #expect(image[60 - 10 + 5, 20] == (255, 0, 0, 255))  // the square spans 54...65
    #expect(image[60 - 10 + 2, 20] == (0, 0, 0, 255))  // the icon's transparent frame
  }

  @Test func templateImageTakesTheContentColour() throws {
    let image = try drawn(
      spec("image: { file: icon.png, template: true }\n    content-color: lime"), "b/normal.png",
      files: ["specs/icon.png": Self.icon])
    #expect(image[60, 20] == (0, 255, 0, 255))
  }

  @Test func templateImageInMaskStyleShowsTheGradient() throws {
    let image = try drawn(
      spec("image: { file: icon.png, template: true }\n    style: mask").replacingOccurrences(
        of: "gradient: black", with: "gradient: blue"),
      "b/normal.png",
      files: ["specs/icon.png": Self.icon])
    #expect(image[60, 20] == (0, 0, 255, 255))
    #expect(image[5, 5].alpha == 0)
  }

  @Test func leadingImageSitsLeftOfTheTextAndTrailingRight() throws {
    let leading = try drawn(
      spec("image: { file: icon.png, spacing: 4 }\n    text: \"Go\""), "b/normal.png",
      files: ["specs/icon.png": Self.icon])
    let trailing = try drawn(
      spec("image: { file: icon.png, spacing: 4, position: trailing }\n    text: \"Go\""), "b/normal.png",
      files: ["specs/icon.png": Self.icon])
    func redColumns(_ image: RGBAImage) -> [Int] { (0..<image.width).filter { image[$0, 20] == (255, 0, 0, 255) } }
    let left = try #require(redColumns(leading).first)
    let right = try #require(redColumns(trailing).first)
    #expect(left < 60 && right > 60, "leading at \(left), trailing at \(right)")
  }

  @Test func imagesShrinkToFitButNeverGrow() throws {
    let small = try drawn(spec("image: { file: icon.png }"), "b/normal.png", files: ["specs/icon.png": Self.icon])
    #expect(small[60 + 7, 20] == (0, 0, 0, 255))  // still 20 px, not stretched to 40
    let sized = try drawn(
      spec("image: { file: icon.png, size: [40, 40] }"), "b/normal.png", files: ["specs/icon.png": Self.icon])
    #expect(sized[60 + 10, 20] == (255, 0, 0, 255))  // grows because size says so
    let squeezed = try drawn(
      spec("image: { file: icon.png }").replacingOccurrences(of: "[120, 40]", with: "[120, 10]"), "b/normal.png",
      files: ["specs/icon.png": Self.icon])
    #expect(squeezed[60 + 4, 5] == (0, 0, 0, 255))  // shrunk to 10 px: the square spans 57...62
    #expect(squeezed[60, 5] == (255, 0, 0, 255))
  }
}

struct TightSpaceTests {
  @Test func anImageWithNoRoomLeftIsSkippedNotAnError() throws {
    let image = try drawn(
      "buttonsmith: 1\nbuttons:\n  b: { size: [50, 20], scales: [1], gradient: red, image: { file: icon.png } }\n",
      "b/normal.png", files: ["specs/icon.png": ImageTests.icon])
    #expect(image[25, 10] == (255, 0, 0, 255))
  }

  @Test func textWithNoRoomLeftStillRenders() throws {
    let image = try drawn(
      "buttonsmith: 1\nbuttons:\n  b: { size: [18, 18], scales: [1], gradient: red, text: Hello, padding: 10 }\n",
      "b/normal.png")
    #expect(image.width == 18)
  }
}

import ButtonRender
import Testing

/// A button side under half a pixel is one pixel all the same, and is drawn at its size in it:
/// not stretched to the pixel, which drew its label, its shadow and its images a hundred times
/// their size along that side (a 0.01-point-tall label's font was past what FreeType takes; a
/// shadow offset past cairo's largest surface), so that lint passed and the build failed.
struct SubPixelSizeTests {
  static func spec(size: String, _ extra: String, scale: Int = 1) -> String {
    """
    buttonsmith: 1
    buttons:
      b: { size: \(size), background: red, scales: [\(scale)], states: { normal: {} }, \(extra) }
    """
  }

  @Test(arguments: [("[100, 0.01]", "text: Go"), ("[0.01, 44]", "text: Go, font: { size: 1000 }")])
  func aLabelOnASidelessButtonIsDrawn(size: String, label: String) throws {
    let image = try drawn(Self.spec(size: size, label), "b/normal.png")
    let thin = size.hasPrefix("[0.01") ? (image.width, image.height) : (image.height, image.width)
    #expect(thin == (1, size.hasPrefix("[0.01") ? 44 : 100))
    // The red covers a hundredth of its one pixel across.
    #expect(image[0, 0].red == 255 && image[0, 0].alpha == 3, "\(image[0, 0])")
  }

  /// Half a pixel or more is stretched to its whole pixels, as before.
  @Test func halfAPixelFillsItsPixel() throws {
    let image = try drawn(Self.spec(size: "[100, 0.5]", "text: Go"), "b/normal.png")
    #expect((image.width, image.height) == (100, 1))
    #expect(image[50, 0].red == 255 && image[50, 0].alpha == 255)
  }

  @Test func aLongShadowOfATinyButtonIsDrawnWhereItsMarginIs() throws {
    let image = try drawn(
      Self.spec(size: "[0.45, 0.45]", "shadow: { offset: [1000, 0], blur: 0, color: black, opacity: 1 }"),
      "b/normal.png")
    #expect((image.width, image.height) == (1001, 1))
    // The button covers about a fifth of its pixel, and its shadow as much of the pixel 1,000
    // points to the right.
    #expect(close(image.alpha(0, 0), 0.45 * 0.45 * 255, 4), "\(image[0, 0])")
    #expect(close(image.alpha(1000, 0), 0.45 * 0.45 * 255, 4), "\(image[1000, 0])")
    #expect(image.alpha(500, 0) == 0)
    // Past cairo's largest surface had the offset been stretched with the button (33,333 pixels).
    let tiny = try drawn(
      Self.spec(size: "[0.03, 0.03]", "shadow: { offset: [1000, 0], blur: 0, color: black, opacity: 1 }", scale: 3),
      "b/normal@3x.png")
    #expect((tiny.width, tiny.height) == (3001, 1))
  }
}

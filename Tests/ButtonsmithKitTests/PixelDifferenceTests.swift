import ButtonRender
import ButtonsmithKit
import Testing

/// Comparisons on decoded pixels.
struct PixelDifferenceTests {
  func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8] = { _, _ in [10, 20, 30, 255] }) -> RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<height { for x in 0..<width { pixels += pixel(x, y) } }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  @Test func identicalImagesDifferNowhere() {
    let difference = PixelDifference(image(4, 3), image(4, 3))
    #expect(difference.count == 0 && difference.largest == 0)
  }

  @Test func onePixelChanged() {
    let changed = image(4, 3) { x, y in x == 2 && y == 1 ? [10, 20, 37, 255] : [10, 20, 30, 255] }
    let difference = PixelDifference(image(4, 3), changed)
    #expect(difference.count == 1 && difference.largest == 7)
    #expect(difference.image[2, 1] == (255, 0, 0, 255))
    #expect(difference.image[0, 0].alpha < 255)
  }

  @Test func aResizedImageDiffersWhereOnlyOneHasPixels() {
    let difference = PixelDifference(image(4, 3), image(5, 3))
    #expect(difference.count == 3 && difference.largest == 255)
    #expect(difference.image.width == 5)
  }
}

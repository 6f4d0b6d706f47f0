import ButtonCore

/// Android's nine-patch frame: the image inside a one-pixel border whose black pixels mark
/// the stretch regions (top and left edges) and the content box (bottom and right edges); every
/// other border pixel is transparent.
enum NinePatch {
  /// `image` framed for `stretch` at `scale`, where the button's rectangle is `button` (the
  /// image is larger when a shadow or an outside border needs room). Regions and the content box
  /// are measured from the image's edges; regions are rounded outward to whole pixels, within
  /// the button. An axis without a region is marked at the button's middle pixel: Android needs
  /// a mark on each edge, and one pixel keeps the stretch where it shows least.
  static func framed(_ image: RGBAImage, stretch: Stretch, button: PixelRect, scale: Double) -> RGBAImage {
    let (width, height) = (image.width + 2, image.height + 2)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for row in 0..<image.height {
      let source = row * image.width * 4
      let target = ((row + 1) * width + 1) * 4
      pixels.replaceSubrange(target..<target + image.width * 4, with: image.pixels[source..<source + image.width * 4])
    }
    func mark(x: Int, y: Int) {
      let offset = (y * width + x) * 4
      pixels[offset + 3] = 255
    }
    let regions = stretch.pixelRegions(
      scale: scale, width: image.width, height: image.height, buttonX: button.columns, buttonY: button.rows)
    for range in regions.x.isEmpty ? [middle(of: button.columns)] : regions.x {
      for x in range { mark(x: x + 1, y: 0) }
    }
    for range in regions.y.isEmpty ? [middle(of: button.rows)] : regions.y { for y in range { mark(x: 0, y: y + 1) } }
    let insets = stretch.content
    let left = Int((insets.left * scale).rounded(.down))
    let right = image.width - Int((insets.right * scale).rounded(.down))
    let top = Int((insets.top * scale).rounded(.down))
    let bottom = image.height - Int((insets.bottom * scale).rounded(.down))
    for x in clamp(left..<max(left, right), to: image.width) { mark(x: x + 1, y: height - 1) }
    for y in clamp(top..<max(top, bottom), to: image.height) { mark(x: width - 1, y: y + 1) }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The button's middle pixel on an axis, which an axis without a region marks.
  private static func middle(of button: Range<Int>) -> Range<Int> {
    let middle = button.lowerBound + button.count / 2
    return middle..<middle + 1
  }

  private static func clamp(_ range: Range<Int>, to length: Int) -> Range<Int> {
    let lower = min(max(range.lowerBound, 0), length)
    return lower..<min(max(range.upperBound, lower), length)
  }
}

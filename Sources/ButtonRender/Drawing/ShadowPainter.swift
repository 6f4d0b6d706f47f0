import CCairo

/// Puts a blurred, tinted copy of a button's coverage under it.
enum ShadowPainter {
  /// A new canvas with the shadow of `button`'s alpha, offset and blurred, under `button`.
  ///
  /// The canvas reaches `blur` past the offset shadow on every side, so on the side the shadow
  /// is offset away from, its blur reaches past the button's own pixels by the offset: the
  /// coverage is blurred on a buffer that much larger there, or that part of the blur would be
  /// cut off at the button's edge of the canvas.
  static func composite(_ button: Canvas, shadow: ResolvedShadow, geometry: ButtonGeometry) throws -> Canvas {
    let (offsetX, offsetY) = (shadow.offsetX * geometry.scaleX, shadow.offsetY * geometry.scaleY)
    // Room before the button's pixels (left, top) or after them (right, bottom), in pixels.
    let before = (x: max(0, Int(offsetX.rounded(.up))), y: max(0, Int(offsetY.rounded(.up))))
    let after = (x: max(0, Int((-offsetX).rounded(.up))), y: max(0, Int((-offsetY).rounded(.up))))
    let (width, height) = (button.width + before.x + after.x, button.height + before.y + after.y)
    var alpha = [UInt8](repeating: 0, count: width * height)
    let stride = button.stride
    button.withPixels { data in
      for y in 0..<button.height {
        let row = UnsafeRawPointer(data + y * stride)
        let start = (y + before.y) * width + before.x
        for x in 0..<button.width {
          alpha[start + x] = UInt8(row.load(fromByteOffset: x * 4, as: UInt32.self) >> 24)
        }
      }
    }
    let sigma = shadow.blur * geometry.scaleX / 2
    ShadowBlur.blur(&alpha, width: width, height: height, radius: ShadowBlur.boxRadius(sigma: sigma))
    let coverage = try Canvas(width: width, height: height, format: CAIRO_FORMAT_A8)
    let coverageStride = coverage.stride
    coverage.withPixels { data in
      alpha.withUnsafeBufferPointer { source in
        for y in 0..<height {
          (data + y * coverageStride).update(from: source.baseAddress! + y * width, count: width)
        }
      }
    }
    let result = try Canvas(width: button.width, height: button.height)
    Shapes.setColor(result.context, shadow.color)
    cairo_mask_surface(result.context, coverage.surface, offsetX - Double(before.x), offsetY - Double(before.y))
    cairo_set_source_surface(result.context, button.surface, 0, 0)
    cairo_paint(result.context)
    try result.check()
    return result
  }
}

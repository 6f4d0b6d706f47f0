import CCairo

/// Puts a blurred, tinted copy of a button's coverage under it.
enum ShadowPainter {
  /// A new canvas with the shadow of `button`'s alpha, offset and blurred, under `button`.
  static func composite(_ button: Canvas, shadow: ResolvedShadow, geometry: ButtonGeometry) throws -> Canvas {
    let (width, height) = (button.width, button.height)
    var alpha = [UInt8](repeating: 0, count: width * height)
    let stride = button.stride
    button.withPixels { data in
      for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride)
        for x in 0..<width {
          alpha[y * width + x] = UInt8(row.load(fromByteOffset: x * 4, as: UInt32.self) >> 24)
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
    let result = try Canvas(width: width, height: height)
    Shapes.setColor(result.context, shadow.color)
    cairo_mask_surface(
      result.context, coverage.surface, shadow.offsetX * geometry.scaleX, shadow.offsetY * geometry.scaleY)
    cairo_set_source_surface(result.context, button.surface, 0, 0)
    cairo_paint(result.context)
    try result.check()
    return result
  }
}

import ButtonCore
import CCairo
import Foundation

/// Multiplies the finished image by a mask stretched over the button's rectangle, its edges
/// reaching on past it.
struct MaskPainter {
  let images: ImageStore

  func apply(_ mask: ResolvedMask, to canvas: Canvas, geometry: ButtonGeometry, job: RenderJob) throws {
    let coverage: Canvas
    let invert: Bool
    switch mask {
    case .window(let insets, let alpha, let shouldInvert):
      coverage = try windowCoverage(insets: insets, alpha: alpha, geometry: geometry)
      invert = shouldInvert
    case .file(let path, let luminance, let shouldInvert):
      // A document is drawn at the button's pixel size; a PNG is stretched over it.
      let image = try images.image(at: path).pixels(width: geometry.contentWidth, height: geometry.contentHeight)
      coverage = try fileCoverage(image, luminance: luminance)
      invert = shouldInvert
    }
    if invert {
      let stride = coverage.stride
      coverage.withPixels { data in
        for y in 0..<coverage.height {
          for x in 0..<coverage.width { data[y * stride + x] = 255 - data[y * stride + x] }
        }
      }
    }
    // Over the whole image: what lies past the button's rectangle (an outside border, a shadow)
    // takes the coverage of the mask's nearest edge, as the mask multiplies the finished image.
    let context = canvas.context
    cairo_save(context)
    cairo_identity_matrix(context)
    cairo_translate(context, Double(geometry.contentX), Double(geometry.contentY))
    cairo_scale(
      context, Double(geometry.contentWidth) / Double(coverage.width),
      Double(geometry.contentHeight) / Double(coverage.height))
    let pattern = cairo_pattern_create_for_surface(coverage.surface)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
    cairo_set_operator(context, CAIRO_OPERATOR_DEST_IN)
    cairo_set_source_rgba(context, 0, 0, 0, 1)
    cairo_mask(context, pattern)
    cairo_pattern_destroy(pattern)
    cairo_restore(context)
    try canvas.check()
  }

  /// Opaque but for the inset rectangle, at the button's pixel size.
  private func windowCoverage(insets: Insets, alpha: Double, geometry: ButtonGeometry) throws -> Canvas {
    let canvas = try Canvas(width: geometry.contentWidth, height: geometry.contentHeight, format: CAIRO_FORMAT_A8)
    let context = canvas.context
    cairo_set_source_rgba(context, 0, 0, 0, 1)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_rgba(context, 0, 0, 0, alpha)
    let width = Double(geometry.contentWidth) - (insets.left + insets.right) * geometry.scaleX
    let height = Double(geometry.contentHeight) - (insets.top + insets.bottom) * geometry.scaleY
    // Insets that meet or cross leave no window (Cairo would draw a rectangle of negative size
    // mirrored about its corner).
    if width > 0, height > 0 {
      cairo_rectangle(context, insets.left * geometry.scaleX, insets.top * geometry.scaleY, width, height)
      cairo_fill(context)
    }
    try canvas.check()
    return canvas
  }

  /// The PNG's alpha, or its luminance times its alpha, as coverage.
  private func fileCoverage(_ image: RGBAImage, luminance: Bool) throws -> Canvas {
    let canvas = try Canvas(width: image.width, height: image.height, format: CAIRO_FORMAT_A8)
    let stride = canvas.stride
    canvas.withPixels { data in
      for y in 0..<image.height {
        for x in 0..<image.width {
          let pixel = image[x, y]
          var value = Double(pixel.alpha)
          if luminance {
            let light = 0.2126 * Double(pixel.red) + 0.7152 * Double(pixel.green) + 0.0722 * Double(pixel.blue)
            value = light * Double(pixel.alpha) / 255
          }
          data[y * stride + x] = UInt8(value.rounded())
        }
      }
    }
    return canvas
  }
}

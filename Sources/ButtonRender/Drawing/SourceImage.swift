import ButtonCore
import CCairo

/// An image or mask file as drawing uses it: a PNG's pixels, or an SVG or PDF document drawn as
/// vectors at the job's scale.
enum SourceImage: Sendable {
  /// A PNG's pixels, of the set member drawn for `scale` pixels per point.
  case raster(RGBAImage, scale: Double)
  case vector(VectorDocument)

  /// The size in points when the spec gives none: a PNG's pixels, a document's own size.
  var naturalSize: Size {
    switch self {
    case .raster(let image, let scale): Size(width: Double(image.width) / scale, height: Double(image.height) / scale)
    case .vector(let document): document.size
    }
  }

  /// Draws the image filling (0, 0) to (`width`, `height`) of `context`'s user space; a
  /// `template` image paints `color` through its alpha.
  func draw(in context: OpaquePointer, width: Double, height: Double, template: Bool, color: RGBA) throws {
    switch self {
    case .raster(let image, _):
      guard image.width > 0, image.height > 0 else { return }
      let surface = try SurfaceConversion.surface(from: image, alphaOnly: template)
      cairo_save(context)
      cairo_scale(context, width / Double(image.width), height / Double(image.height))
      let pattern = cairo_pattern_create_for_surface(surface.surface)
      cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
      if template {
        Shapes.setColor(context, color)
        cairo_mask(context, pattern)
      } else {
        cairo_set_source(context, pattern)
        cairo_paint(context)
      }
      cairo_pattern_destroy(pattern)
      cairo_restore(context)
    case .vector(let document):
      guard template else { return try document.draw(in: context, width: width, height: height) }
      cairo_push_group(context)
      do {
        try document.draw(in: context, width: width, height: height)
      } catch {
        cairo_pattern_destroy(cairo_pop_group(context))
        throw error
      }
      let drawn = cairo_pop_group(context)
      Shapes.setColor(context, color)
      cairo_mask(context, drawn)
      cairo_pattern_destroy(drawn)
    }
  }

  /// The image as pixels `width` x `height` (a PNG as it is; a document drawn at that size).
  func pixels(width: Int, height: Int) throws -> RGBAImage {
    switch self {
    case .raster(let image, _):
      return image
    case .vector(let document):
      let canvas = try Canvas(width: max(1, width), height: max(1, height))
      try document.draw(in: canvas.context, width: Double(max(1, width)), height: Double(max(1, height)))
      try canvas.check()
      return SurfaceConversion.image(from: canvas)
    }
  }
}

import CCairo

/// A premultiplied ARGB32 Cairo image surface and its context, released on deinit.
final class Canvas {
  let surface: OpaquePointer
  let context: OpaquePointer
  let width: Int
  let height: Int

  init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws {
    guard let surface = cairo_image_surface_create(format, Int32(width), Int32(height)) else {
      throw RenderError.cairo("cannot create a surface")
    }
    try RenderError.check(cairo_surface_status(surface))
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw RenderError.cairo("cannot create a context")
    }
    self.surface = surface
    self.context = context
    self.width = width
    self.height = height
    try RenderError.check(cairo_status(context))
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Bytes per row of the surface.
  var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

  /// Calls `body` with the surface's pixels after flushing pending drawing, and marks the
  /// surface dirty afterwards.
  func withPixels<Result>(_ body: (UnsafeMutablePointer<UInt8>) throws -> Result) rethrows -> Result {
    cairo_surface_flush(surface)
    defer { cairo_surface_mark_dirty(surface) }
    return try body(cairo_image_surface_get_data(surface))
  }

  /// Throws if the context has failed.
  func check() throws {
    try RenderError.check(cairo_status(context))
  }
}

import ButtonRender
import CCairo
import Foundation

/// Cairo's own PNG writer, for comparing sizes and speed with Buttonsmith's: the drawing (before
/// opacity) premultiplied back into a Cairo surface and written with
/// `cairo_surface_write_to_png_stream`.
enum CairoWriter {
  static func png(of job: RenderJob, renderer: Renderer) throws -> Data {
    var job = job
    job.opacity = 1
    let image = try renderer.draw(job).image
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)) else {
      throw CocoaError(.featureUnsupported)
    }
    defer { cairo_surface_destroy(surface) }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    for y in 0..<image.height {
      let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: image.width) { $0 }
      for x in 0..<image.width {
        let pixel = image[x, y]
        let alpha = UInt32(pixel.alpha)
        func premultiplied(_ channel: UInt8) -> UInt32 { (UInt32(channel) * alpha + 127) / 255 }
        row[x] =
          alpha << 24 | premultiplied(pixel.red) << 16 | premultiplied(pixel.green) << 8 | premultiplied(pixel.blue)
      }
    }
    cairo_surface_mark_dirty(surface)
    final class Sink { var data = Data() }
    let sink = Sink()
    let status = cairo_surface_write_to_png_stream(
      surface,
      { closure, bytes, length in
        Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue().data.append(bytes!, count: Int(length))
        return CAIRO_STATUS_SUCCESS
      }, Unmanaged.passUnretained(sink).toOpaque())
    guard status == CAIRO_STATUS_SUCCESS else { throw CocoaError(.fileWriteUnknown) }
    return sink.data
  }
}

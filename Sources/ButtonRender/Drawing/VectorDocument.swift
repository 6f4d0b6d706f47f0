import ButtonCore
import CCairo
import CPangoCairo
import CVectorLibraries
import Foundation

/// An SVG or PDF image, drawn as vectors into the Cairo context at the job's scale: never a
/// bitmap resampled. The document is parsed again for each drawing (handles are not shared
/// between threads); its bytes are the run's snapshot.
///
/// An SVG is parsed without a base file, so librsvg resolves no reference outside the document:
/// it reads no other file and no URL. A PDF is drawn from its first page.
final class VectorDocument: Sendable {
  /// The two vector formats.
  enum Kind: Sendable {
    case svg, pdf

    var library: VectorLibrary {
      switch self {
      case .svg: .librsvg
      case .pdf: .poppler
      }
    }
  }

  let kind: Kind
  let data: Data
  /// The document's own size in points: an SVG's width and height (or its viewBox), a PDF
  /// page's size.
  let size: Size

  /// Parses `data` once to check it and measure it.
  init(kind: Kind, data: Data) throws {
    self.kind = kind
    self.data = data
    try kind.library.load(for: kind == .svg ? "SVG" : "PDF")
    switch kind {
    case .svg: size = try Self.withSVG(data) { Self.svgSize($0) }
    case .pdf:
      size = try Self.withFirstPage(data, checkingFonts: true) { page in
        var (width, height) = (0.0, 0.0)
        bs_poppler_page_get_size(page, &width, &height)
        return Size(width: width, height: height)
      }
    }
    guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
      throw RenderError.imageFile(path: "", reason: "the document has no size")
    }
  }

  /// Draws the document filling (0, 0) to (`width`, `height`) in the context's user space.
  func draw(in context: OpaquePointer, width: Double, height: Double) throws {
    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_scale(context, width / size.width, height / size.height)
    switch kind {
    case .svg:
      try Self.withSVG(data) { handle in
        var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
        var error: UnsafeMutablePointer<GError>?
        if bs_rsvg_handle_render_document(handle, context, &viewport, &error) == 0 {
          throw RenderError.cairo("cannot draw the SVG: \(Self.message(of: error))")
        }
      }
    case .pdf:
      try Self.withFirstPage(data) { page in bs_poppler_page_render(page, context) }
    }
  }

  /// An SVG handle for `data`, released after `body`. Sizes in `pt` are taken as points.
  private static func withSVG<Result>(
    _ data: Data, _ body: (OpaquePointer) throws -> Result
  ) throws -> Result {
    var error: UnsafeMutablePointer<GError>?
    let handle = data.withUnsafeBytes { bytes in
      bs_rsvg_handle_new_from_data(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), gsize(bytes.count), &error)
    }
    guard let handle else { throw RenderError.imageFile(path: "", reason: "not an SVG: \(message(of: error))") }
    defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
    bs_rsvg_handle_set_dpi(handle, 72)
    return try body(handle)
  }

  /// The first page of the PDF in `data`, released after `body`; with `checkingFonts` (once, when
  /// the document is parsed to check it), refused when it uses a font the file does not carry.
  private static func withFirstPage<Result>(
    _ data: Data, checkingFonts: Bool = false, _ body: (OpaquePointer) throws -> Result
  ) throws -> Result {
    var error: UnsafeMutablePointer<GError>?
    let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    guard let document = bs_poppler_document_new_from_bytes(bytes, nil, &error) else {
      throw RenderError.imageFile(path: "", reason: "not a PDF: \(message(of: error))")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(document)) }
    guard bs_poppler_document_get_n_pages(document) > 0, let page = bs_poppler_document_get_page(document, 0) else {
      throw RenderError.imageFile(path: "", reason: "the PDF has no pages")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(page)) }
    // A font the file does not carry is drawn with whatever fontconfig finds on each machine,
    // which no key covers: refused, as an SVG's text is.
    var font = [CChar](repeating: 0, count: 256)
    if checkingFonts, bs_poppler_first_page_unembedded_font(document, &font, font.count) != 0 {
      throw RenderError.imageFile(
        path: "",
        reason: "its font '\(String(cString: font))' is not embedded, so each machine would draw its text with "
          + "a font of its own; embed the fonts, or convert the text to paths")
    }
    return try body(page)
  }

  /// An SVG's width and height when it gives them in absolute units, else its viewBox's.
  private static func svgSize(_ handle: OpaquePointer) -> Size {
    var (width, height) = (0.0, 0.0)
    if bs_rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0 {
      return Size(width: width, height: height)
    }
    var hasWidth: gboolean = 0
    var hasHeight: gboolean = 0
    var hasViewBox: gboolean = 0
    var lengthWidth = RsvgLength()
    var lengthHeight = RsvgLength()
    var viewBox = RsvgRectangle()
    bs_rsvg_handle_get_intrinsic_dimensions(
      handle, &hasWidth, &lengthWidth, &hasHeight, &lengthHeight, &hasViewBox, &viewBox)
    return hasViewBox != 0 ? Size(width: viewBox.width, height: viewBox.height) : Size(width: 0, height: 0)
  }

  private static func message(of error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return String(cString: error.pointee.message).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

import CCairo
import CPNGShim
import CPangoCairo
import CPoppler
import CRSVG

/// The versions of the drawing libraries this build is linked against.
///
/// They are part of every job's cache key and of the manifest: a different Cairo, Pango,
/// libpng, libdeflate, librsvg or poppler may draw or encode different bytes.
public struct LibraryVersions: Sendable, Equatable, Codable {
  /// Cairo's version, e.g. `1.16.0`.
  public var cairo: String
  /// Pango's version, e.g. `1.50.12`.
  public var pango: String
  /// libpng's version, e.g. `1.6.39`.
  public var libpng: String
  /// libdeflate's version and a fingerprint of the loaded library's output, e.g.
  /// `1.14+514ef520`: it compresses the image data.
  public var libdeflate: String
  /// librsvg's version, which draws SVG images (absent from manifests written before it was).
  public var librsvg: String?
  /// poppler's version, which draws PDF images (absent likewise).
  public var poppler: String?

  /// The versions of the libraries loaded in this process.
  public static let current = LibraryVersions(
    cairo: String(cString: cairo_version_string()),
    pango: String(cString: pango_version_string()),
    libpng: String(cString: bs_png_version()),
    libdeflate: String(cString: bs_deflate_version()),
    librsvg: "\(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version)",
    poppler: String(cString: poppler_get_version())
  )
}

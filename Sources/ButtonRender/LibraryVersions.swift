import CCairo
import CPNGShim
import CPangoCairo

/// The versions of the drawing libraries.
///
/// Cairo's, Pango's, libpng's and libdeflate's are part of every job's cache key and of every
/// manifest: a different one may draw or encode different bytes. librsvg's and poppler's, which
/// only vector images need, are part of the keys of the jobs drawing such an image and of the
/// manifests that have one (`VectorLibrary.identity`, `including(_:)`).
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
  /// librsvg's version, which draws SVG images: absent unless some image is an SVG.
  public var librsvg: String?
  /// poppler's version, which draws PDF images: absent unless some image is a PDF.
  public var poppler: String?

  /// The versions of the libraries every run loads (neither librsvg nor poppler).
  public static let current = LibraryVersions(
    cairo: String(cString: cairo_version_string()),
    pango: String(cString: pango_version_string()),
    libpng: String(cString: bs_png_version()),
    libdeflate: String(cString: bs_deflate_version())
  )

  /// These versions with those of `libraries` (opening them): "unavailable" for one that
  /// cannot be loaded.
  public func including(_ libraries: some Sequence<VectorLibrary>) -> LibraryVersions {
    var versions = self
    for library in libraries {
      switch library {
      case .librsvg: versions.librsvg = library.version ?? "unavailable"
      case .poppler: versions.poppler = library.version ?? "unavailable"
      }
    }
    return versions
  }
}

import CVectorLibraries
import Foundation

/// The library that draws a vector image: librsvg an SVG, poppler-glib a PDF.
///
/// Each is opened the first time an image needs it, not linked: a run that draws, checks or keys
/// no vector image never loads it, nor the dozens of libraries it brings (docs/rendering.md).
public enum VectorLibrary: String, Sendable, CaseIterable {
  case librsvg, poppler

  /// The library that draws the image file at `path`, by its extension; `nil` for a PNG.
  public init?(imageAt path: String) {
    switch (path as NSString).pathExtension.lowercased() {
    case "svg": self = .librsvg
    case "pdf": self = .poppler
    default: return nil
    }
  }

  /// Why the library cannot be used (not installed, or too old), or `nil` once it is open.
  public var loadFailure: String? {
    let failure =
      switch self {
      case .librsvg: bs_rsvg_load()
      case .poppler: bs_poppler_load()
      }
    return failure.map { String(cString: $0) }
  }

  /// Its version, e.g. `2.54.7`, opening it if needed; `nil` when it cannot be used.
  public var version: String? {
    guard loadFailure == nil else { return nil }
    switch self {
    case .librsvg: return String(cString: bs_rsvg_version())
    case .poppler: return String(cString: bs_poppler_version())
    }
  }

  /// What keys and stamps record beside the bytes of an image this library draws: its name and
  /// version, so that upgrading it redraws exactly the images it draws.
  public var identity: String { "\(rawValue) \(version ?? "unavailable")" }

  /// Opens the library, or throws why an image of `format` cannot be drawn.
  func load(for format: String) throws {
    if let failure = loadFailure {
      throw RenderError.imageFile(
        path: "", reason: "\(format) images are drawn by \(rawValue), which cannot be loaded: \(failure)")
    }
  }
}

extension RenderJob {
  /// The image and mask files the job draws, each with the vector library that draws it (`nil`
  /// for a PNG).
  public var drawnFiles: [(path: String, library: VectorLibrary?)] {
    var files: [String] = []
    if let image { files.append(image.file) }
    if case .file(let path, _, _) = mask { files.append(path) }
    return files.map { ($0, VectorLibrary(imageAt: $0)) }
  }
}

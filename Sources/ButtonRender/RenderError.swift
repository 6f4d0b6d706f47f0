import CCairo

/// Why a job could not be drawn.
public enum RenderError: Error, Equatable, CustomStringConvertible {
  /// Cairo reported a failure status.
  case cairo(String)
  /// An image or mask file could not be read or decoded.
  case imageFile(path: String, reason: String)
  /// A font file could not be loaded.
  case fontFile(path: String, reason: String)
  /// The image would be larger than the renderer allows.
  case tooLarge(width: Int, height: Int)
  /// A contact sheet would be larger than the largest drawn.
  case sheetTooLarge(width: Int, height: Int)
  /// The process cannot have the memory drawing the image takes (an address-space limit, say).
  case outOfMemory(bytes: Int)

  /// The one place a Cairo status becomes a Swift error.
  static func check(_ status: cairo_status_t) throws {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
  }

  public var description: String {
    switch self {
    case .cairo(let message): return "cairo: \(message)"
    case .imageFile(let path, let reason): return "cannot use image '\(path)': \(reason)"
    case .fontFile(let path, let reason): return "cannot use font '\(path)': \(reason)"
    case .tooLarge(let width, let height):
      return "the image would be \(width) x \(height) pixels, more than 8192 on a side"
    case .sheetTooLarge(let width, let height):
      return "the sheet would be \(width) x \(height) pixels, more than \(ContactSheet.maximumWidth) x "
        + "\(ContactSheet.maximumHeight) or \(ContactSheet.maximumPixels / 1_048_576) megapixels in all; "
        + "too many rows or columns for one sheet, with images however small: use --split for a sheet per spec "
        + "file (with the buttons in several files)"
    case .outOfMemory(let bytes):
      return "out of memory: drawing it takes about \((bytes + (1 << 20) - 1) >> 20) MB, which the process cannot have"
    }
  }
}

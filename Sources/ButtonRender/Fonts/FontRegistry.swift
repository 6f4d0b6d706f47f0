import CPangoCairo
import Foundation

/// Font files registered with fontconfig, and family look-ups.
///
/// Registering changes fontconfig's configuration, so it happens under a lock, and each
/// thread's Pango font map is told to reload before its next layout.
public final class FontRegistry: @unchecked Sendable {
  /// The process-wide registry (fontconfig's configuration is process-wide too).
  public static let shared = FontRegistry()

  private let lock = NSLock()
  private var families: [String: Result<String, RenderError>] = [:]
  private var generation = 0

  /// Registers the font file at `path` (once) and returns the family it declares.
  public func register(fileAt path: String) throws -> String {
    lock.lock()
    defer { lock.unlock() }
    if let known = families[path] { return try known.get() }
    let result = Self.add(path)
    families[path] = result
    if case .success = result { generation += 1 }
    return try result.get()
  }

  /// The family fontconfig actually uses for `family`, when it is a different one.
  public func substitute(for family: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddString(pattern, FC_FAMILY, family)
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
    defer { FcPatternDestroy(match) }
    var value: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, FC_FAMILY, 0, &value) == FcResultMatch, let value else { return nil }
    let matched = String(cString: value)
    return matched.caseInsensitiveCompare(family) == .orderedSame ? nil : matched
  }

  /// Tells this thread's Pango font map to reload when fonts were registered since it last did.
  func refreshThreadFontMap() {
    lock.lock()
    let current = generation
    lock.unlock()
    let key = "buttonsmith.font-generation"
    let seen = Thread.current.threadDictionary[key] as? Int ?? 0
    guard seen != current else { return }
    if let fontMap = pango_cairo_font_map_get_default() {
      pango_fc_font_map_config_changed(OpaquePointer(fontMap))
    }
    Thread.current.threadDictionary[key] = current
  }

  private static func add(_ path: String) -> Result<String, RenderError> {
    guard FileManager.default.isReadableFile(atPath: path) else {
      return .failure(.fontFile(path: path, reason: "cannot read the file"))
    }
    guard FcConfigAppFontAddFile(nil, path) == FcTrue else {
      return .failure(.fontFile(path: path, reason: "not a font fontconfig can load"))
    }
    guard let fonts = FcConfigGetFonts(nil, FcSetApplication) else {
      return .failure(.fontFile(path: path, reason: "fontconfig lists no application fonts"))
    }
    for index in 0..<Int(fonts.pointee.nfont) {
      guard let pattern = fonts.pointee.fonts[index] else { continue }
      var file: UnsafeMutablePointer<FcChar8>?
      var family: UnsafeMutablePointer<FcChar8>?
      if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file, String(cString: file) == path,
        FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch, let family
      {
        return .success(String(cString: family))
      }
    }
    return .failure(.fontFile(path: path, reason: "the file declares no font family"))
  }
}

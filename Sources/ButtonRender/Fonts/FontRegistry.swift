import ButtonCore
import CPangoCairo
import Foundation

/// Font files and family look-ups.
///
/// A font file named by a spec is drawn from a font map of its own, whose fontconfig
/// configuration holds that file and nothing else: the face drawn is one of the file's (the
/// closest to the weight and style asked for, in a collection or a variable font), whatever the
/// system has installed and whatever other files the same run uses, so a cache key (which
/// covers the file's bytes) always means the same pixels. System fonts are never changed.
public final class FontRegistry: @unchecked Sendable {
  /// The process-wide registry.
  public static let shared = FontRegistry()

  /// The face a font file holds, as Pango names it.
  public struct Face: Sendable, Hashable {
    /// The family the file declares.
    public var family: String
    /// The face's weight, 100...1000.
    public var weight: Int
    /// Whether the face is italic or oblique.
    public var italic: Bool
  }

  private let lock = NSLock()
  private var files: [FilePath: Result<(face: Face, config: OpaquePointer), RenderError>] = [:]
  /// Every name of the font fontconfig matches for a family list, by the list as written.
  private var matchedFamilies: [String: [String]] = [:]

  /// Loads the font file at `path` (once) and returns its first face, whose family names the
  /// file's faces in its configuration.
  public func register(fileAt path: String) throws -> Face {
    try configuration(forFileAt: path).face
  }

  /// The configuration holding only the file at `path`, with its face.
  private func configuration(forFileAt path: String) throws -> (face: Face, config: OpaquePointer) {
    lock.lock()
    defer { lock.unlock() }
    if let known = files[FilePath(path)] { return try known.get() }
    let result = Self.load(path)
    files[FilePath(path)] = result
    return try result.get()
  }

  /// This thread's Pango font map for the font file at `path` (Pango font maps are not shared
  /// between threads).
  func fontMap(forFileAt path: String) throws -> OpaquePointer {
    // By the path's bytes: a dictionary's string keys are equal when canonically equivalent.
    let key = "buttonsmith.font-map.\(FilePath(path).bytes)"
    if let box = Thread.current.threadDictionary[key] as? FontMapBox { return box.fontMap }
    let config = try configuration(forFileAt: path).config
    guard let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
      throw RenderError.fontFile(path: path, reason: "cannot create a font map")
    }
    pango_fc_font_map_set_config(OpaquePointer(fontMap), config)
    let box = FontMapBox(fontMap: OpaquePointer(fontMap))
    Thread.current.threadDictionary[key] = box
    return box.fontMap
  }

  /// Loads fontconfig's configuration and its list of installed fonts now, as the first
  /// look-up would (several milliseconds): on another thread, while a build reads its stamp or
  /// its specs. Look-ups made meanwhile wait for it instead of loading them a second time.
  public func loadSystemFonts() {
    lock.lock()
    defer { lock.unlock() }
    _ = FcInit()
  }

  /// The files of fontconfig's configuration, in the order it read them: its rules (a user's
  /// `~/.config/fontconfig/fonts.conf` among them) can embolden, slant or otherwise change what
  /// a label in system fonts looks like, so their bytes are inputs of such a label.
  public func configurationFiles() -> [String] {
    lock.lock()
    defer { lock.unlock() }
    guard let list = FcConfigGetConfigFiles(nil) else { return [] }
    defer { FcStrListDone(list) }
    var files: [String] = []
    while let file = FcStrListNext(list) { files.append(String(cString: file)) }
    return files
  }

  /// The family fontconfig draws `families` (one family, or a comma-separated list, as Pango
  /// takes it) with, when none of them is installed; `nil` when one is. A family is installed
  /// when a font has it among its names, ignoring case and spaces as fontconfig does: a font
  /// answers to all its names (`DejaVuSansCondensed.ttf` to "DejaVu Sans Condensed" as well as
  /// to its first, "DejaVu Sans"; VL Gothic to its Japanese name, "VL ゴシック").
  public func substitute(for families: String) -> String? {
    let names = Self.names(in: families)
    guard !names.isEmpty, !names.contains(where: isInstalled) else { return nil }
    return matchedFamily(for: families)
  }

  /// Whether a font installed has `family` among its names.
  public func isInstalled(_ family: String) -> Bool {
    let asked = family.filter { $0 != " " }
    return matchedNames(for: family).contains { $0.filter { $0 != " " }.caseInsensitiveCompare(asked) == .orderedSame }
  }

  /// The files fontconfig draws a label of the families `families` (a comma-separated list, as
  /// Pango takes it) with, for `language` (`nil`: a label that is the same in every language,
  /// drawn for `ResolvedText.neutralLanguage`): each family's best match for the language, as
  /// Pango asks it, and for a label's own language the best match for its characters.
  /// Installing or removing a font changes the answer, which is why keys and the input stamp
  /// cover these files' bytes.
  public func matchedFiles(for families: String, weight: Int, italic: Bool, language: String?) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    var found: [String] = []
    let names = Self.names(in: families)
    // Each family, then, for a language, the font fontconfig falls back to for its characters
    // (a family it names outranks the language, so that one is asked without a family).
    let shaping = language ?? ResolvedText.neutralLanguage
    var queries: [(family: String?, language: String)] = names.map { ($0, shaping) }
    if let language { queries.append((nil, language)) }
    for (name, lang) in queries {
      do {
        guard let pattern = FcPatternCreate() else { continue }
        defer { FcPatternDestroy(pattern) }
        if let name { FcPatternAddString(pattern, FC_FAMILY, name) }
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        // Always a language: without one, fontconfig takes the process's locale.
        FcPatternAddString(pattern, FC_LANG, lang)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { continue }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        if FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file {
          let path = String(cString: file)
          if !found.contains(path) { found.append(path) }
        }
      }
    }
    return found
  }

  /// The family fontconfig draws `families` (one, or a comma-separated list) with: the first
  /// name of the font it matches.
  public func matchedFamily(for families: String) -> String? {
    matchedNames(for: families).first
  }

  /// The families of a comma-separated list, in order.
  public static func names(in families: String) -> [String] {
    families.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
  }

  /// Every name of the font fontconfig matches for `families`, its first name first. Asked of
  /// fontconfig once per list and run (a match weighs every installed font).
  private func matchedNames(for families: String) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    if let known = matchedFamilies[families] { return known }
    let matched = Self.match(Self.names(in: families))
    matchedFamilies[families] = matched
    return matched
  }

  private static func match(_ families: [String]) -> [String] {
    guard let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    for family in families { FcPatternAddString(pattern, FC_FAMILY, family) }
    FcPatternAddString(pattern, FC_LANG, ResolvedText.neutralLanguage)
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(nil, pattern, &result) else { return [] }
    defer { FcPatternDestroy(match) }
    var names: [String] = []
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(match, FC_FAMILY, Int32(names.count), &value) == FcResultMatch, let name = value {
      names.append(String(cString: name))
    }
    return names
  }

  private static func load(_ path: String) -> Result<(face: Face, config: OpaquePointer), RenderError> {
    guard FileManager.default.isReadableFile(atPath: path) else {
      return .failure(.fontFile(path: path, reason: "cannot read the file"))
    }
    guard let config = FcConfigCreate() else {
      return .failure(.fontFile(path: path, reason: "cannot create a fontconfig configuration"))
    }
    guard FcConfigAppFontAddFile(config, path) == FcTrue, let fonts = FcConfigGetFonts(config, FcSetApplication),
      fonts.pointee.nfont > 0, let pattern = fonts.pointee.fonts[0]
    else {
      FcConfigDestroy(config)
      return .failure(.fontFile(path: path, reason: "not a font fontconfig can load"))
    }
    var family: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch, let family else {
      FcConfigDestroy(config)
      return .failure(.fontFile(path: path, reason: "the file declares no font family"))
    }
    var weight: Int32 = Int32(FC_WEIGHT_REGULAR)
    var slant: Int32 = Int32(FC_SLANT_ROMAN)
    FcPatternGetInteger(pattern, FC_WEIGHT, 0, &weight)
    FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
    let face = Face(
      family: String(cString: family), weight: Int(FcWeightToOpenType(weight)), italic: slant != Int32(FC_SLANT_ROMAN))
    return .success((face, config))
  }
}

/// Releases a thread's font map when the thread ends.
private final class FontMapBox: NSObject {
  let fontMap: OpaquePointer

  init(fontMap: OpaquePointer) {
    self.fontMap = fontMap
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
}

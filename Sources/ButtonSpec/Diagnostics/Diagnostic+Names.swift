extension Diagnostic {
  /// The most characters of a name (a key, a state, a palette entry, a template, a font family,
  /// a string key) a message quotes.
  public static let maximumShownNameLength = 64

  /// The most UTF-8 bytes of a name a message quotes: a character may hold hundreds of combining
  /// marks.
  public static let maximumShownNameBytes = 256

  /// `name` as a message quotes it: its first `characters` characters, cut further at a scalar
  /// to `bytes` bytes, and `…` when anything was cut. Only the start of the name is looked at,
  /// however long it is.
  public static func shown(
    _ name: String, characters: Int = maximumShownNameLength, bytes: Int = maximumShownNameBytes
  ) -> String {
    let head = name.prefix(characters)
    guard head.endIndex != name.endIndex || head.utf8.count > bytes else { return name }
    var kept = String.UnicodeScalarView()
    var count = 0
    for scalar in head.unicodeScalars {
      count += UTF8.width(scalar)
      guard count <= bytes else { break }
      kept.append(scalar)
    }
    return String(kept) + "…"
  }
}

extension Diagnostic {
  /// The most characters of a name (a key, a state, a palette entry, a template, a font family,
  /// a string key) a message quotes.
  public static let maximumShownNameLength = 64

  /// The most UTF-8 bytes of a name a message quotes: a character may hold hundreds of combining
  /// marks.
  public static let maximumShownNameBytes = 256

  /// `name` as a message quotes it: its first `maximumShownNameLength` characters, cut further
  /// at a scalar to `maximumShownNameBytes` bytes, and `…` when anything was cut. Only the start
  /// of the name is looked at, however long it is.
  public static func shown(_ name: String) -> String {
    let head = name.prefix(maximumShownNameLength)
    guard head.endIndex != name.endIndex || head.utf8.count > maximumShownNameBytes else { return name }
    var kept = String.UnicodeScalarView()
    var bytes = 0
    for scalar in head.unicodeScalars {
      bytes += UTF8.width(scalar)
      guard bytes <= maximumShownNameBytes else { break }
      kept.append(scalar)
    }
    return String(kept) + "…"
  }
}

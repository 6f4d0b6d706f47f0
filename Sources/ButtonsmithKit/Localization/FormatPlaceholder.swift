/// The placeholders of a format string (`String(format:)`, Android's `getString(id, args)`) that
/// a label from a string table may hold by mistake: an image draws them as written.
enum FormatPlaceholder {
  /// The first placeholder in `text`: `%`, an optional `n$` position, flags (no space, so that
  /// "50% off" is text), a width, a precision, a length and a conversion (`%@`, `%1$s`,
  /// `%d`, `%.2f`, `%lld`); `nil` when there is none. `%%` is a percent sign.
  static func first(in text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "%" else {
        index += 1
        continue
      }
      if index + 1 < scalars.count, scalars[index + 1] == "%" {
        index += 2
        continue
      }
      if let end = conversionEnd(in: scalars, after: index) {
        return String(String.UnicodeScalarView(scalars[index...end]))
      }
      index += 1
    }
    return nil
  }

  /// Where the placeholder starting at the `%` at `start` ends (its conversion), if it is one.
  private static func conversionEnd(in scalars: [Unicode.Scalar], after start: Int) -> Int? {
    var index = start + 1
    func skip(while accepts: (Unicode.Scalar) -> Bool) {
      while index < scalars.count, accepts(scalars[index]) { index += 1 }
    }
    let digits = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
    // A position: digits and `$`.
    let afterPosition = index
    skip(while: digits)
    if index < scalars.count, scalars[index] == "$", index > afterPosition { index += 1 } else { index = afterPosition }
    skip { "-+#0'".unicodeScalars.contains($0) }
    skip(while: digits)
    if index < scalars.count, scalars[index] == "." {
      index += 1
      skip(while: digits)
    }
    skip { "hlqLzjt".unicodeScalars.contains($0) }
    guard index < scalars.count, "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(scalars[index]) else { return nil }
    return index
  }
}

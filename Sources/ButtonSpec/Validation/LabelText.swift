/// What a label may hold, wherever it was written (a spec's `text`, a string table's value): at
/// most `maximumScalars` Unicode scalars (layout time grows with its length, and with combining
/// marks stacked on one letter) and no control character or line separator (a label is one line).
public enum LabelText {
  /// The most Unicode scalars a label may have.
  public static let maximumScalars = 500

  /// Why `text` cannot be drawn as a label, as an `invalid-text` diagnostic; `nil` when it can.
  public static func problem(_ text: Located<String>) -> Diagnostic? {
    let scalars = text.value.unicodeScalars
    if scalars.count > maximumScalars {
      return Diagnostic(
        .invalidText, "text has \(scalars.count) characters, more than the \(maximumScalars) a label may have",
        at: text.location)
    }
    if let control = scalars.first(where: { $0.properties.generalCategory == .control }) {
      let breaksLine = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}"].contains(control)
      return Diagnostic(
        .invalidText, "text contains the control character \(codePoint(control)), which a label cannot draw",
        at: text.location,
        notes: [.init(breaksLine ? "a label is one line; remove the character" : "remove the character")])
    }
    // U+2028 and U+2029 are line breaks too (Pango draws one as a glyph, the other as nothing).
    if let separator = scalars.first(where: {
      [.lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
    }) {
      return Diagnostic(
        .invalidText, "text contains the line separator \(codePoint(separator)), which a label cannot draw",
        at: text.location, notes: [.init("a label is one line; remove the character")])
    }
    return nil
  }

  /// `U+0009`: a character as Unicode names it.
  public static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

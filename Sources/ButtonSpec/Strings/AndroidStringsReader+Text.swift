/// What aapt reads in a string's text, and what it refuses there.
extension AndroidStringsReader {
  /// Whether `raw` holds an apostrophe outside double quotes and not escaped (`\'`), which
  /// aapt2 refuses ("unescaped apostrophe in string"), written as `'`, `&apos;` or in CDATA.
  static func hasUnescapedApostrophe(_ raw: String) -> Bool {
    var quoted = false
    var scalars = raw.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\\": _ = scalars.next()
      case "\"": quoted.toggle()
      case "'" where !quoted: return true
      default: continue
      }
    }
    return false
  }

  /// Whether `scalar` is whitespace aapt collapses: ASCII's (C's `isspace`); a no-break space or
  /// an ideographic space is text.
  static func isCollapsedSpace(_ scalar: Unicode.Scalar) -> Bool {
    [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"].contains(scalar)
  }

  /// What aapt refuses in `raw`, or does not read as text, described; `nil` when it is text: a
  /// `\u` escape without four hex digits, or a value that starts (past whitespace) with `@` or
  /// `?` unescaped and unquoted, which aapt compiles as a reference to another resource.
  static func problem(in raw: String, name: String) -> String? {
    if let first = raw.unicodeScalars.first(where: { !isCollapsedSpace($0) }), first == "@" || first == "?" {
      let reference = raw.trimmingCharacters(in: .whitespacesAndNewlines).prefix(60)
      return
        "string '\(Diagnostic.shown(name))' is a reference to another resource ('\(reference)'), which is not followed; "
        + "write the text (\\\(first) for a text that starts with \(first))"
    }
    var scalars = raw.unicodeScalars.makeIterator()
    // A high surrogate's escape waits for its low one, which must come next (`\uD83D\uDE80`).
    var high: UInt32?
    while let scalar = scalars.next() {
      guard scalar == "\\", let escaped = scalars.next() else {
        if high != nil { break }
        continue
      }
      guard escaped == "u" else {
        if high != nil { break }
        continue
      }
      let digits = (0..<4).compactMap { _ in scalars.next() }
      guard digits.count == 4, digits.allSatisfy(\.properties.isASCIIHexDigit),
        let unit = UInt32(String(String.UnicodeScalarView(digits)), radix: 16)
      else {
        return
          "string '\(Diagnostic.shown(name))' has a \\u escape without four hex digits ('\\u\(String(String.UnicodeScalarView(digits)))')"
      }
      switch (high, unit) {
      case (nil, 0xD800...0xDBFF): high = unit
      case (_?, 0xDC00...0xDFFF): high = nil
      case (nil, 0xDC00...0xDFFF), (_?, _):
        return "string '\(Diagnostic.shown(name))' has a \\u escape of half a character (an unpaired UTF-16 surrogate)"
      default: continue
      }
    }
    return high == nil
      ? nil : "string '\(Diagnostic.shown(name))' has a \\u escape of half a character (an unpaired UTF-16 surrogate)"
  }

  /// `raw` as Android reads it.
  static func unescape(_ raw: String) -> String {
    var result = ""
    var quoted = false
    var pendingSpace = false
    var scalars = raw.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\"" {
        quoted.toggle()
        continue
      }
      if !quoted, Self.isCollapsedSpace(scalar) {
        pendingSpace = true
        continue
      }
      if pendingSpace, !result.isEmpty { result += " " }
      pendingSpace = false
      guard scalar == "\\", let escaped = scalars.next() else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch escaped {
      case "n": result += "\n"
      case "t": result += "\t"
      case "u":
        var hex = ""
        for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
        guard let value = UInt32(hex, radix: 16) else { continue }
        if (0xD800...0xDBFF).contains(value) {
          // The low surrogate's escape follows (`problem(in:)` sees to it): one character of two.
          var low = ""
          for _ in 0..<6 { if let next = scalars.next() { low.unicodeScalars.append(next) } }
          if let lowValue = UInt32(low.dropFirst(2), radix: 16),
            let joined = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (lowValue - 0xDC00))
          {
            result.unicodeScalars.append(joined)
          }
        } else if let decoded = Unicode.Scalar(value) {
          result.unicodeScalars.append(decoded)
        }
      default: result.unicodeScalars.append(escaped)
      }
    }
    return result
  }
}

extension YAMLErrorTranslator {
  /// How many lines before a syntax error are searched for a colour read as a comment.
  static let commentSearchLines = 50

  /// The colour written without quotes nearest before line `last` (`{ color: #abc }`, `[#fff]`):
  /// a `#` that starts a token starts a comment, to the end of the line, closing braces and
  /// brackets included, and YAML reports only what then goes missing further on.
  func commentedColor(before last: Int) -> Diagnostic.Note? {
    let lines = TextPosition.lines(of: text)
    let newest = min(last, lines.count)
    guard newest >= 1 else { return nil }
    for number in stride(from: newest, through: max(1, newest - Self.commentSearchLines), by: -1) {
      let scalars = lines[number - 1]
      guard let offset = commentStart(in: scalars) else { continue }
      let digits = scalars[(offset + 1)...].prefix { $0.properties.isASCIIHexDigit }.count
      // Anything else after the `#` is a comment meant as one.
      guard [3, 4, 6, 8].contains(digits) else { continue }
      let written = String(String.UnicodeScalarView(scalars[offset...(offset + digits)]))
      return Diagnostic.Note(
        "'\(written)' starts a comment, which hides the rest of the line: quote the colour, \"\(written)\"",
        at: SourceLocation(file: file, line: number, column: offset + 1))
    }
    return nil
  }

  /// Where the comment of `line` starts: the first `#` outside quotes at the start of the line
  /// or after a space, a tab or an opening or separating character of braces and brackets.
  private func commentStart(in line: [Unicode.Scalar]) -> Int? {
    var quote: Unicode.Scalar?
    for (offset, scalar) in line.enumerated() {
      if let open = quote {
        if scalar == open { quote = nil }
      } else if scalar == "\"" || scalar == "'" {
        quote = scalar
      } else if scalar == "#", offset == 0 || [" ", "\t", "[", "{", ","].contains(line[offset - 1]) {
        return offset
      }
    }
    return nil
  }
}

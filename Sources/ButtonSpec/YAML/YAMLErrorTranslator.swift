import Yams

/// Turns Yams' errors into located diagnostics with messages a spec author can act on.
struct YAMLErrorTranslator {
  let file: String
  let text: String

  func diagnostic(for error: YamlError) -> Diagnostic {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      return syntaxDiagnostic(problem: problem, context: context, at: mark)
    case .reader(let problem, let offset, let value, _):
      let position = TextPosition.position(ofCharacterOffset: offset ?? 0, in: text)
      let detail = value >= 0 ? " (U+\(String(value, radix: 16, uppercase: true)))" : ""
      return Diagnostic(
        .yamlSyntax, "\(problem)\(detail)",
        at: SourceLocation(file: file, line: position.line, column: position.column))
    case .duplicatedKeysInMapping(let duplicates, let context):
      return duplicateKeyDiagnostic(key: duplicates.first ?? "", first: context.mark)
    default:
      return Diagnostic(.yamlSyntax, "\(error)", at: .start(of: file))
    }
  }

  private func syntaxDiagnostic(problem: String, context: YamlError.Context?, at mark: Mark) -> Diagnostic {
    let location = self.location(of: mark)
    // A second document (after `---`): libyaml's words are half a sentence.
    if problem == "but found another document" {
      return Diagnostic(
        .yamlSyntax, "a second YAML document starts here; a file holds one", at: location,
        notes: [.init("put the second document's buttons in the first, or in a file of their own")])
    }
    var notes: [Diagnostic.Note] = []
    if let context {
      notes.append(
        .init(context.text, at: self.location(of: context.mark)))
    }
    // Braces or brackets left open: a colour's `#` may have made the rest of a line a comment.
    if let context, context.text.contains("flow"), let colour = commentedColor(before: mark.line) {
      notes.append(colour)
    }
    if line(mark.line).contains("\t") {
      notes.append(.init("YAML does not allow tabs for indentation; indent with spaces"))
    }
    return Diagnostic(.yamlSyntax, Self.plain(problem), at: location, notes: notes)
  }

  /// Where `mark` is in the file. At the end of a file whose last line has no line break,
  /// libyaml ends that line itself and marks the start of the next, which the file does not
  /// have: that is the end of the last line.
  private func location(of mark: Mark) -> SourceLocation {
    let lines = TextPosition.lines(of: text)
    guard mark.line > lines.count, let last = lines.last else {
      return SourceLocation(file: file, line: mark.line, column: mark.column)
    }
    let width = last.last == "\r" ? last.count - 1 : last.count
    return SourceLocation(file: file, line: lines.count, column: width + 1)
  }

  /// libyaml's words for a problem, without the C function a program would call about it.
  static func plain(_ problem: String) -> String {
    problem.hasPrefix("Maximum nesting level reached")
      ? "values are nested too deeply (more levels of lists and maps than a reader allows)" : problem
  }

  /// Yams reports a duplicated key at its first occurrence; the mistake is the later one.
  private func duplicateKeyDiagnostic(key: String, first: Mark) -> Diagnostic {
    let firstLocation = SourceLocation(file: file, line: first.line, column: first.column)
    // Unquoted in braces, a colour function's commas split it into keys: the key repeated is
    // one of its pieces, inside its parentheses (another key repeated on its line is not).
    let lines = TextPosition.lines(of: text)
    let before =
      first.line >= 1 && first.line <= lines.count
      ? String(String.UnicodeScalarView(lines[first.line - 1].prefix(max(0, first.column - 1)))).lowercased() : ""
    let opened = before.range(of: "rgb", options: .backwards).map { before[$0.upperBound...] }
    let colorFunction =
      if let opened, opened.hasPrefix("(") || opened.hasPrefix("a("), !opened.contains(")") {
        [Diagnostic.Note("in braces ({ … }) the commas of rgb(…) end it: quote it, \"rgba(0, 0, 0, 0.3)\"")]
      } else {
        [Diagnostic.Note]()
      }
    guard let later = laterOccurrence(of: key, first: first) else {
      return Diagnostic(
        .duplicateKey, "key '\(Diagnostic.shown(key))' is defined more than once in this map", at: firstLocation,
        notes: colorFunction)
    }
    return Diagnostic(
      .duplicateKey, "key '\(Diagnostic.shown(key))' is already defined in this map",
      at: SourceLocation(file: file, line: later.line, column: later.column),
      notes: [.init("first defined here", at: firstLocation)] + colorFunction)
  }

  /// The later occurrence of the key `error` says is duplicated, as written (quotes included),
  /// when it can be found.
  func laterDuplicate(in error: YamlError) -> (line: Int, column: Int, written: String)? {
    guard case .duplicatedKeysInMapping(let duplicates, let context) = error, let key = duplicates.first else {
      return nil
    }
    return laterOccurrence(of: key, first: context.mark)
  }

  /// The same key later in the same map: further along its line in a flow map (`{tint: red,
  /// tint: blue}`), or at the same column further down in a block map.
  private func laterOccurrence(of key: String, first: Mark) -> (line: Int, column: Int, written: String)? {
    let lines = TextPosition.lines(of: text)
    guard first.line >= 1, first.line <= lines.count else { return nil }
    if let column = laterInFlow(of: key, in: lines[first.line - 1], after: first.column) {
      return (first.line, column.column, column.written)
    }
    // The map's entries start at the key's column, or at its `?` when it is written as an
    // explicit key (`? opacity`).
    var column = first.column
    let firstLine = lines[first.line - 1]
    if column >= 2, column - 1 <= firstLine.count {
      // Back over the spaces after the `?`, however many.
      var before = column - 2
      while before > 0, firstLine[before] == " " { before -= 1 }
      if before < column - 2, firstLine[before] == "?" { column = before + 1 }
    }
    for number in first.line..<max(first.line, lines.count) {
      let scalars = lines[number]
      let indent = scalars.prefix { $0 == " " }.count
      if indent == scalars.count || scalars[indent] == "#" || scalars[indent] == "\r" { continue }
      if indent < column - 1 || column - 1 > scalars.count { break }
      if let later = Self.key(key, writtenAt: scalars[(column - 1)...]) {
        return (number + 1, column + later.offset, later.written)
      }
    }
    return nil
  }

  /// How `key` is written at the start of `entry`, a line of a block map from its entries'
  /// column, and how far into it: as a plain or quoted key before a `:`, or as an explicit key
  /// after a `?` (`? opacity`, its value on the next line); `nil` when the entry is another key's.
  private static func key(_ key: String, writtenAt entry: ArraySlice<Unicode.Scalar>, inFlow: Bool = false) -> (
    offset: Int, written: String
  )? {
    let text = String(String.UnicodeScalarView(entry))
    var offset = 0
    var rest = Substring(text)
    let explicit = rest.hasPrefix("? ")
    if explicit {
      let spaces = rest.dropFirst().prefix { $0 == " " }.count
      offset = 1 + spaces
      rest = rest.dropFirst(offset)
    }
    for candidate in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(candidate) {
      let after = rest.dropFirst(candidate.count).drop { $0 == " " || $0 == "\r" }
      // In a flow map a key may have no value: `{a, b}` (the commas of an unquoted `rgba(0, 0, 0,
      // 0.3)` make keys `0` so).
      if after.hasPrefix(":") || (explicit && (after.isEmpty || after.hasPrefix("#")))
        || (inFlow && (after.hasPrefix(",") || after.hasPrefix("}")))
      {
        return (offset, candidate)
      }
    }
    return nil
  }

  /// The column of `key` written again as a key of a flow map on `line`, after the first one
  /// (at `column`): after a `,` or `{`, before a `:`.
  private func laterInFlow(of key: String, in line: [Unicode.Scalar], after column: Int) -> (
    column: Int, written: String
  )? {
    var index = column
    while index < line.count {
      defer { index += 1 }
      guard line[index] == "," || line[index] == "{" else { continue }
      var start = index + 1
      while start < line.count, line[start] == " " { start += 1 }
      if let later = Self.key(key, writtenAt: line[start...], inFlow: true) {
        return (start + 1 + later.offset, later.written)
      }
    }
    return nil
  }

  private func line(_ number: Int) -> String {
    let lines = TextPosition.lines(of: text)
    return number >= 1 && number <= lines.count ? String(String.UnicodeScalarView(lines[number - 1])) : ""
  }
}

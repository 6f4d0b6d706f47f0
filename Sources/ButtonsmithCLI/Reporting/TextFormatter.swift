import ButtonSpec

/// `file:line:col: error: message [id]`, the source line and a caret, then notes; a summary
/// line at the end.
struct TextFormatter: DiagnosticFormatter {
  let sources: SourceText
  let colors: Bool
  /// The command named in the closing count line; `nil` prints no count line.
  var summaryLabel: String? = "lint"
  var writesToStandardOutput: Bool { false }

  func format(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
    var output = ""
    for diagnostic in diagnostics {
      let severity = diagnostic.severity == .error ? paint("error", "1;31") : paint("warning", "1;35")
      output +=
        paint("\(VisibleText.escaped(diagnostic.location.description)):", "1") + " \(severity): "
        + paint(VisibleText.escaped(diagnostic.message), "1") + " [\(diagnostic.rule.rawValue)]\n"
      output += snippet(at: diagnostic.location)
      for note in diagnostic.notes {
        let message = VisibleText.escaped(note.message)
        if let location = note.location {
          output +=
            paint("\(VisibleText.escaped(location.description)):", "1") + " \(paint("note", "1;36")): \(message)\n"
        } else {
          output += "  \(paint("note", "1;36")): \(message)\n"
        }
      }
    }
    guard let summaryLabel else { return output }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    let files = fileCount == 1 ? "1 file" : "\(fileCount) files"
    output += "\(summaryLabel): \(plural(errors, "error")), \(plural(warnings, "warning")) in \(files)\n"
    return output
  }

  private func snippet(at location: SourceLocation) -> String {
    guard let line = sources.line(location.line, of: location.file) else { return "" }
    // A long line is not shown; it is not even read past the limit, so that many mistakes on
    // one long line (a minified catalog) cost time in proportion to their number.
    var scalars: [Unicode.Scalar] = []
    for scalar in line.unicodeScalars {
      if scalar == "\r" { break }
      scalars.append(scalar)
      if scalars.count >= 300 { return "" }
    }
    let text = scalars.map { VisibleText.escaped($0, keepingTabs: true) }.joined()
    let pad = scalars.prefix(max(0, location.column - 1)).map { scalar in
      scalar == "\t" ? "\t" : String(repeating: " ", count: VisibleText.escaped(scalar).unicodeScalars.count)
    }.joined()
    return "\(text)\n\(pad)\(paint("^", "1;32"))\n"
  }

  private func paint(_ text: String, _ code: String) -> String {
    colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}

import Foundation
import ButtonSpec

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…::message [id]`, in the
/// contract's shape (no `title`: the id ends the message), with columns in UTF-16 code units,
/// as GitHub reads them. Text from specs is printed as the text format prints it
/// (`VisibleText`): a control character written in a spec neither ends a command nor starts one.
struct GitHubFormatter: DiagnosticFormatter {
  let sources: SourceText
  var writesToStandardOutput: Bool { true }

  func format(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
    diagnostics.map { diagnostic in
      let location = diagnostic.location
      let properties = [
        "file=\(escapeProperty(VisibleText.escaped(location.file)))", "line=\(location.line)",
        "col=\(sources.utf16Column(of: location))",
      ].joined(separator: ",")
      // A note's place counts its column as the annotation's does.
      let notes = diagnostic.notes.map { note in
        let place =
          note.location.map { "\(VisibleText.escaped($0.file)):\($0.line):\(sources.utf16Column(of: $0)): " } ?? ""
        return "\n" + place + "note: " + VisibleText.escaped(note.message)
      }.joined()
      let message = VisibleText.escaped(diagnostic.message) + " [\(diagnostic.rule.rawValue)]" + notes
      return "::\(diagnostic.severity.rawValue) \(properties)::\(escapeData(message))\n"
    }.joined()
  }

  private func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  private func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}

import ButtonSpec
import Foundation

/// A JSON array of `{file, line, column, severity, id, message, notes}`.
struct JSONFormatter: DiagnosticFormatter {
  var writesToStandardOutput: Bool { true }

  struct Entry: Encodable {
    struct Note: Encodable {
      var file: String?
      var line: Int?
      var column: Int?
      var message: String
    }
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var id: String
    var message: String
    var notes: [Note]
  }

  func format(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
    let entries = diagnostics.map { diagnostic in
      Entry(
        file: diagnostic.location.file, line: diagnostic.location.line, column: diagnostic.location.column,
        severity: diagnostic.severity.rawValue, id: diagnostic.rule.rawValue, message: diagnostic.message,
        notes: diagnostic.notes.map {
          Entry.Note(file: $0.location?.file, line: $0.location?.line, column: $0.location?.column, message: $0.message)
        })
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(entries)) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

import ButtonSpec
import Foundation

/// A SARIF 2.1.0 log with one run: every rule in the tool's driver, one result a diagnostic.
/// Columns are counted in UTF-16 code units (`run.columnKind`), as code-scanning services read
/// them; the tool's own columns count Unicode scalars.
struct SARIFFormatter: DiagnosticFormatter {
  let sources: SourceText
  var writesToStandardOutput: Bool { true }

  func format(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
    let rules = DiagnosticRule.allCases
    let log = SARIF.Log(runs: [
      SARIF.Run(
        tool: .init(
          driver: .init(
            version: ButtonsmithVersion.current,
            rules: rules.map {
              .init(
                id: $0.rawValue, shortDescription: .init(text: $0.summary),
                defaultConfiguration: .init(level: $0.severity.rawValue))
            })),
        results: diagnostics.map { diagnostic in
          SARIF.Result(
            ruleId: diagnostic.rule.rawValue, ruleIndex: rules.firstIndex(of: diagnostic.rule) ?? 0,
            level: diagnostic.severity.rawValue,
            // A note without a place has no related location to go in: it follows the message.
            message: .init(
              text: ([diagnostic.message] + diagnostic.notes.filter { $0.location == nil }.map { "note: \($0.message)" })
                .joined(separator: "\n")),
            locations: [.init(diagnostic.location, column: sources.utf16Column(of: diagnostic.location))],
            relatedLocations: diagnostic.notes.compactMap { note in
              note.location.map { SARIF.Location($0, column: sources.utf16Column(of: $0), message: note.message) }
            })
        })
    ])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(log)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

/// The parts of the SARIF 2.1.0 object model this tool writes.
enum SARIF {
  struct Log: Encodable {
    var version = "2.1.0"
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
      case version, runs
      case schema = "$schema"
    }
  }

  struct Run: Encodable {
    var tool: Tool
    var results: [Result]
    var columnKind = "utf16CodeUnits"
  }

  struct Tool: Encodable {
    var driver: Driver
  }

  struct Driver: Encodable {
    var name = "buttonsmith"
    var version: String
    var rules: [Rule]
  }

  struct Rule: Encodable {
    var id: String
    var shortDescription: Message
    var defaultConfiguration: Configuration
  }

  struct Configuration: Encodable {
    var level: String
  }

  struct Message: Encodable {
    var text: String
  }

  struct Result: Encodable {
    var ruleId: String
    var ruleIndex: Int
    var level: String
    var message: Message
    var locations: [Location]
    var relatedLocations: [Location]
  }

  struct Location: Encodable {
    var physicalLocation: PhysicalLocation
    var message: Message?

    init(_ location: SourceLocation, column: Int, message: String? = nil) {
      // A relative reference for a file named from the working directory; a `file` URI for one
      // named by its whole path (it shares no directory with the working directory but `/`).
      let path = location.file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? location.file
      physicalLocation = PhysicalLocation(
        artifactLocation: .init(uri: location.file.hasPrefix("/") ? "file://" + path : path),
        region: .init(startLine: location.line, startColumn: column))
      self.message = message.map(Message.init(text:))
    }
  }

  struct PhysicalLocation: Encodable {
    var artifactLocation: ArtifactLocation
    var region: Region
  }

  struct ArtifactLocation: Encodable {
    var uri: String
  }

  struct Region: Encodable {
    var startLine: Int
    var startColumn: Int
  }
}

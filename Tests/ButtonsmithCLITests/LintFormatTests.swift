import DiagnosticExamples
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// Every rule's example, placed in a workspace, is reported at its line and column with its
/// id, in all four output formats, by the real binary.
struct LintFormatTests {
  static let rules = DiagnosticRule.allCases.filter { $0.example != nil }

  /// A workspace holding the rule's bad example as `specs/example.yaml`.
  private func workspace(for rule: DiagnosticRule) throws -> (TestWorkspace, RuleExample, String) {
    let example = try #require(rule.example)
    let workspace = try TestWorkspace()
    for (path, bytes) in example.files { try workspace.write(path, bytes: bytes) }
    try workspace.write("specs/example.yaml", bytes: example.badBytes ?? Array(example.bad.utf8))
    return (workspace, example, example.file ?? "specs/example.yaml")
  }

  private func expectedStatus(_ rule: DiagnosticRule) -> Int32 { rule.severity == .error ? 1 : 0 }

  @Test(arguments: rules)
  func text(rule: DiagnosticRule) throws {
    let (workspace, example, file) = try workspace(for: rule)
    let result = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(result.status == expectedStatus(rule), "\(result.stderr)")
    let prefix = "\(file):\(example.line):\(example.column): \(rule.severity.rawValue): "
    #expect(
      result.stderr.split(separator: "\n").contains { $0.hasPrefix(prefix) && $0.hasSuffix("[\(rule.rawValue)]") },
      "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: rules)
  func json(rule: DiagnosticRule) throws {
    let (workspace, example, file) = try workspace(for: rule)
    let result = try CLIRunner.run(["lint", "--format", "json"], in: workspace.url)
    #expect(result.status == expectedStatus(rule))
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(
      entries.contains {
        $0["id"] as? String == rule.rawValue && $0["file"] as? String == file && $0["line"] as? Int == example.line
          && $0["column"] as? Int == example.column && $0["severity"] as? String == rule.severity.rawValue
          && ($0["message"] as? String)?.isEmpty == false
      }, "\(result.stdout)")
  }

  @Test(arguments: rules)
  func github(rule: DiagnosticRule) throws {
    let (workspace, example, file) = try workspace(for: rule)
    let result = try CLIRunner.run(["lint", "--format", "github"], in: workspace.url)
    #expect(result.status == expectedStatus(rule))
    let escapedFile = file.replacingOccurrences(of: ":", with: "%3A")
    let prefix =
      "::\(rule.severity.rawValue) file=\(escapedFile),line=\(example.line),col=\(example.column)::"
    #expect(result.stdout.split(separator: "\n").contains { $0.hasPrefix(prefix) }, "\(result.stdout)")
  }

  @Test(arguments: rules)
  func sarif(rule: DiagnosticRule) throws {
    let (workspace, example, file) = try workspace(for: rule)
    let result = try CLIRunner.run(["lint", "--format", "sarif"], in: workspace.url)
    #expect(result.status == expectedStatus(rule))
    let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    try SARIFSchema.validateRequiredFields(log)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(
      results.contains { item in
        guard item["ruleId"] as? String == rule.rawValue,
          let location = (item["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any],
          let region = location["region"] as? [String: Any],
          let artifact = location["artifactLocation"] as? [String: Any]
        else { return false }
        return region["startLine"] as? Int == example.line && region["startColumn"] as? Int == example.column
          && artifact["uri"] as? String == file
      }, "\(result.stdout)")
  }

  /// A palette entry that does not decode is reported where it is written, once: names that
  /// refer to it are not unknown names, and a template's entry the file overrides is fine.
  @Test func aBrokenPaletteEntryIsReportedOnce() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/base.yaml", "buttonsmith: 1\npalette: { T: notacolour, U: { light: red } }\n")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      palette: { C: { light: red }, F: $C, T: blue }
      buttons:
        a: { extends: base, size: [10, 10], tint: $F, border: { width: 1, color: $G } }
        b: { extends: base, size: [10, 10], tint: $T, background: $U }

      """)
    let result = try CLIRunner.run(["lint", "--format", "json"], in: workspace.url)
    let found = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let located = found.map { "\($0["file"] ?? ""):\($0["line"] ?? 0):\($0["column"] ?? 0) \($0["id"] ?? "")" }
    #expect(
      located == [
        "specs/a.yaml:2:15 missing-key", "specs/a.yaml:4:76 unknown-palette-name", "templates/base.yaml:2:15 bad-color",
        "templates/base.yaml:2:30 missing-key",
      ], "\(located)")
  }

  /// A file that is missing (or not a font, or not a PNG) is reported where each button names it
  /// with its own rule, never as a render error of the buttons after the first.
  @Test(arguments: [("", "missing-file"), ("not a font or an image", "not-a-font")])
  func aFileNamedByTwoButtonsIsReportedAtBoth(contents: String, rule: String) throws {
    let workspace = try TestWorkspace()
    if !contents.isEmpty { try workspace.write("specs/gone.ttf", contents) }
    let button = "{ size: [100, 44], tint: red, text: Hi, font: { file: gone.ttf } }"
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: \(button)\n  b: \(button)\n")
    let run = try CLIRunner.run(["lint", "--no-config", "--format", "json"], in: workspace.url)
    #expect(run.status == 1)
    let found = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
    let located = found.map { "\($0["line"] ?? 0):\($0["column"] ?? 0) \($0["id"] ?? "")" }
    #expect(located == ["3:60 \(rule)", "4:60 \(rule)"], "\(run.stdout)")
    #expect(Set(found.map { $0["message"] as? String ?? "" }).count == 1, "\(run.stdout)")
  }

  /// A file named by its whole path (it shares no directory with the working directory but
  /// `/`) is a `file` URI in SARIF; one named from the working directory stays a relative
  /// reference.
  @Test func aFileNamedByItsWholePathIsAFileURIInSARIF() throws {
    let workspace = try TestWorkspace()
    let base = workspace.url.path.hasPrefix("/var/") ? "/tmp" : "/var/tmp"
    let elsewhere = URL(fileURLWithPath: "\(base)/buttonsmith-sarif-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let spec = elsewhere.appendingPathComponent("a b.yaml")
    try "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tnit: red }\n".write(
      to: spec, atomically: true, encoding: .utf8)
    let run = try CLIRunner.run(["lint", "--no-config", "--format", "sarif", spec.path], in: workspace.url)
    #expect(run.status == 1)
    let name = elsewhere.lastPathComponent
    #expect(run.stdout.contains("\"uri\" : \"file://\(base)/\(name)/a%20b.yaml\""), "\(run.stdout)")
  }

  @Test func strictMakesWarningsFail() throws {
    let (workspace, _, _) = try workspace(for: .lowContrast)
    #expect(try CLIRunner.run(["lint"], in: workspace.url).status == 0)
    #expect(try CLIRunner.run(["lint", "--strict"], in: workspace.url).status == 1)
  }
}

/// The required fields of the SARIF 2.1.0 schema for what this tool writes.
enum SARIFSchema {
  struct Violation: Error, CustomStringConvertible {
    var description: String
  }

  static func validateRequiredFields(_ log: [String: Any]) throws {
    try require(log["version"] as? String == "2.1.0", "log.version must be 2.1.0")
    let runs = try unwrap(log["runs"] as? [[String: Any]], "log.runs")
    for run in runs {
      let tool = try unwrap(run["tool"] as? [String: Any], "run.tool")
      let driver = try unwrap(tool["driver"] as? [String: Any], "tool.driver")
      try require((driver["name"] as? String)?.isEmpty == false, "driver.name")
      let rules = driver["rules"] as? [[String: Any]] ?? []
      for rule in rules { try require(rule["id"] is String, "reportingDescriptor.id") }
      for result in run["results"] as? [[String: Any]] ?? [] {
        let message = try unwrap(result["message"] as? [String: Any], "result.message")
        try require(message["text"] is String || message["id"] is String, "message.text or message.id")
        if let level = result["level"] as? String {
          try require(["none", "note", "warning", "error"].contains(level), "result.level")
        }
        if let index = result["ruleIndex"] as? Int {
          try require(index >= 0 && index < rules.count, "result.ruleIndex")
          try require(rules[index]["id"] as? String == result["ruleId"] as? String, "ruleIndex matches ruleId")
        }
        for location in result["locations"] as? [[String: Any]] ?? [] {
          let physical = try unwrap(location["physicalLocation"] as? [String: Any], "physicalLocation")
          if let region = physical["region"] as? [String: Any] {
            try require((region["startLine"] as? Int ?? 1) >= 1, "region.startLine >= 1")
            try require((region["startColumn"] as? Int ?? 1) >= 1, "region.startColumn >= 1")
          }
        }
      }
    }
  }

  private static func require(_ condition: Bool, _ what: String) throws {
    if !condition { throw Violation(description: "SARIF: \(what)") }
  }

  private static func unwrap<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw Violation(description: "SARIF: missing \(what)") }
    return value
  }
}

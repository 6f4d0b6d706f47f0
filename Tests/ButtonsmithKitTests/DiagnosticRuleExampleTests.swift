import DiagnosticExamples
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// Every documented example really triggers its rule at the documented place, and its fix
/// really clears it.
struct DiagnosticRuleExampleTests {
  static let rulesWithExamples = DiagnosticRule.allCases.filter { $0.example != nil }

  @Test(arguments: rulesWithExamples)
  func badExampleIsReportedAtItsPosition(rule: DiagnosticRule) throws {
    let example = try #require(rule.example)
    let workspace = try TestWorkspace()
    for (path, bytes) in example.files { try workspace.write(path, bytes: bytes) }
    try workspace.write("specs/example.yaml", bytes: example.badBytes ?? Array(example.bad.utf8))
    let checked = workspace.checkAll()
    let matching = checked.diagnostics.all.filter { $0.rule == rule }
    let expectedFile = example.file ?? "specs/example.yaml"
    #expect(
      matching.contains {
        $0.location == SourceLocation(file: expectedFile, line: example.line, column: example.column)
      },
      "\(rule.rawValue) expected at \(expectedFile):\(example.line):\(example.column), got \(checked.diagnostics.sorted)"
    )
  }

  @Test(arguments: rulesWithExamples)
  func goodExampleIsClean(rule: DiagnosticRule) throws {
    let example = try #require(rule.example)
    let workspace = try TestWorkspace()
    for (path, bytes) in example.goodFiles ?? example.files where !path.contains("loop") {
      try workspace.write(path, bytes: bytes)
    }
    try workspace.write("specs/example.yaml", example.good)
    let checked = workspace.checkAll()
    #expect(checked.diagnostics.all.isEmpty, "\(rule.rawValue): \(checked.diagnostics.sorted)")
  }

  /// A scale or an appearance listed twice is one mistake: one error, at the repeat, not one
  /// more for every state whose file it would write twice.
  @Test(arguments: ["scales: [1, 2, 2]", "appearances: [light, dark, light]"])
  func aRepeatedScaleOrAppearanceIsReportedOnce(list: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  a:\n    size: [100, 44]\n    tint: red\n    \(list)\n    states: { normal: {}, selected: { tint: blue } }\n"
    )
    let found = workspace.checkAll().diagnostics.sorted
    #expect(found.map { "\($0.location.line) \($0.rule.rawValue)" } == ["6 duplicate-output"], "\(found)")
  }

  @Test func everyRuleHasASummaryAndAUniqueID() {
    let ids = DiagnosticRule.allCases.map(\.rawValue)
    #expect(Set(ids).count == ids.count)
    for rule in DiagnosticRule.allCases {
      #expect(rule.rawValue.allSatisfy { $0.isLowercase || $0 == "-" })
      #expect(rule.summary.hasSuffix("."))
    }
  }

  @Test func referenceDocumentMatchesTheRules() throws {
    let file = repositoryRoot.appendingPathComponent("docs/diagnostics.md")
    let generated = DiagnosticsReference.markdown()
    if isRecordingGoldens {
      try Data(generated.utf8).write(to: file)
    }
    let committed = try String(contentsOf: file, encoding: .utf8)
    #expect(committed == generated, "docs/diagnostics.md is stale: run `make docs`")
  }
}

extension TestWorkspace {
  /// Runs every check `lint` runs on `specs/`, with `templates/` when the workspace has one.
  func checkAll() -> CheckedSpecs {
    let hasTemplates = FileManager.default.fileExists(atPath: url.appendingPathComponent("templates").path)
    let overrides = ProjectConfiguration.Overrides(
      specPaths: ["specs"], templateDirectories: hasTemplates ? ["templates"] : [])
    let configuration = ProjectConfiguration.load(workingDirectory: url, overrides: overrides).configuration!
    let project = Project(configuration: configuration)
    var checked = project.check()
    checked.diagnostics = project.plan(checked).diagnostics
    return checked
  }
}

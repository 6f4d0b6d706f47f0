import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A message quotes at most the first 64 characters of a name, whatever stage reports it.
struct ShownNameTests {
  static let long = String(repeating: "k", count: 150)
  static let shown = String(repeating: "k", count: 64) + "…"

  @Test func everyStageQuotesALongNameCut() throws {
    let workspace = try TestWorkspace()
    let long = Self.long
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      palette: { P: red }
      buttons:
        ok:
          size: [100, 44]
          background: $\(long)
          text: Go
          \(long): 1
          extends: \(long)
          states: { \(long): {} }
          font: { family: \(long) }
        \(long): { size: [100, 44], background: navy, text: { string: \(long) } }
        fine: { size: [100, 44], background: navy, text: Go, font: { family: \(long) } }
        twice: { size: [100, 44], background: navy, "\(long)": 1, "\(long)": 2 }
      """)
    let plan = try workspace.project().plan()
    let rules = Set(plan.diagnostics.all.map(\.rule))
    #expect(
      rules.isSuperset(of: [
        .badColor, .unknownKey, .unknownTemplate, .unknownState, .invalidAssetName, .missingString, .fontSubstituted,
        .duplicateKey,
      ]), "\(plan.diagnostics.sorted)")
    for diagnostic in plan.diagnostics.all {
      #expect(!diagnostic.message.contains(long.prefix(65)), "\(diagnostic)")
      #expect(diagnostic.message.contains(Self.shown), "\(diagnostic)")
    }
  }

  /// A string table's keys are names too.
  @Test func aStringTablesLongKeyIsQuotedCut() throws {
    let workspace = try TestWorkspace()
    let long = Self.long
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: [en, fr], strings: [Buttons.xcstrings] }\n")
    try workspace.write(
      "Buttons.xcstrings",
      #"{ "sourceLanguage" : "en", "strings" : { ""# + long
        + #"" : { "localizations" : { "en" : { "stringUnit" : { "value" : 5 } } } } } }"#)
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  ok: { size: [100, 44], background: navy, text: { string: \(long) } }\n")
    let plan = try workspace.project().plan()
    #expect(plan.diagnostics.all.count >= 2, "\(plan.diagnostics.sorted)")
    for diagnostic in plan.diagnostics.all {
      #expect(!diagnostic.message.contains(long.prefix(65)), "\(diagnostic)")
      #expect(diagnostic.message.contains(Self.shown), "\(diagnostic)")
    }
  }

  /// A name is cut at a scalar once its bytes pass 256, also within its first 64 characters: one
  /// character may hold hundreds of combining marks.
  @Test func aNameIsCutByItsBytesToo() {
    let heavy = "e" + String(repeating: "\u{301}", count: 300) + "tail"
    let shown = Diagnostic.shown(heavy)
    #expect(shown.utf8.count <= Diagnostic.maximumShownNameBytes + "…".utf8.count)
    #expect(shown.hasSuffix("…") && shown.unicodeScalars.starts(with: "e\u{301}\u{301}".unicodeScalars))
    #expect(Diagnostic.shown("short") == "short")
    #expect(Diagnostic.shown(String(repeating: "a", count: 64)) == String(repeating: "a", count: 64))
  }
}

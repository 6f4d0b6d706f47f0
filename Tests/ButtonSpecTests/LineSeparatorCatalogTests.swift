import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// U+0085, U+2028 and U+2029 written raw in a string catalog's strings are JSON, and are text:
/// lines are counted at line breaks only, as an editor shows them, and the text keeps them.
struct LineSeparatorCatalogTests {
  static func catalog(_ separator: Character, strayComma: Bool = false) -> String {
    """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "note" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "a\(separator)b" } } } },
        "pay" : {
          "localizations" : {
            "de" : { "variations" : { "plural" : { } } }
          }
        }\(strayComma ? "," : "")
      },
      "version" : "1.0"
    }
    """
  }

  @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"] as [Character])
  func laterPlacesAreWhereAnEditorShowsThem(separator: Character) throws {
    let workspace = try TestWorkspace()
    try workspace.write("strings/Localizable.xcstrings", Self.catalog(separator))
    let (tables, diagnostics) = workspace.loadStringTables("strings")
    let warnings = diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
    #expect(warnings == ["7:9 plural-skipped"], "\(diagnostics.all)")
    let note = try #require(tables.text("note", in: "de"))
    #expect(note.value == "a\(separator)b")
    #expect((note.location.line, note.location.column) == (4, 96))
  }

  @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"] as [Character])
  func aJSONMistakeAfterOneIsOnItsLine(separator: Character) throws {
    let workspace = try TestWorkspace()
    try workspace.write("strings/Localizable.xcstrings", Self.catalog(separator, strayComma: true))
    let (_, diagnostics) = workspace.loadStringTables("strings")
    let errors = diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    #expect(errors == ["10:3 a string catalog is JSON, and '}' is not JSON in its place"], "\(diagnostics.all)")
  }
}

import ButtonCore
@testable import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// Android tables read as aapt2 reads them (checked against aapt2 2.19: `aapt2 compile` and
/// `aapt2 dump resources`): qualifiers in any case, and `<item type="string">` as a string.
struct AndroidStringTableTests {
  func load(_ files: [String: String]) throws -> (StringTables, Diagnostics) {
    let workspace = try TestWorkspace()
    for (path, text) in files { try workspace.write(path, text) }
    return workspace.loadStringTables("res")
  }

  /// aapt2 reads a folder's qualifiers in any case (`values-DE` is German, `values-pt-rbr`
  /// Brazilian Portuguese): such a folder's strings are the language's, in its usual case.
  @Test(arguments: [
    ("values-DE", "de"), ("values-pt-rbr", "pt-BR"), ("values-De-rAt", "de-AT"), ("values-b+sr+latn", "sr-Latn"),
    ("values-B+ES+419", "es-419"), ("values-b+ZH+hant+hk", "zh-Hant-HK"), ("values-IW", "he"),
  ])
  func qualifiersAreReadInAnyCase(folder: String, language: String) throws {
    #expect(StringTableLoader.androidLanguage(folder) == language)
    let (tables, diagnostics) = try load([
      "res/\(folder)/strings.xml": #"<resources><string name="go">Los</string></resources>"#
    ])
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    #expect(tables.text("go", in: language)?.value == "Los")
  }

  @Test
  func anItemOfTypeStringIsAString() throws {
    let xml = """
      <resources>
          <item type="string" name="go">Los</item>
          <item type="dimen" name="gap">4dp</item>
          <item type="string">Nameless</item>
          <string name="stop">Halt</string>
          <item type="string" name="stop">Again</item>
      </resources>
      """
    let (tables, diagnostics) = try load(["res/values-de/strings.xml": xml])
    #expect(tables.text("go", in: "de")?.value == "Los")
    #expect(
      tables.text("go", in: "de")?.location == SourceLocation(file: "res/values-de/strings.xml", line: 2, column: 5))
    #expect(tables.text("gap", in: "de") == nil)
    #expect(tables.text("stop", in: "de")?.value == "Halt")
    #expect(
      diagnostics.sorted.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "4:5 <item> has no 'name'", "6:5 string 'stop' is already defined in this file",
      ])
  }
}

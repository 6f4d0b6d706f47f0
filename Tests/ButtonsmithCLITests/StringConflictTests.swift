import ButtonsmithTestSupport
import Foundation
import Testing

/// A key given other texts in one language, by two tables or twice by one: the first read is
/// drawn, as Xcode keeps a key's first value, and each other text of a key a label uses is a
/// `conflicting-string` warning where it is written. An empty text gives way to a later one.
struct StringConflictTests {
  func lint(_ files: [String: String], languages: String = "[en, de, fr]") throws -> [String] {
    let workspace = try TestWorkspace()
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: \(languages), strings: [strings, res] }\n")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { size: [160, 44], scales: [1], tint: "#102030" }
      buttons:
        pay: { text: { string: pay } }
        go: { text: { string: go } }

      """)
    for (path, text) in files { try workspace.write(path, text) }
    let run = try CLIRunner.run(["lint", "--format", "json"], in: workspace.url)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    return report.map { "\($0["file"] ?? ""):\($0["line"] ?? ""):\($0["column"] ?? "") \($0["id"] ?? "")" }.sorted()
  }

  @Test func otherTextsOfAUsedKeyAreWarnedWhereTheyAreWritten() throws {
    let found = try lint([
      "strings/en.lproj/Localizable.strings": "\"pay\" = \"Pay\";\n\"go\" = \"Go\";\n\"go\" = \"Start\";\n",
      "strings/de.lproj/Localizable.strings": "\"pay\" = \"Zahlen\";\n\"go\" = \"Los\";\n",
      // Read after Localizable.strings: its other text is not drawn.
      "strings/de.lproj/Other.strings": "\"pay\" = \"Bezahlen\";\n\"unused\" = \"A\";\n",
      "strings/de.lproj/Third.strings": "\"unused\" = \"B\";\n",
      // The same text again, from Android's table, is no conflict.
      "res/values-de/strings.xml": "<resources>\n  <string name=\"pay\">Zahlen</string>\n</resources>\n",
      // An empty text is an entry not yet translated: the later text is drawn, without a warning.
      "strings/fr.lproj/A.strings": "\"pay\" = \"\";\n\"go\" = \"Aller\";\n",
      "strings/fr.lproj/B.strings": "\"pay\" = \"Payer\";\n",
    ])
    #expect(
      found == [
        "strings/de.lproj/Other.strings:1:9 conflicting-string",
        "strings/en.lproj/Localizable.strings:3:8 conflicting-string",
      ])
  }

  /// The message names both texts and where the drawn one is written.
  @Test func theMessageNamesTheTextDrawn() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: [en], strings: [res, strings] }\n")
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  pay: { size: [160, 44], tint: red, text: { string: pay } }\n")
    try workspace.write("strings/en.lproj/Localizable.strings", "\"pay\" = \"Pay now\";\n")
    try workspace.write("res/values/strings.xml", "<resources>\n  <string name=\"pay\">Pay</string>\n</resources>\n")
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(run.status == 0)
    #expect(
      run.stderr.contains(
        "strings/en.lproj/Localizable.strings:1:9: warning: 'pay' has another en text here, 'Pay now', than the one "
          + "drawn, 'Pay' (res/values/strings.xml:2:3), which was read first [conflicting-string]"), "\(run.stderr)")
  }
}

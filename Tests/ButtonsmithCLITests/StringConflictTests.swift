import ButtonsmithTestSupport
import Foundation
import Testing

/// A key given other texts in one language, by two tables or twice by one: the first read is
/// drawn, as Xcode keeps a key's first value, and each other text of a key a label uses is a
/// `conflicting-string` warning where it is written. An empty text gives way to a later one.
struct StringConflictTests {
  func lint(_ files: [String: String], languages: String = "[en, de, fr]", strings: String = "[strings, res]") throws
    -> [String]
  {
    let workspace = try TestWorkspace()
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: \(languages), strings: \(strings) }\n")
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

  /// A project of one button labelled by the key `pay`, in `languages` from the tables `strings`
  /// names, with `files` written.
  func project(languages: String, strings: String, files: [String: String]) throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: \(languages), strings: \(strings) }\n")
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  pay: { size: [160, 44], tint: red, text: { string: pay } }\n")
    for (path, text) in files { try workspace.write(path, text) }
    return workspace
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
    let workspace = try project(
      languages: "[en]", strings: "[res, strings]",
      files: [
        "strings/en.lproj/Localizable.strings": "\"pay\" = \"Pay now\";\n",
        "res/values/strings.xml": "<resources>\n  <string name=\"pay\">Pay</string>\n</resources>\n",
      ])
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(run.status == 0)
    #expect(
      run.stderr.contains(
        "strings/en.lproj/Localizable.strings:1:9: warning: 'pay' has another en text here, 'Pay now', than the one "
          + "drawn, 'Pay', which was read first [conflicting-string]"), "\(run.stderr)")
    // Where the text drawn is written is a note, whose path opens from where the command ran.
    #expect(run.stderr.contains("\nres/values/strings.xml:2:3: note: the text drawn\n"), "\(run.stderr)")
    let inSpecs = try CLIRunner.run(["lint"], in: workspace.url.appendingPathComponent("specs"))
    #expect(inSpecs.stderr.contains("\n../res/values/strings.xml:2:3: note: the text drawn\n"), "\(inSpecs.stderr)")
  }

  /// A text of a thousand characters is quoted by its beginning: the message still names the
  /// text drawn.
  @Test func longTextsAreShortenedInTheMessage() throws {
    let long = String(repeating: "Pay now, ", count: 100)
    let found = try lint(
      ["strings/en.lproj/Localizable.strings": "\"pay\" = \"Pay\";\n\"pay\" = \"\(long)\";\n"], languages: "[en]")
    #expect(found.contains("strings/en.lproj/Localizable.strings:2:9 conflicting-string"), "\(found)")
    let workspace = try project(
      languages: "[en]", strings: "[strings]",
      files: ["strings/en.lproj/Localizable.strings": "\"pay\" = \"Pay\";\n\"pay\" = \"\(long)\";\n"])
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(
      run.stderr.contains(
        "'Pay now, Pay now, Pay now, Pay now, Pay …', than the one drawn, 'Pay', which was read first"),
      "\(run.stderr)")
  }

  /// A regional language whose entry is empty (not translated yet) takes its parent's text, as
  /// one without an entry does.
  @Test func anEmptyRegionalEntryFallsBackOnItsParent() throws {
    func keys(_ tables: [String: String]) throws -> (keys: Set<String>, stderr: String) {
      let workspace = try project(languages: "[en, pt-BR]", strings: "[strings]", files: tables)
      let plan = try CLIRunner.run(["plan", "--json"], in: workspace.url)
      let jobs = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [[String: Any]])
      return (Set(jobs.filter { $0["locale"] as? String == "pt-BR" }.compactMap { $0["key"] as? String }), plan.stderr)
    }
    let english = "strings/en.lproj/Localizable.strings"
    let fallback = try keys([
      english: "\"pay\" = \"Pay\";\n", "strings/pt.lproj/Localizable.strings": "\"pay\" = \"Pagar\";\n",
      "strings/pt-BR.lproj/Localizable.strings": "\"pay\" = \"\";\n",
    ])
    let direct = try keys([
      english: "\"pay\" = \"Pay\";\n", "strings/pt-BR.lproj/Localizable.strings": "\"pay\" = \"Pagar\";\n",
    ])
    #expect(!fallback.keys.isEmpty && fallback.keys == direct.keys)
    #expect(!fallback.stderr.contains("missing-translation"), "\(fallback.stderr)")
  }

  /// A table named and also inside a folder named is read once: its strings are not defined
  /// twice by itself. A `<string>` whose attributes take several lines is placed at its `<`.
  @Test func aTableReachedTwiceIsReadOnceAndLongTagsArePlacedAtTheirStart() throws {
    let found = try lint(
      [
        "strings/en.lproj/Localizable.strings": "\"pay\" = \"Pay\";\n\"go\" = \"Go\";\n",
        "res/values-de/strings.xml":
          "<resources xmlns:tools=\"http://schemas.android.com/tools\">\n  <string name=\"pay\">Zahlen</string>\n"
          + "  <string name=\"go\">Los</string>\n</resources>\n",
        "strings/de.lproj/Localizable.strings": "\"pay\" = \"Zahlen\";\n",
        "res/values-fr/strings.xml":
          "<resources xmlns:tools=\"http://schemas.android.com/tools\">\n    <string\n        name=\"pay\"\n"
          + "        tools:ignore=\"MissingTranslation\">Payer</string>\n    <string name=\"go\">Aller</string>\n"
          + "</resources>\n",
        "strings/fr.lproj/Localizable.strings": "\"pay\" = \"Régler\";\n\"go\" = \"Aller\";\n",
      ], strings: "[res/values-de/strings.xml, strings, res]")
    #expect(found == ["res/values-fr/strings.xml:2:5 conflicting-string"], "\(found)")
  }

  /// A regional development language (`en-US`) takes its parent's text (`en`) when no table
  /// has its own, as any regional language does.
  @Test func aRegionalDevelopmentLanguageFallsBackOnItsParent() throws {
    let workspace = try project(
      languages: "[en-US, de]", strings: "[strings]",
      files: [
        "strings/en.lproj/Localizable.strings": "\"pay\" = \"Pay\";\n\"pay\" = \"Pay now\";\n",
        "strings/de.lproj/Localizable.strings": "\"pay\" = \"Zahlen\";\n",
      ])
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("missing-string"), "\(run.stderr)")
    // Its other text is warned as the en text it is.
    #expect(run.stderr.contains("'pay' has another en text here, 'Pay now'"), "\(run.stderr)")
  }
}

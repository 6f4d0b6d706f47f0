import ButtonCore
@testable import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// Every mistake of a string table, and of the languages that name tables, is reported at once,
/// and what is readable around it is kept.
struct StringTableRecoveryTests {
  func load(_ files: [String: String]) throws -> (StringTables, Diagnostics) {
    let workspace = try TestWorkspace()
    for (path, text) in files { try workspace.write(path, text) }
    let loader = StringTableLoader(
      finder: SpecFinder(workingDirectory: workspace.url), files: InputFiles(), developmentLanguage: "en")
    var diagnostics = Diagnostics()
    let tables = loader.load([Located("strings", at: .start(of: "buttonsmith.yml"))], into: &diagnostics)
    return (tables, diagnostics)
  }

  /// A forgotten `;` keeps its entry and the next, quoted or a plain word, and is reported
  /// where it belongs; any other mistake skips to the next line.
  @Test func everyMistakeOfADotStringsFileIsReported() throws {
    let text = "\"ok\" = \"OK\"\n\"a\" = \"A\";\n\"b\" = \"B\"\nc = \"C\";\n\"d\" = \\U12;\n\"e\" = \"E\";\n"
    let (tables, diagnostics) = try load(["strings/de.lproj/L.strings": text])
    #expect(
      diagnostics.all.map { "\($0.location.line):\($0.location.column)" } == ["1:12", "3:10", "5:7"],
      "\(diagnostics.all)")
    #expect(diagnostics.all.allSatisfy { $0.rule == .invalidStringTable })
    for key in ["ok", "a", "b", "c", "e"] { #expect(tables.text(key, in: "de") != nil, "\(key)") }
    #expect(tables.text("d", in: "de") == nil)
  }

  /// A file of mistakes is reported up to a hundred of them, of either kind; a `;` forgotten at
  /// the end keeps its entry as one forgotten before the next does.
  @Test(arguments: ["\" x\n", "\"\n"])
  func aFileOfMistakesIsReportedUpToAHundred(ending: String) throws {
    let text = (0..<300).map { "\"k\($0)\" = \"v" + ending }.joined()
    let (_, diagnostics) = try load(["strings/de.lproj/L.strings": text])
    #expect(diagnostics.all.count == DotStringsReader.maximumMistakes)
    let (tables, atTheEnd) = try load(["strings/de.lproj/L.strings": "\"a\" = \"A\";\n\"b\" = \"B\"\n"])
    #expect(atTheEnd.all.map(\.location.line) == [2], "\(atTheEnd.all)")
    #expect(tables.text("b", in: "de")?.value == "B")
  }

  /// aapt refuses a string defined twice in one file: reported at the second, the first kept.
  @Test func anAndroidStringDefinedTwiceIsAnError() throws {
    let xml = "<resources>\n  <string name=\"go\">Go</string>\n  <string name=\"go\">Again</string>\n</resources>\n"
    let (tables, diagnostics) = try load(["strings/values-de/strings.xml": xml])
    let diagnostic = try #require(diagnostics.all.first)
    #expect(diagnostics.all.count == 1)
    #expect(diagnostic.location.line == 3 && diagnostic.message.contains("'go' is already defined"))
    #expect(diagnostic.notes.first?.location?.line == 2)
    #expect(tables.text("go", in: "de")?.value == "Go")
    // Strings for products are one string each: aapt builds the default product's.
    let products =
      "<resources>\n  <string name=\"hint\" product=\"tablet\">Tap</string>\n"
      + "  <string name=\"hint\" product=\"default\">Touch</string>\n  <string name=\"hint\" product=\"tv\">Select</string>\n</resources>\n"
    let (chosen, none) = try load(["strings/values-de/strings.xml": products])
    #expect(none.all.isEmpty, "\(none.all)")
    #expect(chosen.text("hint", in: "de")?.value == "Touch")
  }

  /// A language (or pseudo-locale) listed twice is reported where it repeats, and drawn once.
  @Test func aLanguageListedTwiceIsAnError() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "buttonsmith.yml",
      "buttonsmith: 1\nlocales:\n  languages: [en, de, fr, de, ar-XB]\n  pseudo: [en-XA, en-XA, ar-XB]\n")
    var diagnostics = Diagnostics()
    let file = ProjectFile.read(
      at: workspace.url.appendingPathComponent("buttonsmith.yml"), displayPath: "buttonsmith.yml", formats: ["files"],
      into: &diagnostics)
    #expect(file?.locales?.languages.map(\.value) == ["en", "de", "fr", "ar-XB"])
    #expect(file?.locales?.pseudo.map(\.value) == ["en-XA", "ar-XB"])
    // A pseudo-locale that is also a language is a repeat too.
    #expect(
      diagnostics.sorted.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "3:27 'de' is listed twice in languages; each is drawn once",
        "4:19 'en-XA' is listed twice in pseudo; each is drawn once",
        "4:26 'ar-XB' is listed in languages and in pseudo; it is drawn once, as the pseudo-locale",
      ], "\(diagnostics.sorted)")
  }

  /// A table larger than a table may be is refused unread, as a spec is, by its size.
  @Test func anOversizedTableIsRefusedUnread() throws {
    let workspace = try TestWorkspace()
    try workspace.write("strings/Buttons.xcstrings", "{}")
    let handle = try FileHandle(forWritingTo: workspace.url.appendingPathComponent("strings/Buttons.xcstrings"))
    try handle.truncate(atOffset: UInt64(StringTableLoader.maximumBytes + 1))
    try handle.close()
    let loader = StringTableLoader(
      finder: SpecFinder(workingDirectory: workspace.url), files: InputFiles(), developmentLanguage: "en")
    var diagnostics = Diagnostics()
    _ = loader.load([Located("strings", at: .start(of: "buttonsmith.yml"))], into: &diagnostics)
    #expect(diagnostics.all.map(\.rule) == [.fileTooLarge], "\(diagnostics.all)")
    #expect(diagnostics.all.first?.location == .start(of: "strings/Buttons.xcstrings"))
  }

  /// A catalog whose key is a long source text (over the 1,024 characters a YAML key may have)
  /// is read as plain JSON, on one line of megabytes too.
  @Test func aCatalogWithALongKeyIsRead() throws {
    let long = String(repeating: "Terms and conditions apply. ", count: 60)
    var entries = [
      "\"\(long)\":{\"localizations\":{\"de\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"AGB\"}}}}"
    ]
    for index in 0..<30_000 {
      entries.append(
        "\"k\(index)\":{\"localizations\":{\"de\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"x\"}}}}")
    }
    let catalog = "{\"sourceLanguage\":\"en\",\"strings\":{" + entries.joined(separator: ",") + "},\"version\":\"1.0\"}"
    #expect(catalog.utf8.count > 2_500_000)
    let (tables, diagnostics) = try load(["strings/Buttons.xcstrings": catalog])
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all.prefix(3))")
    #expect(tables.text(long, in: "de")?.value == "AGB")
  }
}

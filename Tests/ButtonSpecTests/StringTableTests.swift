import ButtonCore
@testable import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// The three string table formats, read as Xcode and Android's tools read them, every mistake
/// at its own line.
struct StringTableTests {
  func load(_ files: [String: [UInt8]], development: String = "en") throws -> (StringTables, Diagnostics) {
    let workspace = try TestWorkspace()
    for (path, bytes) in files { try workspace.write(path, bytes: bytes) }
    let loader = StringTableLoader(
      finder: SpecFinder(workingDirectory: workspace.url), files: InputFiles(), developmentLanguage: development)
    var diagnostics = Diagnostics()
    let tables = loader.load([Located("strings", at: .start(of: "buttonsmith.yml"))], into: &diagnostics)
    return (tables, diagnostics)
  }

  @Test func stringCatalogsGiveEveryLanguageAndSkipPlurals() throws {
    let catalog = #"""
      {
        "sourceLanguage" : "en",
        "strings" : {
          "buy" : {
            "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Jetzt \"kaufen\"\n\u00e9" } },
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Buy / now" } }
            }
          },
          "items" : {
            "localizations" : {
              "en" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "value" : "%d item" } } } } }
            }
          }
        },
        "version" : "1.0"
      }
      """#
    let (tables, diagnostics) = try load(["strings/Buttons.xcstrings": Array(catalog.utf8)])
    #expect(tables.text("buy", in: "de")?.value == "Jetzt \"kaufen\"\né")
    #expect(tables.text("buy", in: "en")?.value == "Buy / now")
    #expect(tables.text("buy", in: "en")?.location.line == 7)
    #expect(diagnostics.all.map(\.rule) == [.pluralSkipped])
    #expect(diagnostics.all.first?.location.line == 12)
  }

  @Test func dotStringsInUTF8AndUTF16WithCommentsAndEscapes() throws {
    let text = """
      /* The buy button. */
      "buy" = "Jetzt kaufen"; // trailing comment
      "quote" = "Sag \\"Hallo\\"\\n\\U00e9";
      plain_key = "Plain";
      """
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let (tables, diagnostics) = try load([
      "strings/de.lproj/Localizable.strings": Array(text.utf8), "strings/fr.lproj/Localizable.strings": utf16,
      "strings/Base.lproj/Localizable.strings": Array("\"buy\" = \"Buy now\";".utf8),
    ])
    #expect(diagnostics.all.isEmpty, "\(diagnostics.sorted)")
    for language in ["de", "fr"] {
      #expect(tables.text("buy", in: language)?.value == "Jetzt kaufen")
      #expect(tables.text("quote", in: language)?.value == "Sag \"Hallo\"\né")
      #expect(tables.text("plain_key", in: language)?.value == "Plain")
      #expect(tables.text("quote", in: language)?.location.line == 3)
    }
    #expect(tables.text("buy", in: "en")?.value == "Buy now")  // Base.lproj is the development language
  }

  @Test func surrogatePairsAndSourceTextKeys() throws {
    let (tables, diagnostics) = try load([
      "strings/fr.lproj/L.strings": Array("\"smile\" = \"Souris \\UD83D\\UDE00\";\n".utf8),
      "strings/Buttons.xcstrings": Array(
        "{ \"sourceLanguage\" : \"en\", \"strings\" : { \"Buy now\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"value\" : \"Kaufen\" } } } } } }"
          .utf8),
    ])
    #expect(diagnostics.all.isEmpty, "\(diagnostics.sorted)")
    #expect(tables.text("smile", in: "fr")?.value == "Souris 😀")
    // Xcode writes no source-language entry for a key that is its own text.
    #expect(tables.text("Buy now", in: "en")?.value == "Buy now")
    #expect(tables.text("Buy now", in: "de")?.value == "Kaufen")
  }

  /// JSON that YAML refuses (an escaped surrogate pair, as Python's json module writes emoji).
  @Test func catalogsWithEscapedSurrogatesAreRead() throws {
    let catalog =
      #"{"sourceLanguage":"en","strings":{"smile":{"localizations":{"en":{"stringUnit":{"value":"Smile \ud83d\ude00"}}}}}}"#
    let (tables, diagnostics) = try load([
      "strings/Buttons.xcstrings": Array(catalog.utf8),
      "strings/values-b+zh+Hant+HK/strings.xml": Array(
        "<resources><string name=\"smile\">微笑</string></resources>".utf8),
    ])
    #expect(diagnostics.all.isEmpty, "\(diagnostics.sorted)")
    #expect(tables.text("smile", in: "en")?.value == "Smile 😀")
    #expect(tables.text("smile", in: "zh-Hant-HK")?.value == "微笑")
  }

  @Test(arguments: [
    ("\"a\" = \"A\"\n\"b\" = \"B\";\n", 1, 10, "expected ';' after the value"),
    ("\"a\" = \"A;\n", 1, 7, "a string is not closed"),
    ("/* open\n\"a\" = \"A\";\n", 1, 1, "a comment is not closed"),
    ("\"a\" = \"\\U12\";\n", 1, 9, "'\\U' needs four hex digits"),
    ("\"a\" = \"\\UD83D!\";\n", 1, 9, "'\\U' names half of a character"),
  ])
  func brokenDotStringsAreLocated(text: String, line: Int, column: Int, message: String) throws {
    let (_, diagnostics) = try load(["strings/de.lproj/L.strings": Array(text.utf8)])
    let diagnostic = try #require(diagnostics.all.first)
    #expect(diagnostic.rule == .invalidStringTable)
    #expect(diagnostic.location == SourceLocation(file: "strings/de.lproj/L.strings", line: line, column: column))
    #expect(diagnostic.message.hasPrefix(message), "\(diagnostic.message)")
  }

  /// libxml2 parses fewer than four bytes as nothing, without an error: such a table (an empty
  /// file too, which aapt2 refuses) is an error where its content starts, as a longer one is.
  @Test(arguments: [
    ("", 1, 1), ("x", 1, 1), ("abc", 1, 1), ("<r>", 1, 1), (" ", 1, 2), ("  \n", 2, 1), ("\u{FEFF}", 1, 2),
    ("abcd", 1, 1), (" \n \n", 3, 1),
  ])
  func anAndroidTableWithoutAnElementIsLocated(text: String, line: Int, column: Int) throws {
    for folder in ["values", "values-de"] {
      let file = "strings/\(folder)/strings.xml"
      let (_, diagnostics) = try load([file: Array(text.utf8)])
      let diagnostic = try #require(diagnostics.all.first, "\(text.debugDescription) in \(folder)")
      #expect(diagnostics.all.count == 1 && diagnostic.rule == .invalidStringTable)
      #expect(diagnostic.location == SourceLocation(file: file, line: line, column: column), "\(text.debugDescription)")
    }
  }

  /// The siblings: an empty `.strings` file is an empty table; an empty string catalog is not JSON.
  @Test func anEmptyDotStringsIsEmptyAndAnEmptyCatalogIsAnError() throws {
    let (_, strings) = try load(["strings/de.lproj/L.strings": []])
    #expect(strings.all.isEmpty, "\(strings.sorted)")
    let (_, catalog) = try load(["strings/L.xcstrings": []])
    #expect(catalog.all.map(\.rule) == [.invalidStringTable], "\(catalog.sorted)")
  }

  @Test func androidStringsUnescapeAsAaptDoes() throws {
    let xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
          <string name="buy">Jetzt   kaufen</string>
          <string name="quote">Sag \\"Hallo\\" \\u00e9 \\'s</string>
          <string name="spaces">"  two  spaces  "</string>
          <string name="markup">Pay <xliff:g id="amount">%s</xliff:g> now</string>
          <plurals name="items"><item quantity="one">1 item</item></plurals>
          <string name="cdata"><![CDATA[<b>bold</b>]]></string>
      </resources>
      """
    let (tables, diagnostics) = try load([
      "strings/values-de/strings.xml": Array(xml.utf8),
      "strings/values-iw/strings.xml": Array("<resources><string name=\"buy\">קנו</string></resources>".utf8),
      "strings/values/strings.xml": Array("<resources><string name=\"buy\">Buy</string></resources>".utf8),
      "strings/values-night/strings.xml": Array("<resources><string name=\"buy\">Night</string></resources>".utf8),
    ])
    #expect(tables.text("buy", in: "de")?.value == "Jetzt kaufen")
    #expect(tables.text("quote", in: "de")?.value == "Sag \"Hallo\" é 's")
    #expect(tables.text("spaces", in: "de")?.value == "  two  spaces  ")
    #expect(tables.text("markup", in: "de")?.value == "Pay %s now")
    #expect(tables.text("cdata", in: "de")?.value == "<b>bold</b>")
    #expect(tables.text("buy", in: "he")?.value == "קנו")
    #expect(tables.text("buy", in: "en")?.value == "Buy")
    #expect(
      tables.text("buy", in: "de")?.location
        == SourceLocation(file: "strings/values-de/strings.xml", line: 3, column: 5))
    #expect(diagnostics.all.map(\.rule) == [.pluralSkipped])
    #expect(diagnostics.all.first?.location.line == 7)
  }

  /// Declared entities are refused at the declaration, not expanded: three levels of a few
  /// dozen references each are a file of a kilobyte and a label of megabytes.
  @Test(arguments: [2, 3, 9])
  func declaredEntitiesAreRefusedAtTheirLine(levels: Int) throws {
    var declarations = "  <!ENTITY e0 \"\(String(repeating: "A", count: 40))\">\n"
    for level in 1..<levels {
      declarations += "  <!ENTITY e\(level) \"\(String(repeating: "&e\(level - 1);", count: 40))\">\n"
    }
    let xml =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE resources [\n\(declarations)]>\n<resources>\n"
      + "  <string name=\"buy\">&e\(levels - 1);</string>\n</resources>\n"
    let (tables, diagnostics) = try load(["strings/values-de/strings.xml": Array(xml.utf8)])
    #expect(diagnostics.all.count == 1)
    let diagnostic = try #require(diagnostics.all.first)
    #expect(diagnostic.rule == .invalidStringTable && diagnostic.message.contains("<!ENTITY>"))
    #expect(diagnostic.location.line == 3 && diagnostic.location.column == 3)
    #expect(tables.text("buy", in: "de") == nil)
  }

  /// Only a language's own folder gives its labels: one with another qualifier as well (an API
  /// level, an orientation) is not read, whichever sorts first; a bare qualifier is no language.
  @Test func androidFoldersWithOtherQualifiersAreNotTheLanguage() throws {
    func table(_ text: String) -> [UInt8] { Array("<resources><string name=\"go\">\(text)</string></resources>".utf8) }
    let (tables, diagnostics) = try load([
      "strings/values-fr/strings.xml": table("Aller"),
      "strings/values-fr-v21/strings.xml": table("Aller v21"),
      "strings/values-fr-land/strings.xml": table("Aller land"),
      "strings/values-pt-rBR/strings.xml": table("Ir"),
      "strings/values-pt-rBR-v21/strings.xml": table("Ir v21"),
      "strings/values-b+sr+Latn/strings.xml": table("Idi"),
      "strings/values-b+sr+Latn-v21/strings.xml": table("Idi v21"),
      "strings/values-v21/strings.xml": table("v21"),
    ])
    #expect(diagnostics.all.isEmpty)
    #expect(tables.text("go", in: "fr")?.value == "Aller")
    #expect(tables.text("go", in: "pt-BR")?.value == "Ir")
    #expect(tables.text("go", in: "sr-Latn")?.value == "Idi")
    #expect(Set(tables.strings.keys) == ["fr", "pt-BR", "sr-Latn"])
    for folder in ["values-fr-v21", "values-de-land", "values-night", "values-b+", "values-pt-rBRA", "values-b+sr-v21"]
    {
      #expect(StringTableLoader.androidLanguage(folder) == nil, "\(folder)")
    }
  }

  /// Mistakes the XML parser meets only at the end of the file (an element never closed, a
  /// root never closed, content after the root) are errors at their line, as mid-file ones are.
  @Test(arguments: [
    ("<resources>\n  <string name=\"go\">Aller\n</resources>\n", 3),
    ("<resources>\n  <string name=\"go\">Aller</string>\n", 2),
    ("<resources>\n  <string name=\"go\">Aller</string>\n</resources>\n<extra/>\n", 4),
  ])
  func xmlBrokenAtItsEndIsAnError(xml: String, line: Int) throws {
    let (_, diagnostics) = try load(["strings/values-fr/strings.xml": Array(xml.utf8)])
    #expect(diagnostics.all.map(\.rule) == [.invalidStringTable])
    #expect(diagnostics.all.first?.location.line == line, "\(diagnostics.all)")
  }

  @Test func brokenXMLIsLocated() throws {
    let xml = "<resources>\n  <string name=\"a\">A</string>\n  <string name=\"b\">B</strin>\n</resources>\n"
    let (tables, diagnostics) = try load(["strings/values-de/strings.xml": Array(xml.utf8)])
    let diagnostic = try #require(diagnostics.all.first)
    #expect(diagnostic.rule == .invalidStringTable)
    #expect(diagnostic.location.line == 3)
    #expect(tables.text("a", in: "de")?.value == "A")
  }

  /// A broken catalog is a string table's error at its line, whatever the parser found: a
  /// missing value, a missing comma, nothing at all, YAML that is not JSON (a comment, a block
  /// map, an unquoted key), a value that is not a string; bytes that are
  /// not UTF-8 are an encoding error, as in a spec or a `.strings` file.
  @Test(arguments: [
    ("{\n  \"strings\" : {\n    \"buy\" : { \"localizations\" : { \"de\" : } }\n  }\n}\n", 3, "'}' is not JSON"),
    ("{\n  \"strings\" : {}\n}\n# made by hand\n", 4, "'#' is not JSON"),
    ("{\n  \"strings\" : {}\n} # by hand\n", 3, "'#' is not JSON"),
    ("strings:\n  buy: {}\n", 1, "'strings' is not JSON"),
    ("{\n  \"sourceLanguage\" : \"en\",\n  strings : {}\n}\n", 3, "'strings' is not JSON"),
    (
      "{\n  \"strings\" : {\n    \"buy\" : { \"localizations\" : { \"de\" : { \"stringUnit\" :\n"
        + "      { \"state\" : \"translated\", \"value\" : 12 } } } }\n  }\n}\n", 4,
      "'stringUnit.value' of 'buy' in 'de' is the number 12, not a string"
    ),
    ("{\n  \"sourceLanguage\" : \"en\"\n  \"strings\" : {}\n}\n", 3, "is not JSON in its place"),
    ("{\n  \"strings\" : {\n    // c\n    \"go\" : {}\n  }\n}\n", 3, "JSON, which has no comments"),
    ("{\n  \"strings\" : {\n    /* a\n b */\n  }\n}\n", 3, "JSON, which has no comments"),
    ("{\n  \"sourceLanguage\" : \"en\", // x\n  \"strings\" : {}\n}\n", 2, "JSON, which has no comments"),
    ("{\n  \"strings\" : { \"a\u{FF}\" : {} }\n}\n", 2, "not UTF-8 text"),
    ("", 1, "the file is empty"),
    ("{\n  \"strings\" : {\n    \"go\" : {},\n    \"go\" : {}\n  }\n}\n", 4, "'go' is already defined"),
  ])
  func brokenCatalogIsAStringTableErrorAtItsLine(catalog: String, line: Int, message: String) throws {
    let bytes = Array(catalog.replacingOccurrences(of: "\u{FF}", with: "\u{1}").utf8).map { $0 == 1 ? 0xFF : $0 }
    let (_, diagnostics) = try load(["strings/Buttons.xcstrings": bytes])
    #expect(diagnostics.all.count == 1)
    let diagnostic = try #require(diagnostics.all.first)
    #expect(diagnostic.rule == (message.hasSuffix("UTF-8 text") ? .invalidEncoding : .invalidStringTable))
    #expect(diagnostic.location.file == "strings/Buttons.xcstrings" && diagnostic.location.line == line)
    #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
  }

  /// A text with substitutions (Xcode's plural of an argument) varies as a plural does, and a
  /// key not to be translated is noted as such.
  @Test func substitutionsAreSkippedAndUntranslatedKeysNoted() throws {
    let catalog = #"""
      {
        "sourceLanguage" : "en",
        "strings" : {
          "brand" : { "shouldTranslate" : false },
          "items" : {
            "localizations" : {
              "en" : {
                "stringUnit" : { "state" : "translated", "value" : "%#@items@" },
                "substitutions" : { "items" : { "variations" : { "plural" : {} } } }
              }
            }
          }
        }
      }
      """#
    let (tables, diagnostics) = try load(["strings/Buttons.xcstrings": Array(catalog.utf8)])
    #expect(diagnostics.all.map(\.rule) == [.pluralSkipped])
    #expect(diagnostics.all.first?.location.line == 7)
    #expect(tables.text("items", in: "en") == nil)
    #expect(tables.untranslated == ["brand"])
    #expect(tables.text("brand", in: "en")?.value == "brand")
  }

  /// An Android string marked `translatable="false"` is kept, and its key noted as not to be
  /// translated; one marked `true`, or not marked, is not noted.
  @Test func androidStringsNotToBeTranslatedAreNoted() throws {
    let xml = """
      <resources>
        <string name="brand" translatable="false">Acme</string>
        <string name="go" translatable="true">Go</string>
        <string name="stop">Stop</string>
      </resources>
      """
    let (tables, diagnostics) = try load(["strings/values/strings.xml": Array(xml.utf8)])
    #expect(diagnostics.all.isEmpty)
    #expect(tables.untranslated == ["brand"])
    #expect(tables.text("brand", in: "en")?.value == "Acme")
  }

  /// An apostrophe outside double quotes and not escaped is refused, as aapt2 refuses it,
  /// however it is written; one escaped or quoted is text.
  @Test func androidRefusesAnUnescapedApostropheAsAaptDoes() throws {
    let xml = """
      <resources>
        <string name="plain">Don't</string>
        <string name="entity">Don&apos;t</string>
        <string name="cdata"><![CDATA[Don't]]></string>
        <string name="escaped">Don\\'t</string>
        <string name="quoted">"Don't"</string>
      </resources>
      """
    let (tables, diagnostics) = try load(["strings/values/strings.xml": Array(xml.utf8)])
    #expect(diagnostics.all.map(\.rule) == Array(repeating: .invalidStringTable, count: 3))
    #expect(diagnostics.all.map(\.location.line) == [2, 3, 4])
    #expect(diagnostics.all.first?.message.contains("apostrophe") == true)
    #expect(tables.text("escaped", in: "en")?.value == "Don't")
    #expect(tables.text("quoted", in: "en")?.value == "Don't")
  }

  /// Android reads the strings of every XML file of a values folder, not only `strings.xml`;
  /// files without strings (colours, dimensions) give none.
  @Test func everyXMLFileOfAValuesFolderIsRead() throws {
    let (tables, diagnostics) = try load([
      "strings/values/buttons.xml": Array("<resources><string name=\"go\">Go</string></resources>".utf8),
      "strings/values-de/buttons.xml": Array("<resources><string name=\"go\">Los</string></resources>".utf8),
      "strings/values/colors.xml": Array("<resources><color name=\"red\">#FF0000</color></resources>".utf8),
      "strings/layout/main.xml": Array("<LinearLayout/>".utf8),
    ])
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    #expect(tables.text("go", in: "en")?.value == "Go" && tables.text("go", in: "de")?.value == "Los")
  }

  /// A string two files of one folder define is refused, as aapt refuses it; the same name in
  /// another folder is that language's.
  @Test func aStringTwoFilesOfAFolderDefineIsAnError() throws {
    let (tables, diagnostics) = try load([
      "strings/values/a.xml": Array("<resources><string name=\"go\">A</string></resources>".utf8),
      "strings/values/b.xml": Array("<resources>\n<string name=\"go\">B</string></resources>".utf8),
      "strings/values-de/b.xml": Array("<resources><string name=\"go\">Los</string></resources>".utf8),
    ])
    #expect(
      diagnostics.all.map(\.description) == [
        "strings/values/b.xml:2:1: error: string 'go' is already defined in 'strings/values/a.xml', in the same folder "
          + "[invalid-string-table]"
      ])
    #expect(tables.text("go", in: "en")?.value == "A" && tables.text("go", in: "de")?.value == "Los")
  }

  /// A catalog with a key written twice and text that is not JSON has both reported.
  @Test func aRepeatedKeyIsReportedBesideTextThatIsNotJSON() throws {
    let catalog = "{\n  \"strings\" : {\n    \"go\" : {},\n    \"go\" : {}\n  }\n}\n# by hand\n"
    let (_, diagnostics) = try load(["strings/Buttons.xcstrings": Array(catalog.utf8)])
    #expect(diagnostics.all.map(\.location.line) == [4, 7], "\(diagnostics.all)")
    #expect(diagnostics.all.allSatisfy { $0.rule == .invalidStringTable })
  }

  /// A compact catalog (no spaces, as JSON tools write it) with a key written twice at each level
  /// has every repeat reported, and the mistakes after them too.
  @Test func repeatsInACompactCatalogAreReportedWithWhatFollows() throws {
    let catalog =
      #"{"sourceLanguage":"en","strings":{"go":{"localizations":{"fr":{"stringUnit":{"value":"Va"}},"#
      + #""fr":{"stringUnit":{"value":"Allez","value":"Vas-y"}}}},"go":{},"#
      + #""stop":{"localizations":{"fr":{"stringUnit":{"value":5}}}}}}"# + "\n"
    let (_, diagnostics) = try load(["strings/Buttons.xcstrings": Array(catalog.utf8)])
    #expect(
      diagnostics.sorted.map { "\($0.location.column) \($0.message)" } == [
        "93 key 'fr' is already defined in this map", "129 key 'value' is already defined in this map",
        "149 key 'go' is already defined in this map",
        "210 'stringUnit.value' of 'stop' in 'fr' is the number 5, not a string",
      ], "\(diagnostics.all)")
    #expect(diagnostics.all.allSatisfy { $0.rule == .invalidStringTable && $0.location.line == 1 })
  }

  /// Where a catalog stops being JSON is its column in characters, as every diagnostic's is,
  /// though Foundation counts bytes.
  @Test func notJSONIsLocatedInCharacters() throws {
    let (_, diagnostics) = try load(["strings/Buttons.xcstrings": Array("{ \"straße\" : {}, x: 1 }\n".utf8)])
    let diagnostic = try #require(diagnostics.all.first)
    #expect(diagnostics.all.count == 1)
    #expect(diagnostic.location.line == 1 && diagnostic.location.column == 18, "\(diagnostic.location)")
    #expect(diagnostic.message.contains("'x' is not JSON"), "\(diagnostic.message)")
  }
}

import ButtonCore
@testable import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// A string table that is not the text it says is reported where it goes wrong, in every
/// format; nothing in one ends the process; a table as large as Android's tools take is read.
struct StringTableEncodingTests {
  func load(_ files: [String: [UInt8]]) throws -> (StringTables, Diagnostics) {
    let workspace = try TestWorkspace()
    for (path, bytes) in files { try workspace.write(path, bytes: bytes) }
    let loader = StringTableLoader(
      finder: SpecFinder(workingDirectory: workspace.url), files: InputFiles(), developmentLanguage: "en")
    var diagnostics = Diagnostics()
    let tables = loader.load([Located("strings", at: .start(of: "buttonsmith.yml"))], into: &diagnostics)
    return (tables, diagnostics)
  }

  func located(_ diagnostics: Diagnostics) -> [String] {
    diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue) \($0.message)" }
  }

  /// Bytes that are not UTF-8 in a tag's or an attribute's name, which Foundation's parser ended
  /// the process on, and in text.
  @Test(arguments: [
    ("<resources>\n  <string na\u{FFFF}me=\"go\">Allez</string>\n</resources>\n", "2:13"),
    ("<resources>\n  <str\u{FFFF}ing name=\"go\">Allez</str\u{FFFF}ing>\n</resources>\n", "2:7"),
    ("<resources>\n  <string name=\"g\u{FFFF}o\">Allez</string>\n</resources>\n", "2:18"),
    ("<resources>\n  <string name=\"go\">Al\u{FFFF}lez</string>\n</resources>\n", "2:23"),
  ])
  func androidTablesThatAreNotUTF8(text: String, position: String) throws {
    // U+FFFF stands for a byte 0xCC alone.
    let bytes = Array(text.utf8).split(separator: 0xEF, omittingEmptySubsequences: false)
      .map(Array.init).enumerated().flatMap { index, part in index == 0 ? part : [0xCC] + part.dropFirst(2) }
    let (_, diagnostics) = try load([
      "strings/values/strings.xml": Array("<resources><string name=\"go\">Go</string></resources>".utf8),
      "strings/values-fr/strings.xml": bytes,
    ])
    #expect(located(diagnostics) == ["\(position) invalid-encoding string table is not UTF-8 text (invalid byte 0xCC)"])
  }

  /// A table that declares an encoding of one byte a character is that encoding's text.
  @Test func anAndroidTableInLatin1IsRead() throws {
    let bytes =
      Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<resources><string name=\"go\">All".utf8) + [0xE9]
      + Array("</string></resources>\n".utf8)
    let (tables, diagnostics) = try load([
      "strings/values/strings.xml": Array("<resources><string name=\"go\">Go</string></resources>".utf8),
      "strings/values-fr/strings.xml": bytes,
    ])
    #expect(diagnostics.all.isEmpty, "\(located(diagnostics))")
    #expect(tables.text("go", in: "fr")?.value == "Allé")
  }

  @Test func aDotStringsTableThatIsNotUTF8SaysWhere() throws {
    let bytes = Array("/* de */\n\"a\" = \"b\";\n\"go\" = \"Los ".utf8) + [0xFF] + Array("\";\n".utf8)
    let (_, diagnostics) = try load(["strings/de.lproj/Localizable.strings": bytes])
    #expect(located(diagnostics) == ["3:13 invalid-encoding string table is not UTF-8 text (invalid byte 0xFF)"])
  }

  @Test(arguments: [true, false])
  func aDotStringsTableWithALoneSurrogateSaysWhere(bigEndian: Bool) throws {
    var units = Array("\"a\" = \"b\";\n\"go\" = \"Los ".utf16) + [0xD800] + Array("\";\n".utf16)
    units.insert(0xFEFF, at: 0)
    let bytes = units.flatMap { unit in
      bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    let (_, diagnostics) = try load(["strings/de.lproj/Localizable.strings": bytes])
    #expect(located(diagnostics) == ["2:13 invalid-encoding string table is not UTF-16 text (lone surrogate U+D800)"])
  }

  /// Lines end at `\n` alone before a lone surrogate too (a form feed or a line separator in a
  /// comment is not one), and a last byte without its pair is said, not dropped.
  @Test func aUTF16TableCountsLinesAtNewlinesAndKeepsItsLastByte() throws {
    func bytes(_ units: [UInt16]) -> [UInt8] { ([0xFEFF] + units).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
    let surrogate = Array("/* a\u{0C}b\u{2028}c */\n\"go\" = \"Los ".utf16) + [0xD800] + Array("\";\n".utf16)
    let (_, lone) = try load(["strings/de.lproj/Localizable.strings": bytes(surrogate)])
    #expect(located(lone) == ["2:13 invalid-encoding string table is not UTF-16 text (lone surrogate U+D800)"])
    let (_, odd) = try load(["strings/de.lproj/Localizable.strings": bytes(Array("\"go\" = \"Los\";\n".utf16)) + [0x41]]
    )
    #expect(located(odd) == ["2:1 invalid-encoding string table is UTF-16 text with an odd number of bytes"])
  }

  /// libxml2 refuses more than 10,000,000 bytes given at once; aapt reads such a table.
  @Test func anAndroidTableOverTenMillionBytesIsRead() throws {
    var text = "<resources>\n"
    text.reserveCapacity(11_000_000)
    for index in 0..<160_000 { text += "  <string name=\"key\(index)\">Some longer text, number \(index)</string>\n" }
    text += "</resources>\n"
    #expect(text.utf8.count > 10_000_000)
    let (tables, diagnostics) = try load([
      "strings/values/strings.xml": Array("<resources><string name=\"key1\">Go</string></resources>".utf8),
      "strings/values-fr/strings.xml": Array(text.utf8),
    ])
    #expect(diagnostics.all.isEmpty, "\(located(diagnostics).prefix(3))")
    #expect(tables.text("key159999", in: "fr")?.value == "Some longer text, number 159999")
  }
}

/// Catalogs that write characters outside the Basic Multilingual Plane as escaped surrogate
/// pairs (as Python's `json` does), which YAML refuses, keep every value's place.
extension StringTableEncodingTests {
  static let escapedCatalog = #"""
    {
      "sourceLanguage": "en",
      "strings": {
        "go \ud83d\ude80": {
          "localizations": {
            "en": { "stringUnit": { "state": "translated", "value": "Go \ud83d\ude00" } },
            "de": { "stringUnit": { "state": "translated", "value": "Los\u0007" } },
            "fr": { "stringUnit": { "state": "translated", "value": "Allez \\ud83d \uD83D\uDE00" } }
          }
        }
      }
    }
    """#

  @Test func escapedSurrogatePairsKeepEveryValuesPlace() throws {
    let (tables, diagnostics) = try load(["strings/L.xcstrings": Array(Self.escapedCatalog.utf8)])
    #expect(diagnostics.all.isEmpty, "\(located(diagnostics))")
    #expect(tables.text("go 🚀", in: "en")?.value == "Go 😀")
    #expect(tables.text("go 🚀", in: "en")?.location.line == 6)
    #expect(tables.text("go 🚀", in: "en")?.location.column == 65)
    #expect(tables.text("go 🚀", in: "de")?.location.line == 7)
    #expect(tables.text("go 🚀", in: "fr")?.value == "Allez \\ud83d 😀")
  }

  /// A catalog that holds a character standing in for a surrogate is read as plain JSON, its
  /// texts as they are (every value then at the start of the file).
  @Test func aCatalogWithAStandInIsReadAsItIs() throws {
    for standIn in ["\u{E03D}\u{E600}", "\\uE03D\\uE600"] {
      let catalog = Self.escapedCatalog.replacingOccurrences(
        of: "Go \\ud83d\\ude00", with: "Go \(standIn) \\ud83d\\ude00")
      let (tables, _) = try load(["strings/L.xcstrings": Array(catalog.utf8)])
      #expect(tables.text("go 🚀", in: "en")?.value == "Go \u{E03D}\u{E600} 😀")
    }
  }

  /// A UTF-16 Android table's mistakes are at the columns its UTF-8 copy's are: its lines were
  /// read as UTF-8, a NUL before each character, and columns came out doubled.
  @Test(arguments: [true, false])
  func aUTF16AndroidTableIsLocatedAsItsUTF8Copy(bigEndian: Bool) throws {
    let text = """
      <resources>
          <string name="ok">Bon</string>
          <string name="buy">L'achat</string>
          <plurals name="p"><item quantity="one">un</item></plurals>
      </resources>

      """
    let units = Array(text.utf16).flatMap {
      bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
    }
    let (_, utf16) = try load(["strings/values-fr/strings.xml": (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) + units])
    let (_, utf8) = try load(["strings/values-fr/strings.xml": Array(text.utf8)])
    #expect(located(utf8).map { $0.prefix(4) } == ["3:5 ", "4:5 "])
    #expect(located(utf16) == located(utf8))
  }
}

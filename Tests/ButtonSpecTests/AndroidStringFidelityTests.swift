@testable import ButtonSpec
import Foundation
import Testing

/// `strings.xml` read as aapt reads it: a reference to another resource and a broken `\u`
/// escape are errors at their string (aapt compiles the one as a reference and refuses the
/// other), and only ASCII whitespace is collapsed.
extension StringTableTests {
  func android(_ strings: [(name: String, value: String)]) throws -> (StringTables, Diagnostics) {
    let body = strings.map { "  <string name=\"\($0.name)\">\($0.value)</string>\n" }.joined()
    return try load([
      "strings/values/strings.xml": Array("<resources><string name=\"go\">Go</string></resources>".utf8),
      "strings/values-de/strings.xml": Array("<resources>\n\(body)</resources>\n".utf8),
    ])
  }

  @Test func referencesAndBrokenEscapesAreErrorsAtTheirString() throws {
    let (tables, diagnostics) = try android([
      ("a", "@string/go"), ("b", "  @string/go"), ("c", "?attr/label"), ("d", "Los \\u00zz"), ("e", "Los \\u12"),
      ("f", "\\@home"), ("g", "\"@home\""), ("h", "\\?Hilfe"), ("i", "a@b.de"), ("j", "\\u00e9t\\u00E9"),
    ])
    #expect(
      diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "2:3 string 'a' is a reference to another resource ('@string/go'), which is not followed; write the text "
          + "(\\@ for a text that starts with @)",
        "3:3 string 'b' is a reference to another resource ('@string/go'), which is not followed; write the text "
          + "(\\@ for a text that starts with @)",
        "4:3 string 'c' is a reference to another resource ('?attr/label'), which is not followed; write the text "
          + "(\\? for a text that starts with ?)",
        "5:3 string 'd' has a \\u escape without four hex digits ('\\u00zz')",
        "6:3 string 'e' has a \\u escape without four hex digits ('\\u12')",
      ])
    #expect(diagnostics.all.allSatisfy { $0.rule == .invalidStringTable })
    for key in ["a", "b", "c", "d", "e"] { #expect(tables.text(key, in: "de") == nil, "\(key)") }
    let texts = ["f": "@home", "g": "@home", "h": "?Hilfe", "i": "a@b.de", "j": "été"]
    for (key, text) in texts { #expect(tables.text(key, in: "de")?.value == text, "\(key)") }
  }

  /// Characters past the Basic Multilingual Plane written as two escapes, as aapt reads them;
  /// half of one is an error.
  @Test func escapedSurrogatePairsAreOneCharacter() throws {
    let (tables, diagnostics) = try android([
      ("a", "Go \\uD83D\\uDE80!"), ("b", "\\uD83D"), ("c", "\\uDE80 x"), ("d", "\\uD83D x"), ("e", "\\uD83D\\u0041"),
    ])
    #expect(tables.text("a", in: "de")?.value == "Go 🚀!")
    #expect(
      diagnostics.all.map { "\($0.location.line) \($0.message)" }
        == ["b", "c", "d", "e"].enumerated().map {
          "\($0.offset + 3) string '\($0.element)' has a \\u escape of half a character (an unpaired UTF-16 surrogate)"
        })
  }

  @Test func onlyASCIIWhitespaceIsCollapsed() throws {
    let (tables, diagnostics) = try android([
      ("a", "行\u{3000}\u{3000}\u{3000}く"), ("b", "\u{00A0}Los\u{202F}!\u{00A0}"), ("c", " Jetzt \n\t  kaufen "),
    ])
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    #expect(tables.text("a", in: "de")?.value == "行\u{3000}\u{3000}\u{3000}く")
    #expect(tables.text("b", in: "de")?.value == "\u{00A0}Los\u{202F}!\u{00A0}")
    #expect(tables.text("c", in: "de")?.value == "Jetzt kaufen")
  }
}

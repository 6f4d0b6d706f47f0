import ButtonCore
@testable import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// A `.strings` value whose closing quote is missing runs on to the next entry's first quote,
/// and everything after it is out of step: one error where it begins, not one `expected ';'`
/// for each word after it, and the entries after it are read.
extension StringTableRecoveryTests {
  @Test func anUnclosedValueIsOneErrorWhereItBegins() throws {
    let text = "\"a\" = \"A\";\n\"b\" = \"B;\n\"c\" = \"C\";\n\"d\" = \"D\";\n"
    let (tables, diagnostics) = try load(["strings/de.lproj/L.strings": text])
    #expect(
      diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "2:7 this string runs past the end of its line to line 3 and is not followed by ';'; is its closing quote missing?"
      ], "\(diagnostics.all)")
    #expect(tables.text("c", in: "de")?.value == "C")
    #expect(tables.text("d", in: "de")?.value == "D")
    // Kept, so that it is not also reported missing; the error keeps it from being drawn.
    #expect(tables.text("b", in: "de")?.value == "B;")
  }

  /// At the end of the file, or before a comment, the same.
  @Test(arguments: [
    "\"a\" = \"A;\n\"b\" = \"B\";\n",
    "\"a\" = \"A;\n/* note */\n\"b\" = \"B\";\n",
  ])
  func anUnclosedValueBeforeAnotherEntry(text: String) throws {
    let (tables, diagnostics) = try load(["strings/de.lproj/L.strings": text])
    #expect(diagnostics.all.map { "\($0.location.line):\($0.location.column)" } == ["1:7"], "\(diagnostics.all)")
    #expect(tables.text("b", in: "de")?.value == "B")
  }

  /// A comment left open after a string that ran over lines is the comment's mistake.
  @Test func aMistakeAfterAClosedStringOverLinesIsItsOwn() throws {
    let (tables, diagnostics) = try load(["strings/de.lproj/L.strings": "\"a\" = \"one\ntwo\";\n/* open\n"])
    #expect(
      diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "3:1 a comment is not closed"
      ], "\(diagnostics.all)")
    #expect(tables.text("a", in: "de")?.value == "one\ntwo")
  }

  /// A string that runs over several lines and is closed is a string with line breaks, as
  /// property lists have them.
  @Test func aClosedStringMayRunOverLines() throws {
    let (tables, diagnostics) = try load(["strings/de.lproj/L.strings": "\"a\" = \"one\ntwo\";\n\"b\" = \"B\";\n"])
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    #expect(tables.text("a", in: "de")?.value == "one\ntwo")
    #expect(tables.text("b", in: "de")?.value == "B")
  }
}

/// What follows a string on its own line tells a lost closing quote from a forgotten `;`.
extension StringTableRecoveryTests {
  /// A key that lost its closing quote takes the `=` and runs into the value: one error where
  /// the key ends, and the next line is read.
  @Test(arguments: [
    (
      "\"a\" = \"A\";\n\"b = \"B\";\n\"c\" = \"C\";\n",
      "2:7 expected '=' or ';' after the key; is the key's closing quote missing?"
    ),
    ("\"a\" = \"A\";\n\"b\" \"B\";\n\"c\" = \"C\";\n", "2:5 expected '=' or ';' after the key"),
    ("\"a\" = \"A\";\n\"b\" = \"B\" \"x\";\n\"c\" = \"C\";\n", "2:10 expected ';' after the value"),
  ])
  func aMistakeOnTheEntrysLineIsOneError(text: String, expected: String) throws {
    let (tables, diagnostics) = try load(["strings/de.lproj/L.strings": text])
    #expect(
      diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [expected],
      "\(diagnostics.all)")
    #expect(tables.text("a", in: "de")?.value == "A")
    #expect(tables.text("c", in: "de")?.value == "C")
  }

  /// A string with line breaks that ends its line and is not followed by `;` (before the next
  /// entry, a comment or the end of the file) lacks the `;`: one error after it, as on one
  /// line, and the entry is kept.
  @Test(arguments: [
    "\"a\" = \"one\ntwo\"\n\"c\" = \"C\";\n",
    "\"a\" = \"one\ntwo\" // note\n\"c\" = \"C\";\n",
    "\"a\" = \"one\ntwo\"\n",
    "\"a\" = \"one\ntwo\"",
  ])
  func aStringOverLinesWithoutItsSemicolon(text: String) throws {
    let (tables, diagnostics) = try load(["strings/de.lproj/L.strings": text])
    #expect(
      diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "2:5 expected ';' after the value"
      ], "\(text.debugDescription): \(diagnostics.all)")
    #expect(tables.text("a", in: "de")?.value == "one\ntwo")
    if text.contains("\"c\"") { #expect(tables.text("c", in: "de")?.value == "C") }
  }
}

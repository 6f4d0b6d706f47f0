import ButtonCore
@testable import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// A `.strings` value's escapes read as Core Foundation reads old-style property lists, so the
/// label drawn is the one the app shows: a letter escape stands for its control character, and
/// one to three octal digits for a byte in the NeXTSTEP encoding.
extension StringTableTests {
  @Test(arguments: [
    (#"\a\b\f\v"#, "\u{07}\u{08}\u{0C}\u{0B}"),
    (#"\101\102C"#, "ABC"),
    // Three digits at most: the fourth is a character of its own.
    (#"\1011"#, "A1"),
    // Fewer where a character that is not an octal digit follows.
    (#"\5x\12"#, "\u{05}x\n"),
    (#"\0"#, "\0"),
    // Kept to a byte, as Core Foundation keeps it.
    (#"\400A"#, "\0A"),
    // Past ASCII, the NeXTSTEP encoding.
    (#"\351\200"#, "Ø\u{A0}"),
    // An escaped character without a meaning of its own is that character.
    (#"\q\'\8"#, "q'8"),
  ])
  func dotStringsEscapesReadAsCoreFoundationReadsThem(escaped: String, text: String) throws {
    let file = "\"key\" = \"\(escaped)\";\n\"next\" = \"N\";\n"
    let (tables, diagnostics) = try load(["strings/de.lproj/L.strings": Array(file.utf8)])
    #expect(diagnostics.all.isEmpty, "\(diagnostics.sorted)")
    #expect(tables.text("key", in: "de")?.value == text, "\(escaped)")
    #expect(tables.text("next", in: "de")?.value == "N")
  }

  /// A byte the NeXTSTEP encoding has no character for is an error at its escape, and the
  /// reading goes on at the next line.
  @Test func anOctalEscapeOfNoCharacterIsLocated() throws {
    let file = "\"ok\" = \"\\101\";\n\"bad\" = \"x\\377\";\n\"next\" = \"N\";\n"
    let (tables, diagnostics) = try load(["strings/de.lproj/L.strings": Array(file.utf8)])
    #expect(
      diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.message) [\($0.rule.rawValue)]" } == [
        "2:12 '\\377' names no character of the NeXTSTEP encoding octal escapes are read in [invalid-string-table]"
      ], "\(diagnostics.sorted)")
    #expect(tables.text("ok", in: "de")?.value == "A")
    #expect(tables.text("next", in: "de")?.value == "N")
  }
}

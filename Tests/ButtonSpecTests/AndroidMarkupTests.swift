@testable import ButtonSpec
import Foundation
import Testing

/// Markup Foundation's XML parser on Linux ends the process on (a notation or attribute-list
/// declaration, a processing instruction without data) is refused before it is parsed, with
/// the whole class it belongs to: any document type declaration, any processing instruction
/// but the XML declaration.
extension StringTableTests {
  static let refusedMarkup: [(xml: String, line: Int, column: Int, message: String)] = [
    ("<resources><?x?><string name=\"go\">Go</string></resources>", 1, 12, "processing instructions"),
    ("<?x?><resources/>", 1, 1, "processing instructions"),
    ("<resources>\n  <?php echo 1; ?>\n</resources>", 2, 3, "processing instructions"),
    ("\n  <?xml version=\"1.0\"?><resources/>", 2, 3, "processing instructions"),
    ("<!DOCTYPE resources [<!NOTATION n SYSTEM \"x\">]><resources/>", 1, 1, "<!DOCTYPE>"),
    ("<?xml version=\"1.0\"?>\n<!DOCTYPE resources [<!ATTLIST a b ID #IMPLIED>]>\n<resources/>", 2, 1, "<!DOCTYPE>"),
    ("<!DOCTYPE resources><resources/>", 1, 1, "<!DOCTYPE>"),
  ]

  @Test(arguments: refusedMarkup)
  func markupTheParserCannotTakeIsRefusedWhereItIs(xml: String, line: Int, column: Int, message: String) throws {
    for encoding in [String.Encoding.utf8, .utf16] {
      let bytes = try #require(xml.data(using: encoding))
      let (tables, diagnostics) = try load([
        "strings/values/strings.xml": Array("<resources><string name=\"go\">Go</string></resources>".utf8),
        "strings/values-de/strings.xml": Array(bytes),
      ])
      #expect(diagnostics.all.count == 1, "\(diagnostics.all)")
      let diagnostic = try #require(diagnostics.all.first)
      #expect(diagnostic.rule == .invalidStringTable && diagnostic.message.contains(message), "\(diagnostic)")
      #expect(diagnostic.location.line == line && diagnostic.location.column == column, "\(diagnostic)")
      #expect(tables.text("go", in: "de") == nil)
    }
  }

  /// The same characters in a comment or a CDATA section are text, and the XML declaration
  /// at the start (after a byte order mark) is no processing instruction.
  @Test func theSameCharactersInCommentsAndCDATAAreText() throws {
    let xml = """
      \u{FEFF}<?xml version="1.0" encoding="utf-8"?>
      <!-- <?x?> <!DOCTYPE r> -->
      <resources><string name="go"><![CDATA[<?x?> <!DOCTYPE]]></string></resources>
      """
    let (tables, diagnostics) = try load(["strings/values-de/strings.xml": Array(xml.utf8)])
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    #expect(tables.text("go", in: "de")?.value == "<?x?> <!DOCTYPE")
  }

  /// A declared encoding that is not one of eight bits a character does not let bytes that are
  /// not UTF-8 through to the parser, which ends the process on such a name.
  @Test(arguments: ["", "foo", "UTF-8"])
  func aDeclaredEncodingIsNoPassForBytesThatAreNotUTF8(encoding: String) throws {
    var bytes = Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?><resources><string name=\"g".utf8)
    bytes += [0xFF] + Array("o\">Go</string></resources>".utf8)
    let (_, diagnostics) = try load(["strings/values-de/strings.xml": bytes])
    #expect(diagnostics.all.map(\.rule) == [.invalidEncoding], "\(diagnostics.all)")
  }
}

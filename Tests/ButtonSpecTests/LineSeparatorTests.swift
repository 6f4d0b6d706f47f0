import ButtonCore
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// U+2028, U+2029 and U+0085 end a line for libyaml but not for editors: written raw in a spec,
/// each is refused where an editor shows it, and no later line is misplaced; written as an escape
/// in a label, a line separator is a label's line break, refused like a control character.
struct LineSeparatorTests {
  @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}"])
  func aRawSeparatorIsRefusedWhereItIs(separator: String) throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: "buttonsmith: 1\nbuttons:\n  ok:\n    size: [100, 40] # a\(separator)note\n"
        + "    text: \"A\(separator)B\"\n    opacity: 2\n")
    #expect(checked.summary == ["4:24 yaml-syntax", "5:13 yaml-syntax"], "\(checked.diagnostics.all)")
    let code = LabelText.codePoint(separator.unicodeScalars.first!)
    #expect(checked.diagnostics.all.first?.message.hasPrefix("the file holds \(code), ") == true)
  }

  @Test(arguments: [#"\L"#, #"\P"#, #"\u2028"#])
  func anEscapedSeparatorInALabelIsRefused(escape: String) throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: "buttonsmith: 1\nbuttons:\n  ok:\n    size: [100, 40]\n    tint: red\n    text: \"Ab\(escape)Cd\"\n")
    #expect(checked.summary == ["6:11 invalid-text"], "\(checked.diagnostics.all)")
    #expect(checked.diagnostics.all.first?.message.contains("line separator U+202") == true)
  }
}

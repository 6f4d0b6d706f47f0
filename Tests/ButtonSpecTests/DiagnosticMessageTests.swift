import ButtonSpec
import Testing

/// A message quoting a long value is cut after 1,000 bytes, on a character's boundary.
struct DiagnosticMessageTests {
  func message(_ text: String) -> String {
    Diagnostic(.invalidText, text, at: .start(of: "a.yaml")).message
  }

  @Test func shortMessagesAreKeptWhole() {
    let text = String(repeating: "a", count: 1_000)
    #expect(message(text) == text)
  }

  @Test(arguments: ["a", "é", "日", "😀", "e\u{301}"])
  func longMessagesAreCutOnACharactersBoundary(unit: String) {
    let cut = message(String(repeating: unit, count: 2_000))
    #expect(cut.utf8.count <= Diagnostic.maximumMessageBytes && cut.utf8.count > Diagnostic.maximumMessageBytes - 8)
    #expect(cut.hasSuffix("…"))
    #expect(cut.dropLast().unicodeScalars.allSatisfy { unit.unicodeScalars.contains($0) })
  }

  /// However many marks combine with one letter, the message stays within its bytes.
  @Test func combiningMarksDoNotStretchTheLimit() {
    let cut = message("quote: 'a" + String(repeating: "\u{301}", count: 600) + "' is not a style")
    #expect(cut.utf8.count <= Diagnostic.maximumMessageBytes)
  }
}

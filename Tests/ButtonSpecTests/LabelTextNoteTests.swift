@testable import ButtonSpec
import Testing

/// The note of a label's control character says why it cannot be drawn: a line break, because
/// a label is one line; any other (a tab, a bell), only that it goes.
struct LabelTextNoteTests {
  @Test(arguments: [
    ("A\nB", "a label is one line; remove the character"), ("A\rB", "a label is one line; remove the character"),
    ("A\u{0B}B", "a label is one line; remove the character"),
    ("A\u{85}B", "a label is one line; remove the character"),
    ("A\tB", "remove the character"), ("A\u{07}B", "remove the character"), ("A\0B", "remove the character"),
  ])
  func theNoteFitsTheCharacter(text: String, note: String) throws {
    let problem = try #require(LabelText.problem(Located(text, at: .start(of: "s.yaml"))))
    #expect(problem.rule == .invalidText)
    #expect(problem.notes.map(\.message) == [note], "\(text.debugDescription)")
  }
}

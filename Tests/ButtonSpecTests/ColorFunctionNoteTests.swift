import ButtonCore
@testable import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// The note about a colour function's commas goes with the key its pieces repeat, not with
/// another key repeated on the same line, before the colour or after it.
extension MessageWordingTests {
  @Test(arguments: [
    (
      "  b: { size: [10, 10], tint: red, size: [1, 1], shadow: { color: rgba(0, 0, 0, 0.3) } }\n",
      ["'size' without the note", "'0' with the note"]
    ),
    (
      "  b: { shadow: { color: rgba(0, 0, 0, 0.3) }, size: [10, 10], tint: red, size: [1, 1] }\n",
      ["'0' with the note", "'size' without the note"]
    ),
    (
      "  b: { size: [10, 10], tint: red, size: [1, 1], shadow: { color: rgb(1, 2, 3) } }\n", ["'size' without the note"]
    ),
  ])
  func theColourFunctionNoteGoesWithItsOwnPieces(line: String, expected: [String]) throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(spec: "buttonsmith: 1\nbuttons:\n" + line)
    let repeats = checked.diagnostics.sorted.filter { $0.rule == .duplicateKey }.map { diagnostic in
      let noted = diagnostic.notes.contains { $0.message.hasPrefix("in braces ({ … }) the commas of rgb(…) end it") }
      let key = diagnostic.message.split(separator: " ")[1]
      return "\(key) \(noted ? "with" : "without") the note"
    }
    #expect(repeats == expected, "\(checked.diagnostics.sorted)")
  }
}

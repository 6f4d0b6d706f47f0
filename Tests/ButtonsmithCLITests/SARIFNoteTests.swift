import ButtonsmithTestSupport
import Foundation
import Testing

/// A note without a place is kept in SARIF too: it follows the result's message, as it follows
/// the diagnostic in the text and JSON formats (a note with a place is a related location).
struct SARIFNoteTests {
  @Test func aNoteWithoutAPlaceFollowsTheMessage() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  b: { size: [100, 40], tint: red, text: \"A\\nB\" }\n")
    let run = try CLIRunner.run(["lint", "--format", "sarif", "--no-config"], in: workspace.url)
    #expect(run.status == 1)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let messages = results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
    #expect(
      messages.contains {
        $0.hasPrefix("text contains the control character U+000A")
          && $0.hasSuffix("\nnote: a label is one line; remove the character")
      }, "\(messages)")
  }
}

import ButtonSpec
import ButtonsmithTestSupport
import Testing

/// "Did you mean": two neighbouring letters typed the wrong way round are one slip, and the
/// word they were meant to be is suggested before any word as many plain edits away.
struct SuggestionTests {
  @Test func swappedNeighboursSuggestTheWordMeant() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          a:
            szie: [60, 30]
            tnit: red
            txet: Go
            shadwo: { blur: 2 }
            states: { normal: {}, hihglighted: {} }
        """)
    let suggested = checked.diagnostics.sorted.filter { $0.rule != .missingKey }.map { diagnostic in
      diagnostic.message.split(separator: ";").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
    #expect(
      suggested == [
        "did you mean 'size'?", "did you mean 'tint'?", "did you mean 'text'?", "did you mean 'shadow'?",
        "did you mean 'highlighted'?",
      ], "\(checked.diagnostics.sorted)")
  }

  /// Swaps count once, not more: a word two swaps from any key is still too far in a short name.
  @Test func aWordFarFromEveryKeyGetsNoSuggestion() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tint: red, zsei: 1 }\n")
    let unknown = checked.diagnostics.sorted.filter { $0.rule == .unknownKey }
    #expect(unknown.map(\.message) == ["unknown key 'zsei' in button 'a'"])
  }
}

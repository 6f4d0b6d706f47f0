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

/// "Did you mean" against the names a spec defines costs a bounded amount of work, whatever the
/// spec holds: thousands of misspelt references to a palette of thousands of names are all
/// reported, the first of them with a suggestion, the rest without once the check's budget is
/// spent; and the same spec gets the same messages every time.
struct SuggestionBudgetTests {
  /// The 60-character name of palette entry `index`.
  static func name(_ index: Int) -> String {
    "brand-colour-of-the-button-for-the-screen-at-position-\(100_000 + index)"
  }

  /// A palette of `names` entries, and `references` buttons that each misspell one of them.
  func spec(names: Int, references: Int) -> String {
    var text = "buttonsmith: 1\npalette:\n"
    for index in 0..<names { text += "  \(Self.name(index)): \"#123456\"\n" }
    text += "buttons:\n"
    for index in 0..<references {
      text +=
        "  b\(index): { size: [60, 44], tint: $\(Self.name(index).replacingOccurrences(of: "colour", with: "colur")) }\n"
    }
    return text
  }

  @Test func misspeltReferencesToALargePaletteAreAllReportedWithinTheBudget() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(spec: spec(names: 1_000, references: 100))
    let unknown = checked.diagnostics.sorted.filter { $0.rule == .unknownPaletteName }
    #expect(unknown.count == 100)
    let first = Self.name(0)
    let misspelt = first.replacingOccurrences(of: "colour", with: "colur")
    #expect(unknown.first?.message == "unknown palette name '$\(misspelt)'; did you mean '\(first)'?")
    let suggested = unknown.filter { $0.message.contains("did you mean") }
    // Each look-up compares the 59-character word with the 1,000 names of 60 (after preparing
    // them, at 64 cells a name).
    let lookUps = (SuggestionBudget.cells - 1_000 * 64) / (1_000 * 60 * 59)
    #expect(suggested.count == lookUps, "\(suggested.count)")
    #expect(suggested.map(\.location.line) == Array(unknown.prefix(suggested.count).map(\.location.line)))
    let again = try workspace.check(spec: spec(names: 1_000, references: 100))
    #expect(again.diagnostics.sorted.map(\.message) == checked.diagnostics.sorted.map(\.message))
  }

  @Test func aWordLookedUpAgainIsAnsweredWithoutSpendingMore() {
    var reads = 0
    let budget = SuggestionBudget(cells: 3 * 64 + 2 * (3 * 5 * 5))
    let index = SuggestionIndex(budget: budget) {
      reads += 1
      return ["alpha", "gamma", "delta"]
    }
    #expect(index.closest(to: "alpah") == "alpha")
    #expect(index.closest(to: "alpah") == "alpha")
    #expect(index.closest(to: "gamam") == "gamma")
    #expect(index.closest(to: "detla") == nil, "the budget is spent")
    #expect(index.closest(to: "gamam") == "gamma", "answered from what was found")
    #expect(reads == 1)
  }

  @Test func aTemplateNameMisspeltAgainGetsTheSameAnswer() throws {
    let workspace = try TestWorkspace()
    for index in 0..<400 { try workspace.write("templates/template\(1_000 + index).yaml", "buttonsmith: 1\n") }
    var text = "buttonsmith: 1\nbuttons:\n"
    for index in 0..<1_000 {
      text += "  b\(index): { size: [60, 44], tint: red, extends: tempalte\(index % 400 + 1_000) }\n"
    }
    let checked = try workspace.check(spec: text)
    let unknown = checked.diagnostics.sorted.filter { $0.rule == .unknownTemplate }
    #expect(unknown.count == 1_000)
    #expect(unknown.first?.message == "unknown template 'tempalte1000'; did you mean 'template1000'?")
    // A word misspelt again is answered as it was the first time, within the budget or not.
    for (first, again) in zip(unknown.prefix(400), unknown.dropFirst(400)) { #expect(first.message == again.message) }
  }
}

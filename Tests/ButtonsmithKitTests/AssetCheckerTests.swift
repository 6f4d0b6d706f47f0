import ButtonRender
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The asset check lays states out on several threads: what it reports, and in what order, is
/// what one thread finds.
struct AssetCheckerTests {
  @Test func severalThreadsReportWhatOneThreadFinds() throws {
    let workspace = try TestWorkspace()
    // Every third label is too long for its button: warnings in every run of states, and
    // some states with nothing to say between them.
    try workspace.write(
      "specs/a.yaml",
      smallSpec(buttons: 60) { $0 % 3 == 0 ? "A label much too long for this small button, number \($0)" : "B\($0)" })
    let checked = try workspace.project().check()
    try #require(!checked.diagnostics.hasErrors, "\(checked.diagnostics.sorted)")
    let states = Planner().plan(checked.buttons).states
    let renderer = Renderer(files: checked.files)
    let oneThread = AssetChecker(renderer: renderer, parallelism: 1).check(checked.buttons, resolved: states)
    // One warning a long label: its states say the same thing at the same place.
    #expect(oneThread.all.count == 20)
    for parallelism in [2, 3, 8] {
      let several = AssetChecker(renderer: renderer, parallelism: parallelism).check(checked.buttons, resolved: states)
      #expect(several.all == oneThread.all)
    }
  }

  /// A family is installed when a font answers to its name: any of the font's names (VL Gothic's
  /// Japanese one), as fontconfig compares them (without case or spaces). Of a list, one family
  /// installed is drawn; only a list of which none is installed is substituted.
  @Test func aFamilyIsInstalledByAnyOfItsNames() throws {
    let workspace = try TestWorkspace()
    let families = [
      "japanese": "VL ゴシック", "latin": "VL Gothic", "squashed": "dejavusans", "shouting": "DEJAVU SANS",
      "listed": "No Such Family, VL Gothic", "missing": "No Such Family",
      "none-listed": "No Such Family, Nor This One",
    ]
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\ndefaults: { size: [120, 44], scales: [1], tint: blue, text: Go, states: { normal: {} } }\n"
        + "buttons:\n"
        + families.sorted { $0.key < $1.key }.map { "  \($0.key): { font: { family: \"\($0.value)\" } }\n" }.joined())
    let plan = try workspace.project().plan()
    let warnings = plan.diagnostics.sorted.filter { $0.rule == .fontSubstituted }
    #expect(
      warnings.map(\.message) == [
        "no font of family 'No Such Family' is installed; fontconfig uses 'DejaVu Sans'",
        "no font of the families 'No Such Family', 'Nor This One' is installed; fontconfig uses 'DejaVu Sans'",
      ], "\(plan.diagnostics.sorted)")
    #expect(warnings.map(\.location.line) == [7, 8])
  }

  /// A label that does not fit is told the width it has: none at all when the padding takes
  /// the whole button.
  @Test func anOverflowingLabelIsToldTheWidthItHas() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { scales: [1], background: navy, states: { normal: {} } }
      buttons:
        none: { size: [20, 20], text: A }
        some: { size: [30, 20], text: A label much too long for ten points }
      """)
    let plan = try workspace.project().plan()
    #expect(
      plan.diagnostics.sorted.map(\.message) == [
        "text 'A' does not fit the 0 pt it has even at 25% of its size",
        "text 'A label much too long for ten points' does not fit the 10 pt it has even at 25% of its size",
      ])
  }

  /// A label shrinks by the font's own advances, not advances rounded to whole points: eight H
  /// of DejaVu Sans at 20 pt (1,540 of 2,048 units each, 120.3 pt) fit 118 pt at 97.5% of their
  /// size and 62 pt at 51.25%, the largest steps of `fit.step` (1.25%) that fit.
  @Test func aLabelShrinksByTheFontsOwnAdvances() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { scales: [1], background: navy, states: { normal: {} }, font: { size: 20 }, padding: [10, 10] }
      buttons:
        wide: { size: [138, 40], text: HHHHHHHH }
        narrow: { size: [82, 40], text: HHHHHHHH }
      """)
    let plan = try workspace.project().plan()
    #expect(
      plan.diagnostics.sorted.map(\.message) == [
        "text 'HHHHHHHH' is shrunk to 98% of its size to fit 118 pt",
        "text 'HHHHHHHH' is shrunk to 51% of its size to fit 62 pt",
      ])
  }
}

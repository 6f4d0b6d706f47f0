import ButtonRender
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A warning found in a button at something it takes from its file's defaults or palette, or
/// from a template, is reported once, where that is written, with a note naming each button
/// that found it: the author learns which buttons to look at, not only that some do.
struct SharedFindingTests {
  /// Each finding as `file:line rule`, then its notes as `line message`.
  private func described(_ diagnostics: Diagnostics) -> [[String]] {
    diagnostics.sorted.map { diagnostic in
      ["\(diagnostic.location.file):\(diagnostic.location.line) \(diagnostic.rule.rawValue)"]
        + diagnostic.notes.map { "\($0.location.map { "\($0.line)" } ?? "-") \($0.message)" }
    }
  }

  @Test func aWarningAtWhatButtonsShareNamesTheButtonsThatFindIt() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "templates/pale.yaml",
      """
      buttonsmith: 1
      text: "Another label far too long"
      content-color: "#EEEEEE"

      """)
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      palette: { Faint: "#DDDDDD" }
      defaults:
        size: [60, 30]
        scales: [1]
        background: "#FFFFFF"
        content-color: $Faint
        text: "A label much too long for it"
        states: { normal: {} }
      buttons:
        narrow: {}
        roomy: { size: [400, 30] }
        own: { text: "A label of its own, too long" }
        templated: { extends: pale }
        other: {}

      """)
    let found = described(workspace.checkAll().diagnostics)
    #expect(
      found == [
        // The defaults' colour, a palette entry: every button but the one with a template's colour.
        [
          "specs/a.yaml:7 low-contrast", "11 in button 'narrow'", "12 in button 'roomy'", "13 in button 'own'",
          "15 in button 'other'",
        ],
        // Only the buttons the defaults' label does not fit: not `roomy`, nor those with a label of their own.
        ["specs/a.yaml:8 text-overflow", "11 in button 'narrow'", "15 in button 'other'"],
        // Written in the button: no note.
        ["specs/a.yaml:13 text-overflow"],
        ["templates/pale.yaml:2 text-overflow", "14 in button 'templated'"],
        ["templates/pale.yaml:3 low-contrast", "14 in button 'templated'"],
      ], "\(found)")
  }

  /// An image from the defaults that the padding leaves no room in some buttons: only those
  /// are named.
  @Test func anImageHiddenInSomeButtonsNamesThem() throws {
    let workspace = try TestWorkspace()
    let green: [UInt8] = (0..<8 * 8).flatMap { _ in [0, 255, 0, 255] as [UInt8] }
    try workspace.write("specs/g.png", bytes: Array(try RGBAImage(width: 8, height: 8, pixels: green).pngData()))
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults:
        size: [100, 40]
        scales: [1]
        background: navy
        padding: [19.6, 10, 19.6, 10]
        image: { file: g.png }
        states: { normal: {} }
      buttons:
        low: {}
        tall: { size: [100, 80] }
        flat: {}

      """)
    let found = described(workspace.checkAll().diagnostics)
    // The warning's own note first, then the buttons.
    #expect(
      found == [
        [
          "specs/a.yaml:7 image-hidden", "- reduce 'padding' or give the button more room", "10 in button 'low'",
          "12 in button 'flat'",
        ]
      ], "\(found)")
  }

  /// Past five buttons the rest are counted, and the count is the same on one thread or several
  /// (the checker lays states out in runs of 64 and joins what the runs found).
  @Test func buttonsPastTheFifthAreCountedOnAnyNumberOfThreads() throws {
    let workspace = try TestWorkspace()
    let buttons = (0..<70).map { "  b\($0): {}\n" }.joined()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\ndefaults: { size: [60, 30], scales: [1], background: navy, text: \"A label much too long\","
        + " states: { normal: {}, highlighted: {} } }\nbuttons:\n" + buttons)
    let checked = try workspace.project().check()
    try #require(!checked.diagnostics.hasErrors, "\(checked.diagnostics.sorted)")
    let states = Planner().plan(checked.buttons).states
    let renderer = Renderer(files: checked.files)
    let oneThread = AssetChecker(renderer: renderer, parallelism: 1).check(checked.buttons, resolved: states)
    // Both states find it: each button is named once.
    #expect(
      described(oneThread) == [
        ["specs/a.yaml:2 text-overflow"] + (0..<5).map { "\($0 + 4) in button 'b\($0)'" } + ["- and 65 more buttons"]
      ])
    let twoThreads = AssetChecker(renderer: renderer, parallelism: 2).check(checked.buttons, resolved: states)
    #expect(twoThreads.all == oneThread.all)
  }
}

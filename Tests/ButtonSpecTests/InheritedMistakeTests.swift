import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// A mistake in a template or in a file's defaults is reported once, where it is written, and
/// not again in every button that inherits it (as a missing fill, or an unknown template).
struct InheritedMistakeTests {
  @Test func aFillMisspeltInATemplateOrTheDefaultsIsReportedThereAlone() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/typo.yaml", "buttonsmith: 1\ngradint: red\n")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        a: { size: [60, 40], extends: typo }
        b: { size: [60, 40], extends: typo }

      """)
    try workspace.write(
      "specs/b.yaml",
      """
      buttonsmith: 1
      defaults: { backgrund: red }
      buttons:
        c: { size: [60, 40] }
        d: { size: [60, 40], states: { disabled: { tnit: blue } } }

      """)
    #expect(workspace.check().summary == ["2:13 unknown-key", "5:46 unknown-key", "2:1 unknown-key"])
    // A button that inherits no mistake still has its missing fill reported (and the unused
    // template its own mistake).
    try workspace.write("specs/c.yaml", "buttonsmith: 1\nbuttons:\n  e: { size: [60, 40] }\n")
    #expect(workspace.check(["specs/c.yaml"]).summary == ["3:3 unresolved-color", "2:1 unknown-key"])
  }

  @Test func aTemplateWhoseFileCannotBeUsedIsNotCalledUnknown() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/empty.yaml", "")
    try workspace.write("templates/syntax.yaml", "buttonsmith: 1\ngradient: [red\n")
    try workspace.write("templates/list.yaml", "- buttonsmith: 1\n")
    // A broken file of a built-in template's name takes its place: the built-in is not drawn.
    try workspace.write("templates/glass.yaml", "buttonsmith: 1\ntint: [\n")
    try workspace.write("templates/child.yaml", "buttonsmith: 1\nextends: syntax\n")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        a: { size: [60, 40], extends: empty }
        b: { size: [60, 40], extends: syntax }
        c: { size: [60, 40], extends: list }
        d: { size: [60, 40], extends: glass }
        e: { size: [60, 40], extends: child }
        f: { size: [60, 40], extends: missing, tint: red }

      """)
    let checked = workspace.check()
    let shown = checked.diagnostics.sorted.map { "\($0.location.file):\($0.location.line) \($0.rule.rawValue)" }
    #expect(
      shown == [
        "specs/a.yaml:8 unknown-template", "templates/empty.yaml:1 invalid-document",
        "templates/glass.yaml:3 yaml-syntax", "templates/list.yaml:1 invalid-document",
        "templates/syntax.yaml:3 yaml-syntax",
      ], "\(shown)")
    // Every button extending one is marked as having errors: nothing is planned for it.
    #expect(checked.buttons.filter(\.hasErrors).map(\.name) == ["a", "b", "c", "d", "e", "f"])
  }

  /// A size from the file's defaults or a template that makes some buttons' images too large
  /// is reported where it is written, with a note at each button it makes too large: fixing the
  /// first is not met with the same message for the next.
  @Test func aSizeInheritedTooLargeNamesEachButtonItMakesTooLarge() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/wide.yaml", "buttonsmith: 1\nsize: [5000, 44]\n")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { size: [3000, 44], background: red }
      buttons:
        a: { scales: [1] }
        b: { scales: [3] }
        c: { scales: [2, 3] }
        d: { extends: wide, scales: [1, 2] }
        e: { size: [3000, 44], scales: [3] }

      """)
    let found = workspace.check().diagnostics.sorted.map { diagnostic in
      ["\(diagnostic.location.file):\(diagnostic.location.line) \(diagnostic.rule.rawValue)"]
        + diagnostic.notes.map { "\($0.location.map { "\($0.line)" } ?? "-") \($0.message)" }
    }
    #expect(
      found == [
        // One message, one error: each button that takes it is named in a note.
        ["specs/a.yaml:2 image-too-large", "5 in button 'b'", "6 in button 'c'"],
        // Written in the button itself: the error is at it, and needs no note.
        ["specs/a.yaml:8 image-too-large"],
        ["templates/wide.yaml:2 image-too-large", "7 in button 'd'"],
      ])
  }
}

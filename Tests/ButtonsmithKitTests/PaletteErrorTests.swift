import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A palette entry that does not decode is the palette's mistake, reported where it is written:
/// it hides none of the other mistakes of the buttons that take the palette, and a colour that
/// names it is not reported again.
struct PaletteErrorTests {
  /// Where the entry that does not decode is written: a bad colour in the file's palette or in
  /// a template's, or a light/dark half in a template's that no layer completes (whole enough in
  /// the template's own check, where a file may complete it; half for the buttons that take it).
  enum Place: String, CaseIterable, Sendable {
    case file, template, halfEntry
  }

  @Test(arguments: Place.allCases)
  func aBadEntryHidesNoneOfTheButtonsOtherMistakes(_ place: Place) throws {
    let workspace = try TestWorkspace()
    let font = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
    _ = try workspace.write("specs/DejaVuSans.ttf", bytes: Array(font))
    let templateEntry = place == .template ? "rgb(1, 2)" : "{ light: red }"
    try workspace.write("templates/t.yaml", "buttonsmith: 1\npalette:\n  Bad: \(templateEntry)\n  Other: red\n")
    let palette = place == .file ? "palette:\n  Bad: \"#GGG\"\n" : "palette:\n  Other: blue\n"
    let extends = place == .file ? "" : "extends: t, "
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      \(palette)defaults: { \(extends)scales: [1], states: { normal: {} } }
      buttons:
        long: { size: [40, 20], background: navy, text: A label much too long for this button }
        empty: { size: [100, 44], gradient: { colors: [] }, text: Go }
        glyphs: { size: [160, 44], background: navy, text: ログイン, font: { file: DejaVuSans.ttf } }
        uses: { size: [100, 44], background: $Bad, text: Go }
      """)
    let plan = try workspace.project().plan()
    let badEntry =
      switch place {
      case .file: "specs/a.yaml:3:8 bad-color"
      case .template: "templates/t.yaml:3:8 bad-color"
      case .halfEntry: "templates/t.yaml:3:8 missing-key"
      }
    #expect(
      plan.diagnostics.sorted.map {
        "\($0.location.file):\($0.location.line):\($0.location.column) \($0.rule.rawValue)"
      }
      .sorted()
        == [
          badEntry,
          "specs/a.yaml:6:51 text-overflow",
          // At the state the defaults give: its fill is what is missing.
          "specs/a.yaml:4:\(36 + extends.count) unresolved-color",
          "specs/a.yaml:8:54 missing-glyphs",
        ].sorted(), "\(plan.diagnostics.sorted)")
    #expect(plan.jobs.isEmpty)
  }
}

import ButtonCore
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// Palettes merge as button maps do: entry by entry, and a colour map key by key, decoded once
/// a button's palettes are laid over one another.
struct PaletteMergeTests {
  static let red = RGBA(red: 1, green: 0, blue: 0)
  static let lime = RGBA(red: 0, green: 1, blue: 0)
  static let blue = RGBA(red: 0, green: 0, blue: 1)

  /// The colour `$Brand` gives button `name` in `appearance`.
  func brand(_ checked: CheckedSpecs, _ appearance: Appearance, of name: String = "b") throws -> RGBA {
    let button = try #require(checked.button(name))
    let look = try #require(button.look(.normal))
    let stops = try ColorResolver(palette: button.palette, appearance: appearance, look: look).fillStops(
      at: button.location)
    return try #require(stops.first).color
  }

  func workspace(template palette: String) throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("templates/t.yaml", "buttonsmith: 1\npalette:\n\(palette)\ngradient: [$Brand]\n")
    return workspace
  }

  @Test func aFileEntryOverATemplatesLightAndDarkKeepsWhatItDoesNotWrite() throws {
    let workspace = try workspace(template: "  Brand: { light: red, dark: blue }")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        palette: { Brand: { dark: lime } }
        buttons:
          b: { extends: t, size: [10, 10] }
        """)
    #expect(checked.diagnostics.all.isEmpty, "\(checked.diagnostics.sorted)")
    #expect(try brand(checked, .light) == Self.red)
    #expect(try brand(checked, .dark) == Self.lime)
  }

  @Test func aTemplatesHalfEntryIsCompletedByAFileOrByATemplateLaidOverIt() throws {
    let workspace = try workspace(template: "  Brand: { dark: blue }")
    try workspace.write("templates/u.yaml", "buttonsmith: 1\npalette: { Brand: { light: lime } }\n")
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  c: { extends: [t, u], size: [10, 10] }\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        palette: { Brand: { light: red } }
        buttons:
          b: { extends: t, size: [10, 10] }
        """)
    #expect(checked.diagnostics.all.isEmpty, "\(checked.diagnostics.sorted)")
    #expect(try brand(checked, .light, of: "b") == Self.red)
    #expect(try brand(checked, .dark, of: "b") == Self.blue)
    #expect(try brand(checked, .light, of: "c") == Self.lime)
    #expect(try brand(checked, .dark, of: "c") == Self.blue)
  }

  @Test func aHalfEntryNoLayerCompletesIsAnErrorAtItsLineOnceForEveryButtonThatTakesIt() throws {
    let workspace = try workspace(template: "  Brand: { dark: blue }")
    // Checked on its own, a template's half entry may still be completed; a bad colour may not.
    try workspace.write("templates/unused.yaml", "buttonsmith: 1\npalette:\n  Half: { light: red }\n  Bad: \"#GGG\"\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          b: { extends: t, size: [10, 10] }
          c: { extends: t, size: [20, 10] }
        """)
    #expect(
      checked.diagnostics.sorted.map(\.description) == [
        "templates/t.yaml:3:10: error: a light/dark colour needs both 'light' and 'dark' [missing-key]",
        "templates/unused.yaml:4:8: error: '#GGG' is not a hex colour; use #RGB, #RGBA, #RRGGBB or #RRGGBBAA [bad-color]",
      ])
    #expect(checked.buttons.allSatisfy { $0.palette.isUnreadable("Brand") && !$0.hasErrors })
  }

  @Test func oneFormOverTheOtherIsAnErrorWhereColorIsWritten() throws {
    let workspace = try workspace(template: "  Brand: { light: red, dark: blue }")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        palette:
          Brand: { color: lime }
        buttons:
          b: { extends: t, size: [10, 10] }
        """)
    #expect(checked.summary == ["3:12 wrong-type"])
    #expect(checked.button("b")?.palette.isUnreadable("Brand") == true)
  }

  @Test func anAlphaOverATemplatesColorMultipliesIt() throws {
    let workspace = try workspace(template: "  Brand: { color: red, alpha: 0.5 }\n  Plain: blue")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        palette: { Brand: { alpha: 0.25 }, Plain: lime }
        buttons:
          b: { extends: t, size: [10, 10] }
        """)
    #expect(checked.diagnostics.all.isEmpty, "\(checked.diagnostics.sorted)")
    #expect(try brand(checked, .light) == RGBA(red: 1, green: 0, blue: 0, alpha: 0.25))
    #expect(checked.button("b")?.palette.entries["Plain"]?.value == .literal(Self.lime))
  }

  @Test func aBadTemplateEntryIsReportedOnceWhereItIsWritten() throws {
    let workspace = try workspace(template: "  Brand: red\n  Bad: rgb(1, 2)")
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\npalette: { Own: red }\nbuttons:\n  a: { extends: t, size: [10, 10] }\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          b: { extends: t, size: [10, 10] }
          c: { extends: t, size: [10, 10] }
        """)
    #expect(checked.diagnostics.sorted.map { "\($0.location.file):\($0.location.line)" } == ["templates/t.yaml:4"])
    #expect(checked.buttons.count == 3 && checked.buttons.allSatisfy { $0.palette.isUnreadable("Bad") })
  }

  @Test func theOwnPaletteOfAFileWithoutAReadableButtonIsStillChecked() throws {
    let checked = try TestWorkspace().check(
      spec: """
        buttonsmith: 1
        palette: { Bad: "#12345" }
        buttons:
          b: not a button
        """)
    #expect(checked.summary == ["2:17 bad-color", "4:6 wrong-type"])
  }

  @Test func aTemplatesHalfColourPropertyIsCompletedByTheButton() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "templates/t.yaml", "buttonsmith: 1\ntint: { dark: blue }\nborder: { width: 1, color: { alpha: 0.5 } }\n")
    let completed = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          b: { extends: t, size: [10, 10], tint: { light: red }, border: { color: { color: lime } } }
        """)
    #expect(completed.diagnostics.all.isEmpty, "\(completed.diagnostics.sorted)")
    try workspace.write("specs/more.yaml", "buttonsmith: 1\nbuttons:\n  c: { extends: t, size: [10, 10] }\n")
    let checked = workspace.check()
    // Only the button that leaves them incomplete has the errors, at the template's lines.
    #expect(checked.summary == ["2:7 missing-key", "3:28 missing-key"])
    #expect(checked.diagnostics.sorted.allSatisfy { $0.location.file.hasSuffix("templates/t.yaml") })
    #expect(checked.button("b")?.hasErrors == false && checked.button("c")?.hasErrors == true)
  }
}

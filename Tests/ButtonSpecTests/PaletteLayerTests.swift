import ButtonCore
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// Buttons that take different lists of templates share their palettes' entries: a name written
/// in one palette, in two or in three is merged key by key over exactly the palettes that write
/// it, in their order, whatever the other buttons take; and an error is reported only where the
/// merge leaves one.
struct PaletteLayerTests {
  static let red = RGBA(red: 1, green: 0, blue: 0)
  static let lime = RGBA(red: 0, green: 1, blue: 0)
  static let blue = RGBA(red: 0, green: 0, blue: 1)
  static let black = RGBA(red: 0, green: 0, blue: 0)

  /// The colour `$name` gives button `button` in `appearance`.
  func colour(_ name: String, _ checked: CheckedSpecs, _ button: String, _ appearance: Appearance) throws -> RGBA {
    let definition = try #require(checked.button(button))
    let entry = try #require(definition.palette.entry(named: name), "\(button) has no \(name)")
    return try resolved(entry.value, appearance)
  }

  private func resolved(_ spec: ColorSpec, _ appearance: Appearance) throws -> RGBA {
    switch spec {
    case .literal(let color): return color
    case .appearance(let light, let dark): return try resolved(appearance == .light ? light : dark, appearance)
    default: throw CocoaError(.featureUnsupported)
    }
  }

  @Test func eachNameMergesOverThePalettesThatWriteIt() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "templates/a.yaml",
      "buttonsmith: 1\npalette: { Three: { light: red, dark: red }, Two: { light: red }, A: lime }\n")
    try workspace.write(
      "templates/b.yaml", "buttonsmith: 1\npalette: { Three: { dark: lime }, Two: { dark: blue }, B: blue }\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        palette: { Three: { light: blue }, File: black }
        buttons:
          ab: { extends: [a, b], size: [10, 10], tint: red }
          ba: { extends: [b, a], size: [10, 10], tint: red }
          a: { extends: a, size: [10, 10], tint: red }
          none: { size: [10, 10], tint: red }
        """)
    // `Three` in the file alone (button `none`) and `Two` in template `a` alone (button `a`)
    // are half entries; every other button's palettes complete them.
    let errors = checked.diagnostics.sorted.map { "\($0.location.file):\($0.location.line):\($0.location.column)" }
    #expect(errors == ["specs/test.yaml:2:19", "templates/a.yaml:2:51"], "\(checked.diagnostics.sorted)")
    #expect(checked.button("ab")?.hasErrors == false)
    #expect(checked.button("ba")?.hasErrors == false)
    // Three: a, then b over it, then the file over both.
    #expect(try colour("Three", checked, "ab", .light) == Self.blue)
    #expect(try colour("Three", checked, "ab", .dark) == Self.lime)
    #expect(try colour("Three", checked, "ba", .dark) == Self.red)
    #expect(try colour("Three", checked, "a", .dark) == Self.red)
    #expect(try colour("Three", checked, "a", .light) == Self.blue)
    // Two: only in the templates, in their order.
    #expect(try colour("Two", checked, "ab", .light) == Self.red)
    #expect(try colour("Two", checked, "ab", .dark) == Self.blue)
    #expect(try colour("Two", checked, "ba", .dark) == Self.blue)
    // Names only one palette writes, and what a button does not take.
    #expect(try colour("A", checked, "ba", .light) == Self.lime)
    #expect(try colour("B", checked, "ab", .dark) == Self.blue)
    #expect(try colour("File", checked, "ab", .light) == Self.black)
    #expect(checked.button("a")?.palette.entry(named: "B") == nil)
    #expect(checked.button("none")?.palette.entry(named: "A") == nil)
    #expect(checked.button("none")?.palette.entries.keys.sorted() == ["File"])
    #expect(checked.button("none")?.palette.isUnreadable("Three") == true)
    #expect(checked.button("a")?.palette.isUnreadable("Two") == true)
    #expect(checked.button("a")?.palette.unreadable == ["Two"])
  }

  @Test func aHalfEntryIsAnErrorOnlyForTheButtonsWhosePalettesLeaveItHalf() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/half.yaml", "buttonsmith: 1\npalette: { Brand: { light: red } }\n")
    try workspace.write("templates/other.yaml", "buttonsmith: 1\npalette: { Brand: { dark: blue } }\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          whole: { extends: [half, other], size: [10, 10], tint: $Brand }
          half: { extends: half, size: [10, 10], tint: $Brand }
        """)
    let errors = checked.diagnostics.sorted.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.location.file.hasSuffix("half.yaml") == true, "\(errors)")
    #expect(checked.button("whole")?.palette.isUnreadable("Brand") == false)
    #expect(checked.button("half")?.palette.isUnreadable("Brand") == true)
    // The error is the palette's: the button's own checks still run.
    #expect(checked.buttons.allSatisfy { !$0.hasErrors })
  }
}

import ButtonCore
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

struct ColorParsingTests {
  /// Resolves `color` as the gradient of a one-button spec, in `appearance`.
  private func resolve(_ color: String, palette: String = "", appearance: Appearance = .light) throws -> RGBA {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        palette: {\(palette)}
        buttons:
          b:
            size: [10, 10]
            appearances: [light, dark]
            gradient: \(color)
        """)
    #expect(checked.errorIDs.isEmpty, "\(checked.diagnostics.sorted)")
    let button = try #require(checked.button("b"))
    let look = try #require(button.look(.normal))
    let resolver = ColorResolver(palette: button.palette, appearance: appearance, look: look)
    return try #require(try resolver.fillStops(at: button.location).first).color
  }

  @Test(arguments: [
    ("\"#F00\"", RGBA(red: 1, green: 0, blue: 0)),
    ("\"#F008\"", RGBA(red: 1, green: 0, blue: 0, alpha: 0x88 / 255)),
    ("\"#00FF00\"", RGBA(red: 0, green: 1, blue: 0)),
    ("\"#0000FF80\"", RGBA(red: 0, green: 0, blue: 1, alpha: 0x80 / 255)),
    ("rgb(255, 0, 255)", RGBA(red: 1, green: 0, blue: 1)),
    ("\"rgba(0, 0, 0, 0.5)\"", RGBA(red: 0, green: 0, blue: 0, alpha: 0.5)),
    ("rebeccapurple", RGBA(red: 0x66 / 255, green: 0x33 / 255, blue: 0x99 / 255)),
    ("clear", RGBA.clear),
    ("transparent", RGBA.clear),
    ("{ color: white, alpha: 0.25 }", RGBA(red: 1, green: 1, blue: 1, alpha: 0.25)),
  ])
  func literalColors(text: String, expected: RGBA) throws {
    #expect(try resolve(text) == expected)
  }

  @Test func paletteEntriesFollowTheAppearance() throws {
    let palette = ##"Brand: { light: "#FF0000", dark: "#0000FF" }"##
    #expect(try resolve("$Brand", palette: palette, appearance: .light) == RGBA(red: 1, green: 0, blue: 0))
    #expect(try resolve("$Brand", palette: palette, appearance: .dark) == RGBA(red: 0, green: 0, blue: 1))
  }

  @Test func alphaMultipliesAPaletteColour() throws {
    let color = try resolve("{ color: $Half, alpha: 0.5 }", palette: ##"Half: "#FFFFFF80""##)
    #expect(abs(color.alpha - 0x80 / 255 * 0.5) < 1e-9)
  }

  @Test func paletteEntriesMayReferToEachOther() throws {
    #expect(try resolve("$A", palette: ##"A: $B, B: "#00FF00""##) == RGBA(red: 0, green: 1, blue: 0))
  }

  @Test func paletteCycleIsUnresolved() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        palette: { A: $B, B: $A }
        buttons:
          b: { size: [10, 10], gradient: $A }
        """)
    #expect(checked.errorIDs == ["unresolved-color"])
  }

  /// A missing fill is reported beside a button's other mistakes; only a fill that was written
  /// and did not decode (reported where it is written) is not reported again as missing.
  @Test func aMissingFillIsReportedBesideOtherMistakes() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          a: { size: [10, 10], opacity: 5 }
          e: { size: [10, 10], gradient: { colors: [nope, red] } }
          g: { size: [10, 10], states: { normal: { background: 12 } } }
        """)
    #expect(checked.summary == ["3:3 unresolved-color", "3:33 value-out-of-range", "4:45 bad-color", "5:56 bad-color"])
  }

  /// Nor is a missing fill reported again when what would have given it was reported: an
  /// `AccentColor` that does not decode, a template extending one that was not found.
  @Test func aFillThatWouldComeFromAMistakeIsNotMissingToo() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/outer.yaml", "buttonsmith: 1\nextends: brnd\nsize: [10, 10]\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        palette: { AccentColor: "#12345" }
        buttons:
          a: { size: [10, 10] }
          b: { extends: outer }
        """)
    #expect(!checked.errorIDs.contains("unresolved-color"), "\(checked.summary)")
    #expect(checked.errorIDs.contains("bad-color") && checked.errorIDs.contains("unknown-template"))
  }

  @Test(arguments: ["\"#12345\"", "notacolour", "\"rgb(300, 0, 0)\"", "\"rgba(1, 2, 3)\"", "\"#GGG\""])
  func badColorsAreReported(text: String) throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: "buttonsmith: 1\nbuttons:\n  b:\n    size: [10, 10]\n    gradient: \(text)\n")
    #expect(checked.summary == ["5:15 bad-color"])
  }

  @Test func unquotedHexIsACommentAndTheMessageSaysSo() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: "buttonsmith: 1\nbuttons:\n  b:\n    size: [10, 10]\n    gradient: #FF0000\n")
    let diagnostic = try #require(checked.diagnostics.all.first { $0.rule == .wrongType })
    #expect(diagnostic.notes.contains { $0.message.contains("comment") })
  }

  /// A gradient map misspelt is still a gradient: each key gets its did-you-mean among a
  /// gradient's keys, and nothing else is said of it (a template may give the angle alone).
  @Test func misspeltGradientKeysGetSuggestions() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          a: { size: [10, 10], gradient: { stop: [{ color: red, at: 0 }] } }
          b: { size: [10, 10], gradient: { colours: [red], angel: 3 } }
          c: { size: [10, 10], tint: red, gradient: { angle: 3 } }
          d: { size: [10, 10], gradient: { color: red, alpha: 0.5 } }
          e: { size: [10, 10], gradient: { colors: [red, blue], alpha: 0.5 } }
        """)
    #expect(checked.summary == ["3:36 unknown-key", "4:36 unknown-key", "4:52 unknown-key", "7:57 unknown-key"])
    let messages = checked.diagnostics.sorted.map(\.message)
    #expect(messages[0].hasSuffix("did you mean 'stops'?") && messages[1].hasSuffix("did you mean 'colors'?"))
    #expect(messages[2].hasSuffix("did you mean 'angle'?") && messages[3].contains("'alpha' in gradient"))
  }

  @Test func namedColourTypoGetsASuggestion() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(spec: "buttonsmith: 1\nbuttons:\n  b:\n    size: [10, 10]\n    gradient: rde\n")
    #expect(checked.diagnostics.all.first?.message.contains("did you mean 'red'?") == true)
  }
}

/// `trimmingSpaces()` takes off what Foundation's `trimmingCharacters(in: .whitespaces)` does,
/// and nothing else: tabs and Unicode space separators at the ends, never line breaks or what
/// lies between.
struct TrimmingTests {
  @Test(arguments: [
    "", " ", "\t", "  red  ", "\tred\t", "rgb(1, 2, 3)", " 12 ", "\u{00A0}blue\u{3000}", "\u{2009}x\u{202F}",
    "\nred\n", " red\r\n", "red \u{200B}", "\u{200B}\u{200C}x", "é ", " \u{301}e", "a b", "\u{1680}ogham",
  ])
  func matchesFoundation(text: String) {
    #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    let padded = "(" + text + ")"
    let inner = padded.dropFirst().dropLast()
    #expect(inner.trimmingSpaces() == inner.trimmingCharacters(in: .whitespaces))
  }
}

import ButtonCore
import ButtonSpec
import ButtonsmithTestSupport
import Testing

struct StateTests {
  @Test func withoutStatesNormalHighlightedAndDisabledRender() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(spec: "buttonsmith: 1\nbuttons:\n  b: { size: [10, 10], tint: red, text: Go }\n")
    let button = try #require(checked.button("b"))
    #expect(button.states.map(\.state) == [.normal, .highlighted, .disabled])
    #expect(button.look(.highlighted)?.opacity == 0.25)
    #expect(button.look(.disabled) == button.look(.normal))
    #expect(checked.diagnostics.all.isEmpty)
  }

  @Test func listedStatesRenderWithNormal() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          b:
            size: [10, 10]
            tint: red
            text: Pay
            states:
              loading: { text: Paying, spinner: { frames: 4 } }
              selected: { tint: green }
        """)
    let button = try #require(checked.button("b"))
    #expect(button.states.map(\.state) == [.normal, .selected, .loading])
    #expect(button.look(.loading)?.text?.value == "Paying")
    #expect(button.look(.loading)?.spinner?.frames == 4)
    #expect(button.look(.selected)?.text?.value == "Pay")
  }

  @Test func aStatesTextDefaultsToNormalsText() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          b:
            size: [10, 10]
            tint: red
            states:
              normal: { text: Buy }
              disabled: { opacity: 0.5 }
        """)
    #expect(checked.button("b")?.look(.disabled)?.text?.value == "Buy")
  }

  @Test func highlightedOverridesBeatTheBuiltInDim() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          b: { size: [10, 10], tint: red, states: { highlighted: { opacity: 0.6 } } }
        """)
    #expect(checked.button("b")?.look(.highlighted)?.opacity == 0.6)
  }

  /// Only a state the specs leave as it is takes the built-in dim: one given any override (an
  /// overlay, a text, from a template too) is what its overrides say.
  @Test func aHighlightedStateGivenOverridesIsNotDimmed() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/dark.yaml", "buttonsmith: 1\nstates: { highlighted: { text: Pressed } }\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        defaults: { size: [10, 10], tint: red, opacity: 0.9 }
        buttons:
          overlaid: { states: { highlighted: { overlay: "#00000033" } } }
          templated: { extends: dark }
          empty: { states: { highlighted: {} } }
          implicit: {}
        """)
    #expect(checked.button("overlaid")?.look(.highlighted)?.opacity == 0.9)
    #expect(checked.button("templated")?.look(.highlighted)?.opacity == 0.9)
    #expect(checked.button("empty")?.look(.highlighted)?.opacity == 0.25)
    #expect(checked.button("implicit")?.look(.highlighted)?.opacity == 0.25)
  }

  /// A state left as it is looks like `normal` as `normal`'s own overrides make it (and
  /// `highlighted` is that look dimmed); a state given overrides starts from the button.
  @Test func aStateLeftAsItIsLooksLikeNormalWithNormalsOverrides() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          listed:
            size: [10, 10]
            tint: blue
            states:
              normal: { tint: red, corner-radius: 3, opacity: 0.8 }
              disabled: {}
              highlighted: {}
              selected: { text: On }
        """)
    let listed = try #require(checked.button("listed"))
    let normal = try #require(listed.look(.normal))
    #expect(listed.look(.disabled) == normal)
    var dimmed = normal
    dimmed.opacity = 0.25
    #expect(listed.look(.highlighted) == dimmed)
    #expect(listed.look(.selected)?.tint?.value != normal.tint?.value)
    #expect(listed.look(.selected)?.opacity == 1)
    #expect(listed.look(.selected)?.text?.value == "On")
  }

  @Test func percentagesAndShorthands() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          b:
            size: { width: 120, height: 40 }
            tint: red
            corner-radius: 50%
            shadow: true
            fit: false
            hit-mask: true
            padding: [4, 8, 12, 16]
            font: { weight: semibold, size: 15 }
        """)
    #expect(checked.diagnostics.all.isEmpty, "\(checked.diagnostics.sorted)")
    let look = try #require(checked.button("b")?.look(.normal))
    #expect(look.cornerRadius.points(ofSide: 40) == 20)
    #expect(look.shadow == ShadowSpec())
    #expect(look.shadow?.offsetY == 3 && look.shadow?.blur == 3 && look.shadow?.opacity == 0.3)
    #expect(look.fit == nil)
    #expect(look.hitMask?.threshold == 0.5)
    #expect(look.padding == Insets(top: 4, right: 8, bottom: 12, left: 16))
    #expect(look.font.weight == 600)
  }

  @Test func gradientStopsAndAngle() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          even: { size: [10, 10], gradient: [red, lime, blue] }
          hard:
            size: [10, 10]
            gradient: { angle: 90, stops: [{ color: red, at: 0 }, { color: red, at: 0.5 }, { color: blue, at: 0.5 }] }
          backwards:
            size: [10, 10]
            gradient: { stops: [{ color: red, at: 0.6 }, { color: blue, at: 0.2 }] }
        """)
    #expect(checked.button("even")?.look(.normal)?.gradient?.stops.map(\.position) == [0, 0.5, 1])
    #expect(checked.button("hard")?.look(.normal)?.gradient?.angle == 90)
    #expect(checked.button("hard")?.look(.normal)?.gradient?.stops.map(\.position) == [0, 0.5, 0.5])
    #expect(checked.summary == ["9:69 value-out-of-range"])
  }

  /// An empty list of scales or appearances would draw nothing: an error where it is written,
  /// in a button and in a template alike.
  @Test func emptyScalesAndAppearancesAreErrors() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          a: { size: [10, 10], tint: red, scales: [] }
          b: { size: [10, 10], tint: red, appearances: [] }
          c: { size: [10, 10], tint: red, scales: [2], appearances: [dark] }
        """)
    #expect(checked.summary == ["3:43 value-out-of-range", "4:48 value-out-of-range"])
    #expect(checked.button("c")?.scales.map(\.value) == [2])
  }

  @Test func fallbackChainGoesBackgroundTintAccentColor() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        palette: { AccentColor: blue }
        defaults: { tint: lime }
        buttons:
          tinted: { size: [10, 10] }
          backed: { size: [10, 10], background: red }
        """)
    func start(_ name: String) throws -> RGBA {
      let button = try #require(checked.button(name))
      let look = try #require(button.look(.normal))
      return try ColorResolver(palette: button.palette, appearance: .light, look: look).fillStops(at: button.location)[
        0
      ].color
    }
    #expect(try start("tinted") == RGBA(red: 0, green: 1, blue: 0))
    #expect(try start("backed") == RGBA(red: 1, green: 0, blue: 0))

    let accentOnly = try workspace.check(
      spec: "buttonsmith: 1\npalette: { AccentColor: blue }\nbuttons:\n  a: { size: [10, 10] }\n")
    #expect(accentOnly.errorIDs.isEmpty)
  }
}

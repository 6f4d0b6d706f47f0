import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// `identical-state` is judged on the jobs a state resolves to, in every appearance and
/// language: what draws alike is identical however it was written.
struct IdenticalStateTests {
  /// Plans `yaml` as the workspace's only spec; its diagnostics as `line:col id`, sorted, of
  /// `rules` only when given (small buttons' labels do not fit, which is not the point here).
  private func summary(of yaml: String, only rules: Set<DiagnosticRule>? = [.identicalState]) throws -> [String] {
    let workspace = try TestWorkspace()
    try workspace.write("specs/test.yaml", yaml)
    let plan = try workspace.project().plan()
    return plan.diagnostics.sorted.filter { rules?.contains($0.rule) ?? true }.map {
      "\($0.location.line):\($0.location.column) \($0.rule.rawValue)"
    }
  }

  @Test func anExplicitStateWithoutOverridesIsIdenticalToNormal() throws {
    let summary = try summary(
      of: """
        buttonsmith: 1
        buttons:
          b: { size: [10, 10], tint: red, states: { disabled: {}, highlighted: {} } }
        """)
    // `highlighted: {}` is dimmed; `disabled: {}` is `normal`.
    #expect(summary == ["3:45 identical-state"])
  }

  /// A state left as it is looks like `normal` as `normal`'s own overrides make it.
  @Test func aStateLeftAsItIsIsIdenticalToNormalWithItsOverrides() throws {
    let summary = try summary(
      of: """
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
    #expect(summary == ["8:7 identical-state"])
  }

  /// Overrides of what a state has nothing to draw with (a content colour, font or padding
  /// without a label, image or spinner; a border of no width) leave it identical; with a label,
  /// or a border, they do not.
  @Test func overridesOfNothingDrawnLeaveAStateIdentical() throws {
    let summary = try summary(
      of: """
        buttonsmith: 1
        buttons:
          plain: { size: [20, 20], tint: red, states: { disabled: { content-color: blue, font: { size: 30 } } } }
          label: { size: [20, 20], tint: red, text: A, states: { disabled: { content-color: black } } }
          padded: { size: [20, 20], tint: red, states: { selected: { padding: 3 } } }
          placed: { size: [20, 20], tint: red, text: A, states: { selected: { padding: 3 } } }
          unstroked: { size: [20, 20], tint: red, states: { selected: { border: { color: blue } } } }
          stroked: { size: [20, 20], tint: red, border: { width: 1 }, states: { selected: { border: { color: blue } } } }
        """)
    #expect(summary == ["3:49 identical-state", "5:50 identical-state", "7:53 identical-state"])
  }

  /// Overrides written differently from `normal`'s look that draw the same: a palette name and
  /// its colour, a tint a gradient hides, a clear overlay. A state that differs in one
  /// appearance only, or with a label in one of its colours, is not identical.
  @Test func overridesThatDrawWhatNormalDrawsAreIdentical() throws {
    let summary = try summary(
      of: """
        buttonsmith: 1
        palette: { brand: "#0A60D0", shade: { light: "#0A60D0", dark: "#202020" } }
        defaults: { size: [20, 20], scales: [1] }
        buttons:
          named: { background: "#0A60D0", states: { selected: { background: $brand } } }
          hidden: { gradient: red, content-color: black, states: { selected: { tint: blue } } }
          clear: { background: navy, states: { selected: { overlay: clear } } }
          dark: { appearances: [light, dark], background: "#0A60D0", states: { selected: { background: $shade } } }
          tinted: { gradient: red, text: A, states: { selected: { content-color: black } } }
        """)
    #expect(summary == ["5:45 identical-state", "6:60 identical-state", "7:40 identical-state"])
  }

  /// A state whose only overrides are mistakes is reported for them, not again as identical.
  @Test func aStateWhoseOverridesAreMistakesIsNotAlsoIdentical() throws {
    let summary = try summary(
      of: """
        buttonsmith: 1
        buttons:
          a: { size: [10, 10], tint: red, states: { selected: { opacity: 3 } } }
          b: { size: [10, 10], tint: red, states: { disabled: { scales: [1] } } }
        """, only: nil)
    #expect(summary == ["3:66 value-out-of-range", "4:57 not-allowed-in-state"])
  }

  /// A gradient of one colour, however many stops and whatever its angle, is that colour.
  @Test func aGradientOfOneColourIsThatColour() throws {
    let summary = try summary(
      of: """
        buttonsmith: 1
        buttons:
          b:
            size: [10, 10]
            gradient: red
            states:
              disabled: { gradient: [red, red] }
              selected: { gradient: { colors: ["#FF0000", red, red], angle: 30 } }
              focused: { gradient: [red, "#FF000080"] }
        """)
    #expect(summary == ["7:7 identical-state", "8:7 identical-state"])
  }
}

import ButtonCore
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

struct MergeTests {
  @Test func precedenceIsDefaultsThenTemplatesThenButtonThenState() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "templates/base.yaml",
      """
      buttonsmith: 1
      corner-radius: 4
      opacity: 0.9
      font: { family: DejaVu Serif, size: 20 }
      """)
    try workspace.write(
      "templates/loud.yaml",
      """
      buttonsmith: 1
      extends: base
      corner-radius: 6
      font: { weight: bold }
      """)
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        defaults:
          tint: red
          corner-radius: 2
          padding: 3
        buttons:
          b:
            extends: loud
            size: [100, 40]
            text: Go
            font: { size: 22 }
            states:
              selected: { font: { italic: true }, padding: [1, 2] }
        """)
    #expect(checked.diagnostics.all.isEmpty, "\(checked.diagnostics.sorted)")
    let button = try #require(checked.button("b"))
    let normal = try #require(button.look(.normal))
    #expect(normal.cornerRadius == .points(6))  // loud beats base and defaults
    #expect(normal.opacity == 0.9)  // from base, through loud
    #expect(normal.padding == Insets(all: 3))  // defaults
    #expect(normal.font.family == "DejaVu Serif")  // maps merge key by key
    #expect(normal.font.size == 22)  // the button beats the templates
    #expect(normal.font.weight == 700)
    #expect(normal.font.italic == false)
    let selected = try #require(button.look(.selected))
    #expect(selected.font.italic == true)
    #expect(selected.font.size == 22)
    #expect(selected.padding == Insets(top: 1, right: 2, bottom: 1, left: 2))
  }

  /// A mistake written once is reported once, where it is written, however many buttons
  /// inherit it: an unknown key of a template (or of a template it extends), of the file's
  /// defaults, or of one button.
  @Test func anUnknownKeyIsReportedOnceWhereItIsWritten() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/base.yaml", "buttonsmith: 1\nbackgorund: red\n")
    try workspace.write("templates/tk.yaml", "buttonsmith: 1\nextends: base\ncornr-radius: 4\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        defaults:
          size: [20, 10]
          tinr: red
        buttons:
          a: { extends: tk }
          b: { extends: tk }
          c: { extends: tk, colr: blue }
        """)
    let unknown = checked.diagnostics.sorted.filter { $0.rule == .unknownKey }
    #expect(
      unknown.map { "\($0.location.file):\($0.location.line) \($0.message)" } == [
        "specs/test.yaml:4 unknown key 'tinr' in defaults; did you mean 'tint'?",
        "specs/test.yaml:8 unknown key 'colr' in button 'c'",
        "templates/base.yaml:2 unknown key 'backgorund' in template 'base'; did you mean 'background'?",
        "templates/tk.yaml:3 unknown key 'cornr-radius' in template 'tk'; did you mean 'corner-radius'?",
      ])
  }

  @Test func laterTemplatesWinAndListsReplace() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/one.yaml", "buttonsmith: 1\nscales: [1]\ncorner-radius: 1\n")
    try workspace.write("templates/two.yaml", "buttonsmith: 1\nscales: [2, 3]\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          b: { extends: [one, two], size: [10, 10], tint: red }
        """)
    let button = try #require(checked.button("b"))
    #expect(button.scales.map(\.value) == [2, 3])
    #expect(button.look(.normal)?.cornerRadius == .points(1))
  }

  @Test func aMergedValueKeepsTheLocationOfTheTemplateThatWroteIt() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/broken.yaml", "buttonsmith: 1\n\nopacity: 7\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          a: { extends: broken, size: [10, 10], tint: red }
          b: { extends: broken, size: [10, 10], tint: red }
        """)
    // Reported once, at the template's line, however many buttons use it.
    #expect(
      checked.diagnostics.sorted.map(\.description) == [
        "templates/broken.yaml:3:10: error: opacity 7 is out of range 0...1 [value-out-of-range]"
      ])
  }

  @Test func paletteOfTheFileWinsOverTemplatePalettes() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/t.yaml", "buttonsmith: 1\npalette: { C: red, D: blue }\ngradient: [$C, $D]\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        palette: { C: lime }
        buttons:
          b: { extends: t, size: [10, 10] }
        """)
    let button = try #require(checked.button("b"))
    let look = try #require(button.look(.normal))
    let stops = try ColorResolver(palette: button.palette, appearance: .light, look: look).fillStops(
      at: button.location)
    #expect(stops.map(\.color) == [RGBA(red: 0, green: 1, blue: 0), RGBA(red: 0, green: 0, blue: 1)])
  }

  /// `floor(N%)` is a percentage of the height rounded down; it is located like any length.
  @Test func flooredPercentagesAreCheckedAsPercentages() throws {
    let checked = try TestWorkspace().check(
      spec: """
        buttonsmith: 1
        buttons:
          a: { size: [100, 44], tint: red, corner-radius: floor(120%) }
          b: { size: [100, 44], tint: red, corner-radius: floor(20) }
          c: { size: [100, 44], tint: red, corner-radius: "floor(20%" }
          d: { size: [100, 44], tint: red, mask: { inset: floor(10%) } }
        """)
    #expect(checked.summary == ["3:51 value-out-of-range", "4:51 wrong-type", "5:51 wrong-type"])
    #expect(checked.button("d")?.look(.normal)?.mask?.source == .window(inset: .flooredPercent(10), alpha: 0))
  }

  /// In a property's map, `color: ~` unsets the colour; `color:` with nothing after it is an
  /// unquoted "#colour" YAML read as a comment, and said so.
  @Test func anEmptyColourInAPropertysMapIsSaidToBeAComment() throws {
    let checked = try TestWorkspace().check(
      spec: """
        buttonsmith: 1
        buttons:
          a: { size: [100, 44], tint: { color: red, alpha: ~ }, border: { width: 1, color: ~ }, shadow: { color: ~ } }
          b:
            size: [100, 44]
            tint: red
            border: { width: 1, color: }
            spinner: { color: }
        """)
    #expect(checked.summary == ["7:32 wrong-type", "8:23 wrong-type"], "\(checked.diagnostics.sorted)")
    #expect(checked.diagnostics.sorted.allSatisfy { $0.notes.contains { $0.message.contains("'#' starts a comment") } })
    #expect(checked.button("a")?.look(.normal)?.border?.color == nil)
    // A colour map's `alpha: ~` is unset too: the colour as it is.
    #expect(checked.button("a")?.look(.normal)?.tint?.value == .literal(RGBA(red: 1, green: 0, blue: 0, alpha: 1)))
  }

  /// A stretch's regions and cap insets are one value: the topmost layer that writes any of
  /// them decides them all, in whatever grouping the layers are merged (templates are merged
  /// with their ancestors once), while its other keys merge key by key.
  @Test func stretchRegionsAndInsetsMergeAsOneValueInAnyGrouping() throws {
    func node(_ yaml: String) throws -> SpecNode {
      var diagnostics = Diagnostics()
      return try #require(YAMLReader().read(Data(yaml.utf8), file: "a.yaml", into: &diagnostics))
    }
    let a = try node("stretch: { y: [[1, 2]], center: tile }\n")
    let b = try node("stretch: { insets: [0, 5, 0, 5] }\n")
    let c = try node("stretch: { x: [[3, 4]] }\n")
    let left = a.merged(with: b).merged(with: c)["stretch"]
    let right = a.merged(with: b.merged(with: c))["stretch"]
    #expect(left?.entries?.map(\.key).sorted() == ["center", "x"])
    #expect(right?.entries?.map(\.key).sorted() == ["center", "x"])
    // A layer that writes none of them keeps the ones below.
    let kept = a.merged(with: try node("stretch: { center: stretch }\n"))["stretch"]
    #expect(kept?.entries?.map(\.key).sorted() == ["center", "y"])
  }

  /// A gradient's `colors` and `stops` are one value: a button's `colors` over a template's
  /// `stops` (the built-in `glass`) replace them, a state's `stops` over a button's `colors`
  /// too, and the angle below stays.
  @Test func gradientColoursAndStopsReplaceEachOther() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          c:
            extends: glass
            size: [100, 40]
            gradient: { colors: [lime, black] }
            states: { selected: { gradient: { stops: [{ color: red, at: 0 }, { color: blue, at: 0.2 }] } } }
          d: { size: [100, 40], gradient: { colors: [red, blue], angle: 45 }, states: { selected: { gradient: { stops: [{ color: red, at: 0.5 }] } } } }
        """)
    #expect(checked.errorIDs.isEmpty, "\(checked.diagnostics.sorted)")
    let c = try #require(checked.button("c"))
    #expect(c.look(.normal)?.gradient?.stops.map(\.position) == [0, 1])
    #expect(c.look(.selected)?.gradient?.stops.map(\.position) == [0, 0.2])
    #expect(checked.button("d")?.look(.selected)?.gradient?.stops.map(\.position) == [0.5])
    #expect(checked.button("d")?.look(.selected)?.gradient?.angle == 45)
  }

  @Test func builtInTemplatesWorkWithoutATemplatesDirectory() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: "buttonsmith: 1\nbuttons:\n  g: { extends: glass, size: [100, 40], text: Hi }\n")
    #expect(checked.errorIDs.isEmpty, "\(checked.diagnostics.sorted)")
    let look = try #require(checked.button("g")?.look(.normal))
    #expect(look.cornerRadius == .flooredPercent(20))
    #expect(look.gradient?.stops.count == 5)
  }

  @Test func aUserTemplateOfTheSameNameWinsOverTheBuiltIn() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/glass.yaml", "buttonsmith: 1\ncorner-radius: 3\ntint: red\n")
    let checked = try workspace.check(spec: "buttonsmith: 1\nbuttons:\n  g: { extends: glass, size: [100, 40] }\n")
    #expect(checked.button("g")?.look(.normal)?.cornerRadius == .points(3))
    #expect(checked.button("g")?.look(.normal)?.gradient == nil)
  }

  @Test func templateThatExtendsItselfIsACycle() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/a.yaml", "buttonsmith: 1\nextends: b\n")
    try workspace.write("templates/b.yaml", "buttonsmith: 1\nextends: [a]\n")
    try workspace.write("templates/self.yaml", "buttonsmith: 1\nextends: self\n")
    let checked = try workspace.check(
      spec: "buttonsmith: 1\nbuttons:\n  x: { extends: a, size: [10, 10], tint: red }\n")
    let cycles = checked.diagnostics.sorted.filter { $0.rule == .templateCycle }.map(\.location.description)
    #expect(cycles == ["templates/a.yaml:2:10", "templates/b.yaml:2:11", "templates/self.yaml:2:10"])
  }

  @Test func yamlMergeKeysWork() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          a: &base { size: [10, 10], tint: red, opacity: 0.5 }
          b:
            <<: *base
            opacity: 0.75
        """)
    #expect(checked.errorIDs.isEmpty)
    #expect(checked.button("b")?.look(.normal)?.opacity == 0.75)
    #expect(checked.button("b")?.size == Size(width: 10, height: 10))
  }

  /// A merge key of something other than maps is reported and left out; every other mistake
  /// of the file is still found.
  @Test(arguments: ["<<: 5", "<<: [1, 2]", "<<: [{ tint: red }, x]"])
  func aBadMergeKeyHidesNothingElse(merge: String) throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          a: { size: [60, 44], tint: blue, opacity: 7 }
          c:
            \(merge)
          g: { size: [60, 44], tint: blue, opacity: 8 }
        """)
    let found = checked.diagnostics.sorted.map { "\($0.location.line) \($0.rule.rawValue)" }
    #expect(found.contains("5 wrong-type"), "\(checked.diagnostics.sorted)")
    #expect(found.contains("3 value-out-of-range") && found.contains("6 value-out-of-range"), "\(found)")
  }

  /// A bad merge key found before an alias bomb is still reported beside it.
  @Test func aBadMergeKeyIsReportedBesideAnAliasBomb() throws {
    var yaml = "buttonsmith: 1\nbuttons:\n  c: { <<: 5 }\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...6 {
      yaml +=
        "  a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    let workspace = try TestWorkspace()
    let checked = try workspace.check(spec: yaml)
    #expect(checked.errorIDs.sorted() == ["alias-expansion", "wrong-type"], "\(checked.diagnostics.sorted)")
  }
}

struct CascadeTests {
  @Test func anInvalidTemplateGradientIsReportedOnceWithoutFallbackNoise() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/t.yaml", "buttonsmith: 1\ngradient: \"#12\"\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          a: { extends: t, size: [10, 10] }
          b: { extends: t, size: [10, 10] }
        """)
    #expect(
      checked.diagnostics.sorted.map(\.description) == [
        "templates/t.yaml:2:11: error: '#12' is not a hex colour; use #RGB, #RGBA, #RRGGBB or #RRGGBBAA [bad-color]"
      ])
  }

  /// A map laid over a scalar replaces what is below it among templates, but a state's
  /// overrides still merge into the finished button.
  @Test func aStateOverrideMergesIntoTheButtonAfterTemplatesReplaced() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/off.yaml", "buttonsmith: 1\nfit: false\n")
    try workspace.write("templates/on.yaml", "buttonsmith: 1\nfit: { step: 0.05 }\n")
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        defaults:
          fit: { min-scale: 0.75 }
          states: { highlighted: { fit: false } }
        buttons:
          b:
            extends: [off, on]
            size: [100, 40]
            tint: red
            states: { highlighted: { fit: { step: 0.1 } } }
        """)
    #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.sorted)")
    let button = try #require(checked.button("b"))
    // Templates: the defaults' min-scale is replaced by `off`, then `on` starts a new map.
    #expect(button.look(.normal)?.fit?.minScale == FitSpec().minScale)
    #expect(button.look(.normal)?.fit?.step == 0.05)
    // The state's map merges into the button's fit as before.
    #expect(button.look(.highlighted)?.fit?.step == 0.1)
    #expect(button.look(.highlighted)?.fit?.minScale == FitSpec().minScale)
  }

  @Test func theDepthLimitDoesNotDependOnWhatWasResolvedFirst() throws {
    for order in [["deep", "shallow"], ["shallow", "deep"]] {
      let workspace = try TestWorkspace()
      try workspace.write("templates/t40.yaml", "buttonsmith: 1\ncorner-radius: 4\n")
      for level in 1..<40 {
        try workspace.write("templates/t\(level).yaml", "buttonsmith: 1\nextends: t\(level + 1)\n")
      }
      let lines = order.map {
        $0 == "deep"
          ? "  deep: { extends: t1, size: [10, 10], tint: red }"
          : "  shallow: { extends: t20, size: [10, 10], tint: red }"
      }
      let checked = try workspace.check(spec: "buttonsmith: 1\nbuttons:\n" + lines.joined(separator: "\n") + "\n")
      let deep = checked.diagnostics.all.filter { $0.rule == .nestingTooDeep }.map(\.location.description)
      let deepLine = order[0] == "deep" ? 3 : 4
      // The deep button, and the top of the chain on its own; never the shallow button.
      #expect(deep.sorted() == ["specs/test.yaml:\(deepLine):20", "templates/t1.yaml:2:10"], "\(order): \(deep)")
    }
  }
}

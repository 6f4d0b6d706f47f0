import ButtonSpec
import ButtonsmithTestSupport
import Testing

/// A button with no fill is reported beside its other mistakes, unless a mistake may have
/// taken the fill it was given: a fill key that did not decode, or a key that reads as one
/// misspelt. Then the missing fill would only repeat that mistake.
struct MissingFillTests {
  /// Lines added to a button that has a size and no fill, and the diagnostics they give.
  static let cases: [(lines: String, expected: [String])] = [
    // Mistakes that cannot have given a fill: the missing fill is reported too.
    ("text: Go\nfnt: { size: 12 }", ["3:3 unresolved-color", "6:5 unknown-key"]),
    ("zzzzzzzz: 1", ["3:3 unresolved-color", "5:5 unknown-key"]),
    ("gradient: { angle: 45 }\nscales: [7]", ["3:3 unresolved-color", "6:14 value-out-of-range"]),
    ("background: ~\nopacity: 3", ["3:3 unresolved-color", "6:14 value-out-of-range"]),
    ("states: { selected: { txet: x } }", ["3:3 unresolved-color", "5:15 unresolved-color", "5:27 unknown-key"]),
    // Mistakes that may have: reported alone.
    ("backgrund: red", ["5:5 unknown-key"]),
    ("states: { selected: { tnit: red } }", ["5:27 unknown-key"]),
    ("background: nope", ["5:17 bad-color"]),
    ("background:\nopacity: 3", ["5:16 wrong-type", "6:14 value-out-of-range"]),
    ("gradient: { angle: 45, stops: [nope] }", ["5:36 wrong-type"]),
    ("states: { disabled: { tint: [1] } }", ["5:33 wrong-type"]),
  ]

  @Test(arguments: cases.indices)
  func aMissingFillIsReportedUnlessAMistakeMayHaveTakenIt(_ index: Int) throws {
    let (lines, expected) = Self.cases[index]
    let indented = lines.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n")
    let checked = try TestWorkspace().check(spec: "buttonsmith: 1\nbuttons:\n  ok:\n    size: [100, 44]\n\(indented)\n")
    #expect(checked.summary == expected, "\(lines)")
  }

  /// A fill key that does not decode in a file's defaults or a template is the mistake of every
  /// button that takes it: their missing fills are not reported. A button of the file that sets
  /// its own fill is not affected.
  @Test func aBadFillInheritedIsNotRepeatedAsAMissingFill() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/t.yaml", "buttonsmith: 1\ntint: nope\n")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { background: [1, 2] }
      buttons:
        a: { size: [60, 40], opacity: 2 }
        b: { size: [60, 40], extends: t, background: ~ }

      """)
    #expect(
      workspace.check().diagnostics.sorted.map { "\($0.location.file):\($0.location.line) \($0.rule.rawValue)" }
        == ["specs/a.yaml:2 wrong-type", "specs/a.yaml:4 value-out-of-range", "templates/t.yaml:2 bad-color"])
  }
}

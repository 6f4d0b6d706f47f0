import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// Maps merge key by key, colour maps too: a `{color}` laid over `{light, dark}` (a state over
/// its button, a button over its template) holds both forms, which is an error where `color` is
/// written, noting where the other form is; it was drawn as the form below, silently.
struct ColorMapMergeTests {
  @Test(arguments: [
    (
      "    content-color: {light: white, dark: white}\n    states:\n      selected: { content-color: {color: red} }\n",
      7, 35
    ),
    ("    extends: pair\n    background: {color: red, alpha: 0.5}\n", 6, 18),
    ("    background: {color: red, dark: blue}\n", 5, 18),
  ])
  func bothFormsInOneColourAreAnError(look: String, line: Int, column: Int) throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/pair.yaml", "buttonsmith: 1\nbackground: {light: blue, dark: navy}\n")
    let checked = try workspace.check(
      spec: "buttonsmith: 1\nbuttons:\n  a:\n    size: [100, 44]\n" + look
        + (look.contains("background") ? "" : "    tint: red\n"))
    let problem = try #require(checked.diagnostics.all.first { $0.message.hasPrefix("a colour is '{color, alpha}'") })
    #expect((problem.location.line, problem.location.column) == (line, column), "\(checked.summary)")
    #expect(problem.rule == .wrongType && problem.notes.first?.location != nil)
  }

  /// One form over the same form merges key by key, as the contract says.
  @Test func aDarkOverALightAndDarkMerges() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          a:
            size: [100, 44]
            background: {light: white, dark: black}
            states:
              selected: { background: {dark: gray} }

        """)
    #expect(checked.errorIDs == [], "\(checked.summary)")
  }
}

import ButtonsmithTestSupport
import Foundation
import Testing

/// A family written with commas is the same list as a YAML list: an empty name in it is an
/// error, as an empty item of the list is, not fontconfig's default font drawn unwarned.
struct FontFamilyNameTests {
  @Test(arguments: [
    ("\"\"", "the font family is empty"), ("\"   \"", "the font family is empty"),
    ("\",\"", "',' lists an empty font family name"),
    ("\"DejaVu Sans, \"", "'DejaVu Sans, ' lists an empty font family name"),
    ("\", DejaVu Sans\"", "', DejaVu Sans' lists an empty font family name"),
    ("[DejaVu Sans, \"\"]", "'' is not one font family name"),
  ])
  func anEmptyFamilyNameIsAnError(family: String, message: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  b: { size: [100, 40], scales: [1], tint: red, text: Hi, font: { family: \(family) } }\n"
    )
    for command in ["lint", "build"] {
      let run = try CLIRunner.run([command, "--no-config"], in: workspace.url)
      #expect(run.status == 1 && run.stderr.contains("error: \(message) [value-out-of-range]"), "\(run.stderr)")
    }
  }
}

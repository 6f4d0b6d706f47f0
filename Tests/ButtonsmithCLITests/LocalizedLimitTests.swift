import ButtonsmithTestSupport
import Foundation
import Testing

/// A button whose label is a string key is drawn once per language: its images count that many
/// times against the pixel limits, as its spinner frames do, or a few lines with many languages
/// would ask for hours of drawing.
struct LocalizedLimitTests {
  func project(label: String) throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write(
      "buttonsmith.yml",
      "buttonsmith: 1\nlocales: { languages: [en, de, fr, es, it, ja], strings: [strings], pseudo: [en-XA, ar-XB] }\n")
    for language in ["en", "de", "fr", "es", "it", "ja"] {
      try workspace.write("strings/\(language).lproj/Localizable.strings", "\"go\" = \"Go\";\n")
    }
    // 755 Mi pixels in one language (2048 points square, four scales, two appearances, three
    // states); eight languages make 6 Gi, over the 4 Gi a button may have.
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        big:
          size: [2048, 2048]
          scales: [1, 2, 3, 4]
          appearances: [light, dark]
          tint: red
          text: \(label)
          states: { normal: {}, highlighted: { opacity: 0.5 }, disabled: { opacity: 0.3 } }

      """)
    return workspace
  }

  @Test func everyLanguageCountsAgainstTheLimit() throws {
    let localized = try project(label: "{ string: go }")
    for command in ["lint", "plan"] {
      let run = try CLIRunner.run([command], in: localized.url, hangGuard: 60)
      #expect(run.status == 1, "\(command): \(run.stderr)")
      #expect(
        run.stderr.contains(
          "specs/a.yaml:4:11: error: button 'big' has 6,039,797,760 pixels of images, more than the "
            + "4,294,967,296 one button may have (fewer scales, states, spinner frames or languages) [image-too-large]"),
        "\(command): \(run.stderr)")
    }
    // A plain label is drawn once, whatever the languages.
    let plain = try project(label: "Go")
    let run = try CLIRunner.run(["lint"], in: plain.url, hangGuard: 60)
    #expect(!run.stderr.contains("image-too-large"), "\(run.stderr)")
  }
}

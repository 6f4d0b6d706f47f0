import ButtonsmithTestSupport
import Foundation
import Testing

/// Installing a font changes what a label is drawn with: the keys and the input stamp cover the
/// files fontconfig matches, so the next build draws again instead of confirming old images.
struct SystemFontTests {
  @Test func aFontInstalledLaterIsDrawnWith() throws {
    let workspace = try TestWorkspace()
    let fonts = workspace.url.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
      to: fonts.appendingPathComponent("DejaVuSans.ttf"))
    try workspace.write(
      "fonts.conf",
      """
      <?xml version="1.0"?>
      <fontconfig><dir>\(fonts.path)</dir><cachedir>\(workspace.url.path)/fontcache</cachedir></fontconfig>
      """)
    let environment = ["FONTCONFIG_FILE": workspace.url.appendingPathComponent("fonts.conf").path]
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  go: { size: [120, 44], scales: [1], tint: blue, text: Go, font: { family: VL Gothic }, states: { normal: {} } }\n"
    )
    let first = try CLIRunner.run(["build", "--json"], in: workspace.url, environment: environment)
    #expect(first.status == 0 && first.stderr.contains("font-substituted"), "\(first.stderr)")
    let image = workspace.url.appendingPathComponent("build/assets/current/go/normal.png")
    let before = try Data(contentsOf: image)
    // Nothing changed: the stamp confirms the build.
    let again = try CLIRunner.run(["build"], in: workspace.url, environment: environment)
    #expect(again.stdout.contains("everything is up to date"))
    // The font the spec names is installed: the label is drawn again, with it.
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: "/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf"),
      to: fonts.appendingPathComponent("VL-Gothic-Regular.ttf"))
    let installed = try CLIRunner.run(["build", "--json"], in: workspace.url, environment: environment)
    #expect(installed.status == 0 && !installed.stderr.contains("font-substituted"), "\(installed.stderr)")
    #expect(installed.stdout.contains("\"rendered\":1"), "\(installed.stdout)")
    #expect(try Data(contentsOf: image) != before)
  }

  /// Nor do the languages the machine prefers (`LANGUAGE`, `PANGO_LANGUAGE`) shape a label:
  /// Pango would shape Cyrillic in a label that is not localized as Serbian under `sr`, with
  /// other letter forms, under the same key.
  @Test(arguments: ["LANGUAGE", "PANGO_LANGUAGE"])
  func thePreferredLanguagesDoNotShapeALabel(variable: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  go: { size: [120, 44], scales: [2], tint: blue, text: \"бгдпт\", states: { normal: {} } }\n"
    )
    let image = workspace.url.appendingPathComponent("build/assets/current/go/normal@2x.png")
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    let drawn = try Data(contentsOf: image)
    let again = try CLIRunner.run(["build", "--json", "--force"], in: workspace.url, environment: [variable: "sr"])
    #expect(again.stdout.contains("\"new_version\":false"), "\(again.stdout)")
    #expect(try Data(contentsOf: image) == drawn)
  }

  /// The process's locale never chooses a label's fonts: fontconfig would take its language for a
  /// label that has none, and with `LANG=ja_JP.UTF-8` draw a family that is not installed with a
  /// Japanese font instead of DejaVu Sans, under the same key.
  @Test func theLocaleDoesNotChooseTheFonts() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  go: { size: [120, 44], scales: [1], tint: blue, text: Go, font: { family: NoSuchFamily }, states: { normal: {} } }\n"
    )
    let image = workspace.url.appendingPathComponent("build/assets/current/go/normal.png")
    let first = try CLIRunner.run(["build", "--json"], in: workspace.url, environment: ["LANG": "C.UTF-8"])
    #expect(first.status == 0, "\(first.stderr)")
    let drawn = try Data(contentsOf: image)
    for locale in ["ja_JP.UTF-8", "ar_EG.UTF-8"] {
      let environment = ["LANG": locale, "LC_ALL": locale, "LANGUAGE": String(locale.prefix(2))]
      let again = try CLIRunner.run(["build", "--json", "--force"], in: workspace.url, environment: environment)
      #expect(again.stdout.contains("\"new_version\":false"), "\(locale): \(again.stdout)")
      #expect(try Data(contentsOf: image) == drawn, "\(locale)")
    }
  }

  /// A rule of fontconfig's configuration (here a user's, which emboldens every font) changes
  /// how labels in system fonts look: their keys cover the configuration's files, so they are
  /// drawn again, and `--check` agrees with `build`.
  @Test func aFontconfigRuleDrawsLabelsAgain() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  go: { size: [120, 44], scales: [1], tint: blue, text: Go, states: { normal: {} } }\n"
    )
    try workspace.write(
      "config/fontconfig/fonts.conf",
      """
      <?xml version="1.0"?>
      <fontconfig><match target="font"><edit name="embolden" mode="assign"><bool>true</bool></edit></match></fontconfig>
      """)
    let image = workspace.url.appendingPathComponent("build/assets/current/go/normal.png")
    let plain = ["XDG_CONFIG_HOME": workspace.url.appendingPathComponent("none").path]
    #expect(try CLIRunner.run(["build"], in: workspace.url, environment: plain).status == 0)
    let regular = try Data(contentsOf: image)
    let bold = ["XDG_CONFIG_HOME": workspace.url.appendingPathComponent("config").path]
    let emboldened = try CLIRunner.run(["build", "--json"], in: workspace.url, environment: bold)
    #expect(emboldened.stdout.contains("\"rendered\":1"), "\(emboldened.stdout)\(emboldened.stderr)")
    #expect(try Data(contentsOf: image) != regular)
    #expect(try CLIRunner.run(["build", "--check"], in: workspace.url, environment: bold).status == 0)
    // Back to the plain configuration: the first drawing, from the cache.
    let back = try CLIRunner.run(["build", "--json"], in: workspace.url, environment: plain)
    #expect(back.stdout.contains("\"rendered\":0"), "\(back.stdout)")
    #expect(try Data(contentsOf: image) == regular)
  }

  @Test func aYAMLListOfFamiliesIsTheListWrittenWithCommas() throws {
    let workspace = try TestWorkspace()
    let look = "size: [120, 44], scales: [1], tint: blue, text: Go"
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        commas: { \(look), font: { family: "No Such Font, DejaVu Serif" } }
        list: { \(look), font: { family: [No Such Font, DejaVu Serif] } }
        serif: { \(look), font: { family: DejaVu Serif } }

      """)
    let run = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(run.status == 0 && !run.stderr.contains("font-substituted"), "\(run.stderr)")
    func image(_ button: String) throws -> Data {
      try Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/\(button)/normal.png"))
    }
    #expect(try image("list") == image("commas") && image("list") == image("serif"))

    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        empty: { \(look), font: { family: [] } }
        two: { \(look), font: { family: ["DejaVu Serif, DejaVu Sans", VL Gothic] } }

      """)
    let lint = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(lint.status == 1, "\(lint.stderr)")
    #expect(lint.stderr.contains("specs/a.yaml:3:80: error: the list of font families is empty"), "\(lint.stderr)")
    #expect(
      lint.stderr.contains("specs/a.yaml:4:79: error: 'DejaVu Serif, DejaVu Sans' is not one font family name"),
      "\(lint.stderr)")
  }
}

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
}

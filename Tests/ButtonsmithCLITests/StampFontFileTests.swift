import ButtonsmithTestSupport
import Foundation
import Testing

/// A font file a spec names is checked whether or not a label is drawn with it, and the stamp
/// covers it either way: replacing it with a file that is not a font is found by the next
/// build, as a clean build finds it, not confirmed as up to date.
extension StampTests {
  @Test func aFontFileNoLabelDrawsWithIsInTheStamp() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], scales: [1], tint: red, font: { file: brand.ttf }, "
        + "states: { normal: {} } }\n")
    try workspace.write(
      "specs/brand.ttf",
      bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))))
    #expect(try build(workspace)["rendered"] as? Int == 1)
    try workspace.write("specs/brand.ttf", "not a font")
    let lint = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(lint.status == 1 && lint.stderr.contains("brand.ttf"), "\(lint.stderr)")
    let build = try CLIRunner.run(["build"], in: workspace.url)
    let error = try #require(lint.stderr.split(separator: "\n").first)
    #expect(build.status == 1 && build.stderr.hasPrefix(error + "\n"), "\(build.stdout) \(build.stderr)")
  }
}

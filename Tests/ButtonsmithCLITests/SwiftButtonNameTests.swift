import ButtonsmithTestSupport
import Foundation
import Testing

/// A button may take any name the generated file itself uses: its members (`hitMask`, `name`,
/// `filePath`), its keywords, and the standard library's functions it calls, which it writes
/// `Swift.min`, `Swift.abs`, `Swift.stride` and `Swift.repeatElement` so that a button of that
/// name, a member of the enum, does not hide them.
struct SwiftButtonNameTests {
  @Test func buttonsNamedAsEveryNameOfTheFileGiveAFileThatCompiles() throws {
    let sample = try SwiftFormatTests().project()
    let text = try String(contentsOf: try SwiftFormatTests().generated(sample), encoding: .utf8)
    let code = text.split(separator: "\n").map { line in
      line.replacingOccurrences(of: #""([^"\\]|\\.)*"|//.*$"#, with: "", options: .regularExpression)
    }.joined(separator: "\n")
    // Every run of identifier characters (the regex's `\b` would take `Swift.min` for one word) that
    // starts lowercase: `hitMaskDataSetName` is the button `hit-mask-data-set-name`.
    let assetNames = Set(
      code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) }.filter { $0.first!.isLowercase }.map {
        $0.replacing(/[A-Z]/) { "-" + $0.output.lowercased() }.replacing("_", with: "-")
      }
    ).sorted()
    #expect(assetNames.contains("min") && assetNames.contains("repeat-element") && assetNames.count > 100)

    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, swift]\n")
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\ndefaults: { size: [40, 20], scales: [1], tint: blue, hit-mask: true }\nbuttons:\n"
        + assetNames.map { "  \($0): {}\n" }.joined())
    let file = try SwiftFormatTests().generated(workspace)
    let checked = try SwiftToolchain.run(
      "swiftc", ["-swift-version", "6", "-module-name", "App", "-typecheck", file.path], in: workspace.url)
    #expect(checked.status == 0, "\(checked.output.prefix(2_000))")
  }
}

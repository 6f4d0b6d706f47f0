import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// Specs written on other systems or by someone who means harm: byte-order marks, names a file
/// system cannot hold, characters that would forge terminal output, columns beyond ASCII.
struct HostileInputTests {
  @Test func aByteOrderMarkIsNotAnError() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      bytes: [0xEF, 0xBB, 0xBF]
        + Array("buttonsmith: 1\nbuttons:\n  b: { size: [60, 44], tint: blue, opacity: 3 }\n".utf8))
    let result = try CLIRunner.run(["lint"], in: workspace.url)
    // The one error is the real one, at the column an editor shows.
    #expect(result.stderr.hasPrefix("specs/a.yaml:3:45: error: opacity 3 is out of range"), "\(result.stderr)")
    try workspace.write(
      "specs/a.yaml",
      bytes: [0xEF, 0xBB, 0xBF] + Array("buttonsmith: 1\nbuttons:\n  b: { size: [60, 44], tint: blue }\n".utf8))
    #expect(try CLIRunner.run(["lint"], in: workspace.url).status == 0)
  }

  @Test func aNameNoFileSystemCanHoldIsRefused() throws {
    let workspace = try TestWorkspace()
    let name = String(repeating: "a", count: 101)
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  \(name): { size: [60, 44], tint: blue }\n")
    let result = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("specs/a.yaml:3:3: error: asset name '"), "\(result.stderr)")
    #expect(result.stderr.contains("[invalid-asset-name]"))
  }

  /// A Windows device name is a valid asset name (the spec format's pattern): it builds, with a
  /// warning for projects also checked out on Windows.
  @Test(arguments: ["con", "aux", "nul", "prn", "com1", "lpt9"])
  func aWindowsDeviceNameBuildsWithAWarning(name: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  \(name): { size: [60, 44], scales: [1], tint: blue }\n")
    let result = try CLIRunner.run(["build"], in: workspace.url)
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix("specs/a.yaml:3:3: warning: asset name '\(name)' is a device name on Windows"),
      "\(result.stderr)")
    #expect(result.stderr.contains("[windows-device-name]"))
    #expect(
      FileManager.default.fileExists(
        atPath: workspace.url.appendingPathComponent("build/assets/current/\(name)/normal.png").path))
  }

  @Test func aHundredCharacterNameIsFine() throws {
    let workspace = try TestWorkspace()
    let name = String(repeating: "a", count: 100)
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  \(name): { size: [60, 44], scales: [3], tint: blue }\n")
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
  }

  @Test func controlCharactersFromSpecsArePrintedEscaped() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  b: { size: [60, 44], tint: blue, extends: \"\\e]0;pwned\\a\\r\\nspecs/x.yaml:1:1: error: forged\" }\n"
    )
    let result = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(result.status == 1)
    #expect(
      !result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr.debugDescription)")
    #expect(result.stderr.contains("unknown template '\\u{1B}]0;pwned\\u{7}\\u{D}\\u{A}specs/x.yaml:1:1"))
    #expect(!result.stderr.split(separator: "\n").contains { $0.hasPrefix("specs/x.yaml") })
  }

  /// In GitHub's workflow commands too: a NUL in a key neither cuts the command short nor hides
  /// the next one, and an escape sequence is printed escaped.
  @Test func controlCharactersFromSpecsAreEscapedInWorkflowCommands() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  ok:\n    size: [100, 44]\n    tint: blue\n    \"a\\0b\\e[2J\": 1\n    opacity: 9\n")
    let result = try CLIRunner.run(["lint", "--format", "github"], in: workspace.url)
    #expect(result.status == 1)
    #expect(
      !result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stdout.debugDescription)")
    let commands = result.stdout.split(separator: "\n")
    #expect(commands.count == 2 && commands.allSatisfy { $0.hasPrefix("::error file=specs/a.yaml,") })
    #expect(commands.first?.contains("unknown key 'a\\u{0}b\\u{1B}[2J'") == true, "\(result.stdout)")
    #expect(commands.last?.contains("[value-out-of-range]") == true, "\(result.stdout)")
  }

  @Test(arguments: ["\\0", "\\e[2J", "\\n", "\\u202E"])
  func controlCharactersInALabelAreAnError(escape: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  b: { size: [60, 44], tint: blue, text: \"Go\(escape)Now\" }\n")
    let result = try CLIRunner.run(["lint"], in: workspace.url)
    if escape == "\\u202E" {
      // A bidirectional override is drawable (Pango shapes it); it is escaped only when printed.
      #expect(result.status == 0)
      return
    }
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("specs/a.yaml:3:42: error: text contains the control character U+"), "\(result.stderr)")
  }

  @Test func sarifAndGitHubCountColumnsInUTF16() throws {
    let workspace = try TestWorkspace()
    // Two emoji (two UTF-16 units each) before the error: column 57 in scalars, 59 in UTF-16.
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  b: { text: \"😀😀\", size: [60, 44], tint: blue, opacity: 3 }\n")
    let text = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(text.stderr.hasPrefix("specs/a.yaml:3:57: error:"), "\(text.stderr)")
    let github = try CLIRunner.run(["lint", "--format", "github"], in: workspace.url)
    #expect(github.stdout.contains("line=3,col=59::"), "\(github.stdout)")
    let sarif = try CLIRunner.run(["lint", "--format", "sarif"], in: workspace.url)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    #expect(run["columnKind"] as? String == "utf16CodeUnits")
    let result = try #require(
      (run["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "value-out-of-range" })
    let location = try #require((result["locations"] as? [[String: Any]])?.first)
    let region = (location["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
    #expect(region?["startColumn"] as? Int == 59 && region?["startLine"] as? Int == 3)
  }

  @Test func splitSheetsOfSpecsWithOneNameInTwoFoldersDoNotOverwrite() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/home/buttons.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], scales: [1], tint: red }\n")
    try workspace.write(
      "specs/shop/buttons.yaml", "buttonsmith: 1\nbuttons:\n  b: { size: [60, 30], scales: [1], tint: blue }\n")
    try workspace.write(
      "specs/other.yaml", "buttonsmith: 1\nbuttons:\n  c: { size: [60, 30], scales: [1], tint: green }\n")
    try workspace.write(
      "specs/other.yml", "buttonsmith: 1\nbuttons:\n  d: { size: [60, 30], scales: [1], tint: gray }\n")
    try workspace.write(
      "specs-home-buttons.yaml", "buttonsmith: 1\nbuttons:\n  e: { size: [60, 30], scales: [1], tint: gray }\n")
    let result = try CLIRunner.run(
      ["preview", "--split", "-o", "out/sheet.png", "specs", "specs-home-buttons.yaml"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    let sheets = try FileManager.default.contentsOfDirectory(atPath: workspace.url.appendingPathComponent("out").path)
    #expect(
      sheets.sorted() == [
        "sheet-specs-home-buttons-2.png", "sheet-specs-home-buttons.png", "sheet-specs-other-2.png",
        "sheet-specs-other.png", "sheet-specs-shop-buttons.png",
      ], "\(sheets.sorted())")
  }

  /// Two files whose names differ only in Unicode normalization (`café` with `é`, and with `e`
  /// and a combining accent) are two files on Linux: each button draws its own, and each spec is
  /// read as itself, whichever comes first.
  @Test func namesThatDifferOnlyInNormalizationAreTwoFiles() throws {
    let workspace = try TestWorkspace()
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
    func svg(_ color: String) -> String {
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\"><rect width=\"20\" height=\"20\" fill=\"\(color)\"/></svg>"
    }
    try workspace.write("specs/\(composed).svg", svg("#FF0000"))
    try workspace.write("specs/\(decomposed).svg", svg("#0000FF"))
    try workspace.write(
      "specs/\(composed).yaml",
      "buttonsmith: 1\nbuttons:\n  red: { size: [40, 40], scales: [1], tint: white, image: { file: \(composed).svg } }\n"
    )
    try workspace.write(
      "specs/\(decomposed).yaml",
      "buttonsmith: 1\nbuttons:\n  blue: { size: [40, 40], scales: [1], tint: white, image: { file: \(decomposed).svg } }\n"
    )
    let build = try CLIRunner.run(["build"], in: workspace.url)
    #expect(build.status == 0, "\(build.stderr)")
    func centre(_ button: String) throws -> [UInt8] {
      let image = try RGBAImage(
        png: Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/\(button)/normal.png")))
      let pixel = image[20, 20]
      return [pixel.red, pixel.green, pixel.blue, pixel.alpha]
    }
    #expect(try centre("red") == [255, 0, 0, 255])
    #expect(try centre("blue") == [0, 0, 255, 255])
  }
}

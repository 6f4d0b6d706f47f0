import ButtonsmithTestSupport
import Foundation
import Testing

/// Files saved with Windows (`\r\n`) or old Mac (`\r`) line ends, and UTF-16 string tables, are
/// located and shown as the same file saved as UTF-8 with `\n` is.
struct LineEndTests {
  static let spec = [
    "buttonsmith: 1", "buttons:", "  a:", "    size: [100, 44]", "    gradient: [\"\u{1F600}\", \"#12345\"]", "",
  ]

  /// What `lint` prints in the text and GitHub formats.
  func lint(_ workspace: TestWorkspace) throws -> (text: String, github: String) {
    let text = try CLIRunner.run(["lint", "--no-config"], in: workspace.url)
    let github = try CLIRunner.run(["lint", "--no-config", "--format", "github"], in: workspace.url)
    #expect(text.status == 1 && github.status == 1)
    return (text.stderr, github.stdout)
  }

  @Test(arguments: ["\r\n", "\r"])
  func aSpecIsLocatedAndShownWhateverItsLineEnds(lineEnd: String) throws {
    let unix = try TestWorkspace()
    try unix.write("specs/a.yaml", Self.spec.joined(separator: "\n"))
    let other = try TestWorkspace()
    try other.write("specs/a.yaml", Self.spec.joined(separator: lineEnd))
    let expected = try lint(unix)
    #expect(expected.github.contains("line=5,col=22::'#12345'"), "\(expected.github)")
    #expect(
      expected.text.contains("    gradient: [\"\u{1F600}\", \"#12345\"]\n                    ^"), "\(expected.text)")
    #expect(try lint(other) == expected)
  }

  /// A UTF-16 `.strings` table (as Xcode may save one), and an Android table with Windows line
  /// ends, each with a mistake after an emoji.
  @Test(arguments: ["utf16", "android"])
  func aStringTableIsLocatedAndShownWhateverItsEncoding(kind: String) throws {
    func project(encoded: Bool) throws -> TestWorkspace {
      let workspace = try TestWorkspace()
      let strings = kind == "android" ? "res" : "strings"
      try workspace.write(
        "buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: [en], strings: [\(strings)] }\n")
      try workspace.write(
        "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [100, 44], tint: red, text: { string: pay } }\n")
      if kind == "android" {
        let lines = [
          "<resources>", "  <string name=\"pay\">Pay</string>", "  <string name=\"x\">\u{1F600} it's</string>",
          "</resources>", "",
        ]
        try workspace.write("res/values/strings.xml", lines.joined(separator: encoded ? "\r\n" : "\n"))
      } else {
        let text = "\"pay\" = \"Pay\";\n\"\u{1F600}\" = \"x\" \"y\";\n"
        let bytes = encoded ? Array(text.data(using: .utf16)!) : Array(text.utf8)
        try workspace.write("strings/en.lproj/Localizable.strings", bytes: bytes)
      }
      return workspace
    }
    let expected = try lint(try project(encoded: false))
    #expect(expected.github.contains("::error file="), "\(expected.github)")
    #expect(try lint(try project(encoded: true)) == expected)
  }

  /// In a GitHub annotation, a note's column is counted in UTF-16 code units, as the
  /// annotation's is: after an emoji, one more than the scalars the text format counts.
  @Test func aNoteCountsItsColumnAsItsAnnotationDoes() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  a:\n    size: [100, 44]\n    tint: red\n"
        + "    font: { family: \"\u{1F600}\", size: 10, size: 12 }\n")
    let (text, github) = try lint(workspace)
    #expect(text.contains("specs/a.yaml:6:26: note: first defined here"), "\(text)")
    #expect(github.contains("line=6,col=37::") && github.contains("%0Aspecs/a.yaml:6:27: note:"), "\(github)")
  }
}

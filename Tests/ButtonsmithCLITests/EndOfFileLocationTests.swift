import ButtonsmithTestSupport
import Foundation
import Testing

/// A YAML file that ends inside a flow map or list, on a last line without a line break: the
/// error is at the end of that line, a place the file has (libyaml marks the start of a line
/// after it), in specs, templates, the configuration and every output format.
struct EndOfFileLocationTests {
  /// Each file's last line, cut short; the error is expected just after its last character.
  static let cases: [(path: String, text: String)] = [
    ("specs/a.yaml", "buttonsmith: 1\nbuttons: {ok: {size: [100, 44]"),
    ("specs/a.yaml", "buttonsmith: 1\r\nbuttons:\r\n  ok: { size: [100, 44], tint: [red"),
    ("templates/t.yaml", "buttonsmith: 1\ncorner-radius: 4\nshadow: { blur: 2"),
    ("buttonsmith.yml", "buttonsmith: 1\nspecs: [specs"),
  ]

  @Test(arguments: cases)
  func theErrorIsAtTheEndOfTheLastLine(path: String, text: String) throws {
    let workspace = try TestWorkspace()
    if path != "specs/a.yaml" {
      try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  ok: { size: [60, 30], tint: blue }\n")
    }
    try workspace.write(path, text)
    // By scalars: "\r\n" is one character.
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    let column = lines.last!.count + 1
    let expected = "\(path):\(lines.count):\(column): error: "

    let plain = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(plain.status == 1, "\(plain.stderr)")
    #expect(plain.stderr.hasPrefix(expected), "\(plain.stderr)")

    let github = try CLIRunner.run(["lint", "--format", "github"], in: workspace.url)
    #expect(github.stdout.contains("file=\(path),line=\(lines.count),col=\(column)"), "\(github.stdout)")
  }

  /// With a line break after the last line, the end of the file is the start of the line after
  /// it, as before.
  @Test func aFinalLineBreakEndsTheLastLine() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons: {ok: {size: [100, 44]\n")
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(run.stderr.hasPrefix("specs/a.yaml:3:1: error: "), "\(run.stderr)")
  }
}

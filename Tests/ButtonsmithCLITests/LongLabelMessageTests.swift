import ButtonsmithTestSupport
import Foundation
import Testing

/// A long label is quoted by its beginning in a message, so what the message goes on to say (the
/// characters no font has, the room it lacks) is never cut off with it.
struct LongLabelMessageTests {
  @Test func theMissingCharacterIsNamedAfterALongLabel() throws {
    let workspace = try TestWorkspace()
    let label = String(repeating: "中", count: 60) + "\u{1F44D}"
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  b: { size: [100, 40], scales: [1], tint: red, text: \"\(label)\", "
        + "font: { family: DejaVu Sans } }\n")
    let run = try CLIRunner.run(["lint", "--no-config"], in: workspace.url)
    let quoted = String(repeating: "中", count: 40) + "…"
    #expect(
      run.stderr.contains(
        "error: text '\(quoted)' has characters no font can draw with 'DejaVu Sans': '\u{1F44D}' (U+1F44D)"),
      "\(run.stderr.prefix(600))")
    #expect(run.stderr.contains("warning: text '\(quoted)' does not fit the "), "\(run.stderr.prefix(600))")
  }

  /// A label of few characters but many bytes (a letter under hundreds of combining marks) is
  /// quoted by its first 120 bytes.
  @Test func aLabelOfManyBytesIsQuotedByItsBeginning() throws {
    let workspace = try TestWorkspace()
    let label = "a" + String(repeating: "\u{0301}", count: 400) + "\u{1F44D}"
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  b: { size: [100, 40], scales: [1], tint: red, text: \"\(label)\", "
        + "font: { family: DejaVu Sans } }\n")
    let run = try CLIRunner.run(["lint", "--no-config"], in: workspace.url)
    let quoted = "a" + String(repeating: "\u{0301}", count: 59) + "…"
    #expect(
      run.stderr.contains("text '\(quoted)' has characters no font can draw with 'DejaVu Sans': '\u{1F44D}' (U+1F44D)"),
      "\(run.stderr.prefix(300))")
  }
}

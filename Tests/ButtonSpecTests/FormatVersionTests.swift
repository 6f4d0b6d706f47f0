import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// A format version other than the number 1 is named by what was written, in one sentence, in
/// a spec file and in a project file alike.
struct FormatVersionTests {
  static let cases: [(written: String, named: String)] = [
    ("2", "the number 2"), ("\"1\"", "the text \"1\""), ("one", "the text \"one\""), ("[1]", "a list"),
  ]

  @Test(arguments: cases)
  func aSpecFileNamesTheVersionWritten(written: String, named: String) throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(spec: "buttonsmith: \(written)\nbuttons:\n  a: { tint: blue, size: [100, 44] }\n")
    let problem = try #require(checked.diagnostics.all.first { $0.rule == .unsupportedVersion })
    #expect(problem.message == "the format version must be the number 1, not \(named); write 'buttonsmith: 1'")
    #expect((problem.location.line, problem.location.column) == (1, 14))
  }

  @Test(arguments: cases)
  func aProjectFileNamesTheVersionWritten(written: String, named: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: \(written)\n")
    var diagnostics = Diagnostics()
    _ = ProjectFile.read(
      at: workspace.url.appendingPathComponent("buttonsmith.yml"), displayPath: "buttonsmith.yml", formats: ["files"],
      into: &diagnostics)
    let problem = try #require(diagnostics.all.first { $0.rule == .unsupportedVersion })
    #expect(problem.message == "the format version must be the number 1, not \(named); write 'buttonsmith: 1'")
    #expect((problem.location.line, problem.location.column) == (1, 14))
  }

  @Test func theNumberOneIsAccepted() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(spec: "buttonsmith: 1\nbuttons:\n  a: { tint: blue, size: [100, 44] }\n")
    #expect(!checked.diagnostics.all.contains { $0.rule == .unsupportedVersion })
  }
}

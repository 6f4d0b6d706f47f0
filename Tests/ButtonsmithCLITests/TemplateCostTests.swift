import ButtonsmithTestSupport
import Foundation
import Testing

/// Templates and `defaults` cost what they weigh: a deep chain that names each template twice is
/// expanded once per template and depth (it was two to the power of its depth), a button that
/// takes more than 1,000 values from them is refused at once (each button repeats them), and
/// one `extends` names at most 64 templates. Each run is bounded in time and memory.
struct TemplateCostTests {
  func lint(_ workspace: TestWorkspace) throws -> CLIRunner.Result {
    let templates = FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("templates").path)
    let run = try CLIRunner.run(
      ["lint", "--no-config"] + (templates ? ["--templates", "templates"] : []), in: workspace.url, memoryMiB: 1024,
      hangGuard: 60)
    #expect(!run.wasKilled, "killed (out of memory or hung): \(run.stderr.suffix(300))")
    return run
  }

  @Test(arguments: [false, true])
  func aDeepChainNamingEachTemplateTwiceIsExpandedOnce(used: Bool) throws {
    let workspace = try TestWorkspace()
    for level in 0..<34 {
      try workspace.write("templates/t\(level).yaml", "buttonsmith: 1\nextends: [t\(level + 1), t\(level + 1)]\n")
    }
    try workspace.write("templates/t34.yaml", "buttonsmith: 1\n")
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 44], tint: red\(used ? ", extends: t0" : "") }\n")
    let run = try lint(workspace)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "templates/t0.yaml:2:10: error: templates extend each other more than 32 deep from here [nesting-too-deep]"),
      "\(run.stderr.prefix(600))")
  }

  @Test(arguments: [
    "defaults: { size: [60, 44], gradient: [\(Array(repeating: "red", count: 20_000).joined(separator: ", "))] }\n",
    "defaults: { size: [60, 44], tint: red, extends: big }\n",
  ])
  func aButtonTakingMoreThanAThousandValuesIsRefusedAtOnce(defaults: String) throws {
    let workspace = try TestWorkspace()
    let keys = (0..<5_000).map { "  k\($0): 1\n" }.joined()
    try workspace.write(
      "templates/big.yaml",
      "buttonsmith: 1\nstates:\n  normal:\n    text: A\n" + keys.replacingOccurrences(of: "  k", with: "    k"))
    let buttons = (0..<1_000).map { "  b\($0): { text: B }\n" }.joined()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\n" + defaults + "buttons:\n" + buttons)
    let run = try lint(workspace)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "specs/a.yaml:4:3: error: button 'b0' takes more than 1000 values from its file's defaults and its templates; "
          + "it and the buttons after it are not checked [alias-expansion]"), "\(run.stderr.prefix(600))")
  }

  /// What a button writes itself is not counted: a gradient of 2,000 colours of its own is read.
  @Test func valuesAButtonWritesItselfAreNotCounted() throws {
    let workspace = try TestWorkspace()
    let colors = Array(repeating: "red", count: 2_000).joined(separator: ", ")
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 44], touch-target: ignore, gradient: [\(colors)] }\n"
    )
    let run = try lint(workspace)
    #expect(run.status == 0, "\(run.stderr.prefix(600))")
  }

  @Test func oneExtendsNamesAtMost64Templates() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/t.yaml", "buttonsmith: 1\ntint: red\n")
    let names = Array(repeating: "t", count: 100).joined(separator: ", ")
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 44], extends: [\(names)] }\n")
    let run = try lint(workspace)
    #expect(run.status == 1)
    // The 65th name, at column 34 + 3 × 64.
    #expect(
      run.stderr.contains(
        "specs/a.yaml:3:226: error: 'extends' names 100 templates, more than 64 [value-out-of-range]"),
      "\(run.stderr.prefix(600))")
  }
}

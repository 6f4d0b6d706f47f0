import ButtonsmithTestSupport
import Foundation
import Testing

/// `lint`'s last line counts every file it read the buttons from: spec files and template
/// files, a template whose mistakes it reports included.
struct LintSummaryTests {
  @Test func theSummaryCountsTemplateFiles() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/base.yaml", "buttonsmith: 1\ncorner-radius: nine\n")
    try workspace.write("templates/unused.yaml", "buttonsmith: 1\nopacity: 0.5\n")
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { extends: base, size: [10, 10], tint: red }\n")
    let result = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(result.status == 1)
    #expect(result.stderr.contains("templates/base.yaml:2:16: error:"), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("lint: 1 error, 0 warnings in 3 files\n"), "\(result.stderr)")
    // Without templates, the spec files alone.
    try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("templates"))
    let alone = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(alone.stderr.hasSuffix("in 1 file\n"), "\(alone.stderr)")
  }
}

import ButtonsmithTestSupport
import Foundation
import Testing

/// A path option given as an empty string is a usage error naming it, before anything is read
/// or written: `''` would otherwise stand for the working directory (`report -o ''` wrote its
/// page there, `--assets ''` took the project folder for an output directory).
struct EmptyPathTests {
  static let cases: [(arguments: [String], option: String)] = [
    (["report", "-o", ""], "-o"), (["report", "--assets", ""], "--assets"), (["report", "--compare", ""], "--compare"),
    (["report", "--config", ""], "--config"), (["diff", ""], "OLD"), (["diff", "1", ""], "NEW"),
    (["diff", "1", "-o", ""], "-o"), (["preview", "--cache", ""], "--cache"), (["build", "--config", ""], "--config"),
    (["lint", "--config", ""], "--config"), (["plan", "--templates", ""], "--templates"), (["lint", ""], "PATH"),
    (["build", "-C", ""], "--directory"), (["build", "--xcfilelists", "lists", "--srcroot", ""], "--srcroot"),
  ]

  @Test(arguments: Self.cases)
  func anEmptyPathIsAUsageError(arguments: [String], option: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [20, 10], tint: blue }\n")
    let run = try CLIRunner.run(arguments, in: workspace.url)
    #expect(run.status == 2, "\(arguments) \(run.stdout) \(run.stderr)")
    #expect(run.stderr.hasPrefix("Error: \(option) must name a path; it is empty\n"), "\(arguments) \(run.stderr)")
    let entries = try FileManager.default.contentsOfDirectory(atPath: workspace.url.path)
    #expect(entries == ["specs"], "\(arguments) wrote \(entries)")
  }
}

import ArgumentParser
import ButtonSpec
import ButtonsmithKit
import Foundation

/// `buttonsmith lint`: reports every problem of the specs without rendering.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check specs and report every problem as file:line:col diagnostics."
  )

  @OptionGroup var specs: SpecOptions

  @Option(help: "Output format: text (stderr), json, github or sarif (stdout).")
  var format: DiagnosticFormat = .text

  @Flag(help: "Treat warnings as errors: exit 1 when there are any.")
  var strict = false

  func run() throws {
    try specs.enterDirectory()
    var found = Diagnostics()
    var fileCount = 0
    // Mistakes in the project file do not hide the specs': both are reported.
    let configuration = specs.project(despiteErrors: true, into: &found)
    if let configuration {
      // Planning too: the configured formats' needs of the names (collisions in a catalog or in
      // Android resources) are checked with everything else.
      let plan = Project(configuration: configuration).plan()
      found.formUnion(plan.diagnostics)
      fileCount = plan.fileCount
    }
    let root =
      configuration?.root
      ?? ProjectConfiguration.root(configFile: specs.configFile, findsProjectFile: !specs.noConfig)
    let diagnostics = ShownPaths(root: root).diagnostics(found.sorted)
    let formatter = format.makeFormatter(sources: SourceText(), terminal: Terminal.standardError)
    formatter.write(diagnostics, fileCount: fileCount)
    let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    if failing { throw ExitCode(1) }
  }
}

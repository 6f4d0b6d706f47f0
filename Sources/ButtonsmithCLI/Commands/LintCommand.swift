import ArgumentParser
import ButtonSpec
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
    let checked = specs.check()
    let diagnostics = checked.diagnostics.sorted
    let formatter = format.makeFormatter(sources: SourceText(), terminal: Terminal.standardError)
    formatter.write(diagnostics, fileCount: checked.fileCount)
    let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    if failing { throw ExitCode(1) }
  }
}

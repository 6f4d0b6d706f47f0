import ButtonSpec
import ButtonsmithKit
import Foundation

/// Prints diagnostics and errors for the commands that render (`build`, `plan`, `preview`).
struct CommandReporter {
  let quiet: Bool

  /// Prints diagnostics to stderr; warnings only unless quiet.
  func report(_ diagnostics: Diagnostics) {
    let shown = diagnostics.sorted.filter { !quiet || $0.severity == .error }
    guard !shown.isEmpty else { return }
    var formatter = TextFormatter(sources: SourceText(), colors: Terminal.standardError.supportsColor)
    formatter.summaryLabel = nil
    formatter.write(shown, fileCount: 0)
  }

  /// Prints `message` as an error line.
  func error(_ message: String) {
    FileHandle.standardError.write(Data("error: \(VisibleText.escaped(message))\n".utf8))
  }

  /// The planned jobs of checked specs in `formats`, or `nil` after printing why there are none.
  func plannedJobs(_ checked: CheckedSpecs, formats: [OutputFormat] = [.files]) -> [PlannedJob]? {
    plan(checked, formats: formats)?.jobs
  }

  /// The planned jobs, and whether nothing at all (not even a warning) was reported.
  func plan(_ checked: CheckedSpecs, formats: [OutputFormat]) -> (jobs: [PlannedJob], clean: Bool)? {
    report(checked.diagnostics)
    guard !checked.diagnostics.hasErrors else { return nil }
    let (jobs, diagnostics) = Planner().plan(checked.buttons, formats: formats)
    report(diagnostics)
    guard !diagnostics.hasErrors else { return nil }
    return (jobs, checked.diagnostics.all.isEmpty && diagnostics.all.isEmpty)
  }
}

import ArgumentParser
import ButtonSpec
import Foundation

/// Turns diagnostics into the text of one output format.
protocol DiagnosticFormatter {
  /// Whether the output goes to stdout (machine formats) rather than stderr.
  var writesToStandardOutput: Bool { get }
  /// The whole output for `diagnostics`, read from `fileCount` spec and template files.
  func format(_ diagnostics: [Diagnostic], fileCount: Int) -> String
}

/// The formats of `lint --format`.
enum DiagnosticFormat: String, CaseIterable, ExpressibleByArgument {
  case text, json, github, sarif

  func makeFormatter(sources: SourceText, terminal: Terminal) -> DiagnosticFormatter {
    switch self {
    case .text: return TextFormatter(sources: sources, colors: terminal.supportsColor)
    case .json: return JSONFormatter()
    case .github: return GitHubFormatter(sources: sources)
    case .sarif: return SARIFFormatter(sources: sources)
    }
  }
}

extension DiagnosticFormatter {
  /// Formats and writes to the format's stream.
  func write(_ diagnostics: [Diagnostic], fileCount: Int) {
    let text = format(diagnostics, fileCount: fileCount)
    guard !text.isEmpty else { return }
    if writesToStandardOutput { StandardStreams.output(text) } else { StandardStreams.error(text) }
  }
}

import Foundation

/// Facts about an output stream that decide how to print to it.
struct Terminal {
  /// Whether the stream is a terminal.
  var isInteractive: Bool
  /// Whether ANSI colours should be used: on a terminal, unless `NO_COLOR` is set.
  var supportsColor: Bool
  /// Whether the terminal moves its cursor and erases lines as ANSI says, which a progress bar
  /// redrawn in place needs: not one whose `TERM` is `dumb` (an editor's buffer).
  var supportsCursorControl: Bool

  /// The process's standard error.
  static var standardError: Terminal {
    let interactive = isatty(STDERR_FILENO) == 1
    let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
    return Terminal(
      isInteractive: interactive, supportsColor: interactive && !noColor && !dumb,
      supportsCursorControl: interactive && !dumb)
  }
}

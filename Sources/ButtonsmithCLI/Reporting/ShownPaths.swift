import ButtonSpec
import Foundation

/// Names files for the person or tool reading a command's messages: relative to the working
/// directory, as build-and-outputs.md gives diagnostics' paths.
///
/// The project names its files relative to its root (the project file's directory), so that
/// its manifests' `source` fields are the same from every directory; run from a subdirectory, or
/// with `--config` from above, those names would not open from where the command runs, and a CI
/// annotation (`--format github`) would point at another file.
struct ShownPaths {
  /// The directory the project names its files from.
  let root: URL
  private let finder: SpecFinder

  /// Paths named from `root`, shown from `workingDirectory`.
  init(root: URL, workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
    self.root = root
    finder = SpecFinder(workingDirectory: workingDirectory)
  }

  /// `file`, named from the root, as the working directory names it; what names no file (a
  /// built-in template, `<built-in>`, an option such as `--format`) stays as it is.
  func file(_ file: String) -> String {
    guard !file.isEmpty, !file.hasPrefix("<"), !file.hasPrefix("-") else { return file }
    return finder.displayPath(URL(literalPath: file, relativeTo: root))
  }

  /// `url` as the current working directory names it.
  static func path(_ url: URL) -> String {
    SpecFinder().displayPath(url)
  }

  /// `diagnostics` with every file named from the working directory.
  func diagnostics(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.map { $0.renamingFiles(file) }
  }
}

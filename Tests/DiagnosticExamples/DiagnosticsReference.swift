import ButtonSpec

/// Writes `docs/diagnostics.md` from the rules and their examples, so the reference cannot
/// drift from what the tool reports. `make docs` regenerates it; a test compares.
public enum DiagnosticsReference {
  /// The whole Markdown document.
  public static func markdown() -> String {
    var lines = [
      "# Diagnostics",
      "",
      "<!-- Generated from Sources/ButtonSpec/Diagnostics/DiagnosticRule.swift and Tests/DiagnosticExamples by `make docs`. Do not edit. -->",
      "",
      "Every problem is printed as `file:line:col: severity: message [id]`, followed by the source line, a caret",
      "under the column, and `note:` lines where they help. The id in brackets is stable: match on it in scripts.",
      "`file` is relative to the working directory, up from it for a file beside it (`../shared/specs/a.yaml`), in",
      "every format (`text`, `json`, `github`, `sarif`): run from a subdirectory of the project, or with `--config`",
      "from above it, the path opens from where the command ran. Absolute only when the two share no directory but",
      "the root. (The manifest's `source` fields name files from the project's root, the same from any directory.)",
      "`buttonsmith lint` reports every problem of every file in one run; `--strict` makes warnings fail too.",
      "Columns count Unicode scalars in `text` and `json`, and UTF-16 code units in `github` and `sarif` (whose",
      "`columnKind` says so), as GitHub's annotations and SARIF viewers count them. In `sarif`, a note with a place is",
      "a related location, and a note without one follows the result's message as a `note:` line.",
      "",
      "| id | severity | what it finds |",
      "|---|---|---|",
    ]
    for rule in DiagnosticRule.allCases {
      lines.append("| [`\(rule.rawValue)`](#\(rule.rawValue)) | \(rule.severity.rawValue) | \(rule.summary) |")
    }
    for rule in DiagnosticRule.allCases {
      lines += ["", "## \(rule.rawValue)", "", "\(rule.severity == .error ? "Error" : "Warning"). \(rule.summary)"]
      if let command = commandExample(rule) {
        lines += ["", "```console", command, "```"]
      }
      guard let example = rule.example else { continue }
      let place = example.file.map { " in `\($0)`" } ?? ""
      lines += [
        "", "Reported at line \(example.line), column \(example.column)\(place):", "", "```yaml",
        example.bad.trimmingTrailingNewlines, "```",
      ]
      lines += sideFiles(example.files)
      lines += ["", "Fixed:", "", "```yaml", example.good.trimmingTrailingNewlines, "```"]
      // The side files the fix changes (a string table, the project file).
      lines += sideFiles((example.goodFiles ?? [:]).filter { example.files[$0.key] != $0.value })
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The text files beside an example (specs, templates, string tables, the project file), each
  /// in a block of its kind; images and other bytes are left out.
  private static func sideFiles(_ files: [String: [UInt8]]) -> [String] {
    let kinds = ["yaml": "yaml", "yml": "yaml", "strings": "text", "xml": "xml", "xcstrings": "json"]
    var lines: [String] = []
    for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
      guard let kind = kinds[String(path.split(separator: ".").last ?? "")], !bytes.contains(0) else { continue }
      let text = String(decoding: bytes, as: UTF8.self)
      lines += ["", "with `\(path)`:", "", "```\(kind)", text.trimmingTrailingNewlines, "```"]
    }
    return lines
  }

  private static func commandExample(_ rule: DiagnosticRule) -> String? {
    switch rule {
    case .missingPath:
      return "$ buttonsmith lint specs/missing\nspecs/missing:1:1: error: no such file or directory [missing-path]"
    case .noSpecFiles:
      return "$ buttonsmith lint docs\ndocs:1:1: error: no *.yaml or *.yml spec files in 'docs' [no-spec-files]"
    case .fileTooLarge:
      return
        "$ buttonsmith lint huge.yaml\nhuge.yaml:1:1: error: file is 52428800 bytes, more than the 4194304 a spec may have; it was not read [file-too-large]"
    case .renderFailed:
      return
        "$ buttonsmith build\nspecs/a.yaml:3:3: error: cannot render 'a/normal.png': cairo: out of memory [render-failed]"
    default:
      return nil
    }
  }
}

extension String {
  var trimmingTrailingNewlines: String {
    var copy = self
    while copy.last == "\n" { copy.removeLast() }
    return copy
  }
}

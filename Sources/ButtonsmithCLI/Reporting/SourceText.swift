import ButtonCore
import ButtonSpec
import Foundation

/// The lines of spec files and string tables, for showing the line a diagnostic points to.
final class SourceText {
  private var cache: [String: [Substring]] = [:]
  private struct LineKey: Equatable {
    var file: String
    var line: Int
  }
  /// The line `utf16Column` last looked at and, when it has characters outside the Basic
  /// Multilingual Plane (two UTF-16 code units each), the UTF-16 units before each of its
  /// scalars (and after the last): made once, so the columns of many mistakes on one long line
  /// cost its length once, not once each.
  private var lastLine: (key: LineKey, offsets: [Int]?)?
  /// The directory relative paths are relative to.
  let root: URL

  /// Lines of files named relative to `root` (or absolute).
  init(root: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
    self.root = root
  }

  /// Line `number` (from 1) of `file`, or `nil` when it cannot be read.
  func line(_ number: Int, of file: String) -> Substring? {
    let lines = cache[file] ?? load(file)
    cache[file] = lines
    return number >= 1 && number <= lines.count ? lines[number - 1] : nil
  }

  /// The column of `location` counted in UTF-16 code units instead of Unicode scalars (the
  /// same for text without characters outside the Basic Multilingual Plane, such as emoji).
  func utf16Column(of location: SourceLocation) -> Int {
    guard let line = line(location.line, of: location.file) else { return location.column }
    // Most lines have no character outside the Basic Multilingual Plane: their columns are the
    // same. Whether a line has one is found once, not once per mistake on it.
    let key = LineKey(file: location.file, line: location.line)
    if lastLine?.key != key {
      var offsets: [Int]?
      if line.utf16.count != line.unicodeScalars.count {
        offsets = [0]
        for scalar in line.unicodeScalars { offsets!.append(offsets!.last! + UTF16.width(scalar)) }
      }
      lastLine = (key, offsets)
    }
    guard let offsets = lastLine?.offsets else { return location.column }
    let scalars = max(0, location.column - 1)
    let counted = min(scalars, offsets.count - 1)
    return 1 + offsets[counted] + (scalars - counted)
  }

  private func load(_ file: String) -> [Substring] {
    let text: String?
    if file.hasPrefix("<built-in>/") {
      let name = String(file.dropFirst("<built-in>/".count).dropLast(".yaml".count))
      text = BuiltInTemplates.all[name]
    } else if case .success(let data) = BoundedFile.read(
      at: URL(literalPath: file, relativeTo: root).path, limit: YAMLReader().maximumBytes)
    {
      // UTF-8, or UTF-16 as a `.strings` table may be.
      text = SourceLines.decode(data)
    } else {
      text = nil
    }
    return text.map(SourceLines.split) ?? []
  }
}

import ButtonSpec
import Foundation

/// The lines of spec files, for showing the line a diagnostic points to.
final class SourceText {
  private var cache: [String: [Substring]] = [:]

  /// Line `number` (from 1) of `file`, or `nil` when it cannot be read.
  func line(_ number: Int, of file: String) -> Substring? {
    let lines = cache[file] ?? load(file)
    cache[file] = lines
    return number >= 1 && number <= lines.count ? lines[number - 1] : nil
  }

  private func load(_ file: String) -> [Substring] {
    let text: String?
    if file.hasPrefix("<built-in>/") {
      let name = String(file.dropFirst("<built-in>/".count).dropLast(".yaml".count))
      text = BuiltInTemplates.all[name]
    } else if let size = try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber,
      size.intValue <= YAMLReader().maximumBytes, let data = FileManager.default.contents(atPath: file)
    {
      text = String(data: data, encoding: .utf8)
    } else {
      text = nil
    }
    return text?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
  }
}

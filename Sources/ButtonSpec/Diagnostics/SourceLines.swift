import Foundation

/// A text's lines as YAML and XML number them: a line ends at `\n`, `\r\n` or a lone `\r`.
/// (`String.split(separator: "\n")` takes `\r\n` as one character that is not `\n`, and so a
/// file saved with Windows line ends as one line.)
public enum SourceLines {
  /// The lines of `text`, without their ends; a text that ends with a line end has an empty
  /// last line.
  public static func split(_ text: Substring) -> [Substring] {
    let scalars = text.unicodeScalars
    var lines: [Substring] = []
    var start = scalars.startIndex
    var index = start
    while index < scalars.endIndex {
      let scalar = scalars[index]
      guard scalar == "\n" || scalar == "\r" else {
        index = scalars.index(after: index)
        continue
      }
      lines.append(Substring(scalars[start..<index]))
      index = scalars.index(after: index)
      if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
      start = index
    }
    lines.append(Substring(scalars[start...]))
    return lines
  }

  /// The lines of `text`.
  public static func split(_ text: String) -> [Substring] {
    split(text[...])
  }

  /// The text of a spec or string table: UTF-8 (a byte-order mark left out), or UTF-16 as a
  /// `.strings` table may be; `nil` when it is neither.
  public static func decode(_ data: Data) -> String? {
    StringTableEncoding.decode(data)
  }
}

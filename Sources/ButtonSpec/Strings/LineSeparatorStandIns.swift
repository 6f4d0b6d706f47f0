import Foundation

/// U+0085, U+2028 and U+2029 written raw in a string catalog's strings, which JSON takes and the
/// YAML reader ends a line at (every later line was misplaced, or the catalog was read without
/// places): each is read as a private-use character that stands for it, one character for one,
/// so every line and column stays where an editor shows it, and each stand-in the reader gives
/// back is the character again.
enum LineSeparatorStandIns {
  /// Each separator and the character that stands for it.
  static let standIns: [Unicode.Scalar: Unicode.Scalar] = [
    "\u{85}": "\u{E800}", "\u{2028}": "\u{E801}", "\u{2029}": "\u{E802}",
  ]
  static let separators = Dictionary(uniqueKeysWithValues: standIns.map { ($1, $0) })

  /// `data` with each separator written as its stand-in; `nil` when it has none, is not UTF-8,
  /// or already holds a stand-in (which would be read as a separator).
  static func replaced(_ data: Data) -> Data? {
    guard let text = String(validating: data, as: UTF8.self),
      text.unicodeScalars.contains(where: { standIns[$0] != nil }),
      !text.unicodeScalars.contains(where: { separators[$0] != nil })
    else { return nil }
    var replaced = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { replaced.append(standIns[scalar] ?? scalar) }
    return Data(String(replaced).utf8)
  }

  /// `node` with each stand-in in its keys and texts read as the separator it stands for.
  static func restored(_ node: SpecNode) -> SpecNode {
    node.mappingTexts { text in
      guard text.unicodeScalars.contains(where: { separators[$0] != nil }) else { return text }
      var restored = String.UnicodeScalarView()
      for scalar in text.unicodeScalars { restored.append(separators[scalar] ?? scalar) }
      return String(restored)
    }
  }
}

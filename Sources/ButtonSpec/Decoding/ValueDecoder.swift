import Foundation

/// Reads typed values out of `SpecNode`s, reporting every mismatch as a located diagnostic.
///
/// Each method returns `nil` after reporting; callers keep going, so one run finds every
/// problem of a file.
struct ValueDecoder {
  var diagnostics = Diagnostics()
  /// The directory that relative spec paths in locations are relative to.
  var workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  /// Whether a colour map may lack what makes it whole (`light` without `dark`, `alpha` without
  /// `color`): set while a layer is checked on its own (a template no button completes), since
  /// the layers laid over it may write the rest. Merged values are always checked whole.
  var allowsIncompleteColorMaps = false

  /// Reports a format version (`buttonsmith:`) other than the number 1.
  mutating func checkFormatVersion(_ version: SpecNode) {
    guard version.scalar?.text != "1" || version.scalar?.isQuoted == true else { return }
    diagnostics.add(
      .unsupportedVersion,
      "the format version must be the number 1, not \(version.kindDescription); write 'buttonsmith: 1'",
      at: version.location)
  }

  /// Reports keys of `node` that are not in `known`, suggesting the closest known key.
  mutating func checkKeys(of node: SpecNode, known: [String], place: String) {
    for entry in node.entries ?? [] where !known.contains(entry.key) {
      diagnostics.add(
        .unknownKey,
        Suggestion.message("unknown key '\(Diagnostic.shown(entry.key))' in \(place)", for: entry.key, in: known),
        at: entry.keyLocation)
    }
  }

  /// The entries of a map, or `nil` after reporting that `node` is not one.
  mutating func mapping(_ node: SpecNode, what: String) -> [SpecNode.Entry]? {
    if let entries = node.entries { return entries }
    wrongType(node, expected: "a map for \(what)")
    return nil
  }

  /// The items of a list, or `nil` after reporting.
  mutating func sequence(_ node: SpecNode, what: String) -> [SpecNode]? {
    if let items = node.items { return items }
    wrongType(node, expected: "a list for \(what)")
    return nil
  }

  /// A number within `range`.
  mutating func number(_ node: SpecNode, what: String, in range: ClosedRange<Double>) -> Double? {
    guard let scalar = node.scalar, !scalar.isQuoted, let value = Double(scalar.text), !value.isNaN else {
      wrongType(node, expected: "a number for \(what)")
      return nil
    }
    // A number too large for a double (`1e309`, a thousand digits) is out of range too.
    guard value.isFinite, range.contains(value) else {
      diagnostics.add(
        .valueOutOfRange, "\(what) \(Diagnostic.shown(scalar.text)) is out of range \(Self.describe(range))",
        at: node.location)
      return nil
    }
    return value
  }

  /// A whole number within `range`.
  mutating func integer(_ node: SpecNode, what: String, in range: ClosedRange<Int>) -> Int? {
    guard let value = number(node, what: what, in: Double(range.lowerBound)...Double(range.upperBound)) else {
      return nil
    }
    guard value.rounded() == value else {
      wrongType(node, expected: "a whole number for \(what)")
      return nil
    }
    return Int(value)
  }

  /// `true` or `false`.
  mutating func bool(_ node: SpecNode, what: String) -> Bool? {
    if let scalar = node.scalar, !scalar.isQuoted {
      if scalar.text == "true" { return true }
      if scalar.text == "false" { return false }
    }
    wrongType(node, expected: "true or false for \(what)")
    return nil
  }

  /// Text; numbers and booleans written plainly are accepted as their text.
  mutating func string(_ node: SpecNode, what: String) -> String? {
    guard let scalar = node.scalar, !node.isNull else {
      wrongType(node, expected: "text for \(what)")
      return nil
    }
    return scalar.text
  }

  /// One of an enumeration's raw values.
  mutating func choice<Choice: CaseIterable & RawRepresentable>(
    _ node: SpecNode, what: String, as type: Choice.Type
  ) -> Choice? where Choice.RawValue == String {
    guard let text = string(node, what: what) else { return nil }
    if let value = Choice(rawValue: text) { return value }
    let names = Choice.allCases.map(\.rawValue)
    diagnostics.add(
      .valueOutOfRange,
      Suggestion.message(
        "'\(text)' is not \("aeiou".contains(what.prefix(1)) ? "an" : "a") \(what); use one of \(names.joined(separator: ", "))",
        for: text, in: names),
      at: node.location)
    return nil
  }

  /// Reports that `node` is not what was expected.
  mutating func wrongType(_ node: SpecNode, expected: String) {
    var notes: [Diagnostic.Note] = []
    if node.isNull && expected.contains("colour") {
      notes.append(.init("a '#' starts a comment in YAML; quote colours such as \"#FF0000\""))
    }
    diagnostics.add(.wrongType, "expected \(expected), found \(node.kindDescription)", at: node.location, notes: notes)
  }

  private static func describe(_ range: ClosedRange<Double>) -> String {
    "\(formatNumber(range.lowerBound))...\(formatNumber(range.upperBound))"
  }
}

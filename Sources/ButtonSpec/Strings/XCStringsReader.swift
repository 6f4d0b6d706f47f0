import Foundation

/// Reads an Xcode string catalog (`*.xcstrings`): JSON, read with the YAML reader (JSON is YAML)
/// so every key and value keeps its line and column, and refused where it is not JSON, as Xcode
/// refuses it (comments, unquoted words, block maps).
///
/// `strings.KEY.localizations.LANG.stringUnit.value` is a translation; a localization with
/// `variations` (plurals, devices) is skipped with a `plural-skipped` warning, since an image
/// shows one text.
struct XCStringsReader {
  /// The file as shown in diagnostics.
  let file: String

  func read(_ data: Data, into tables: inout StringTables, diagnostics: inout Diagnostics) {
    // JSON has no aliases: a catalog holds at most one value per few bytes, so YAML aliases
    // cannot make it cost more than its size.
    let reader = YAMLReader(maximumBytes: StringTableLoader.maximumBytes, maximumValues: max(100_000, data.count / 4))
    var yamlProblems = Diagnostics()
    // Line separators written raw, which YAML reads as line breaks, are read in their lines.
    let separated = LineSeparatorStandIns.replaced(data)
    var located = reader.read(separated ?? data, file: file, into: &yamlProblems)
    // Escaped surrogate pairs, which YAML refuses, are read at their places all the same.
    if located == nil, let escaped = SurrogatePairEscapes.escaped(separated ?? data) {
      var escapedProblems = Diagnostics()
      if let tree = reader.read(escaped, file: file, into: &escapedProblems) {
        (located, yamlProblems) = (SurrogatePairEscapes.restored(tree), escapedProblems)
      }
    }
    if separated != nil { located = located.map(LineSeparatorStandIns.restored) }
    // Not for a catalog the reader refused for its size or its values' number: JSON's own
    // reader takes about 120 bytes of memory per byte.
    let refused = yamlProblems.all.contains { [.fileTooLarge, .invalidEncoding, .aliasExpansion].contains($0.rule) }
    // What is not JSON is said where JSON stops, in JSON's words, also where the YAML reader
    // stopped elsewhere for it (a comment: YAML reads on past `//`, to the line after).
    let blank = data.allSatisfy { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
    if !refused, !blank, let problem = jsonProblem(data) {
      // Keys written twice were found before it, and are said too.
      for repeated in yamlProblems.all where repeated.rule == .duplicateKey {
        diagnostics.add(Diagnostic(.invalidStringTable, repeated.message, at: repeated.location, notes: repeated.notes))
      }
      diagnostics.add(problem)
      return
    }
    // JSON takes a key written twice (the last wins); a catalog with one is a mistake, which the
    // reader reports, and reads the rest. Other text the reader refuses and JSON takes (escaped
    // surrogate pairs, very long keys) is read as plain JSON.
    let duplicated = yamlProblems.all.contains { $0.rule == .duplicateKey }
    let readsAsJSON = located == nil && !duplicated && !refused
    if readsAsJSON, data.count > Self.plainJSONBytes, JSONChecker.problem(in: data) == nil {
      diagnostics.add(
        .invalidStringTable,
        "the catalog is JSON the located reader refuses (a key over 1,024 characters, a lone escaped surrogate, or a "
          + "line separator written raw), "
          + "and at \(data.count) bytes too large to read otherwise (at most \(Self.plainJSONBytes))",
        at: yamlProblems.all.first?.location ?? .start(of: file))
      return
    }
    let plain = readsAsJSON && data.count <= Self.plainJSONBytes ? jsonTree(data) : nil
    if plain == nil {
      // The reader speaks of specs: what it found in the text is a string table's error; the
      // limits every file has (its size, its encoding, aliases that expand) keep their ids.
      for problem in yamlProblems.all {
        guard ![.fileTooLarge, .invalidEncoding, .aliasExpansion].contains(problem.rule) else {
          diagnostics.add(problem)
          continue
        }
        let message =
          problem.rule == .invalidDocument ? "the file is empty; a string catalog is a JSON object" : problem.message
        diagnostics.add(Diagnostic(.invalidStringTable, message, at: problem.location, notes: problem.notes))
      }
    }
    guard let root = located ?? plain else { return }
    guard let strings = root["strings"]?.entries else {
      diagnostics.add(
        .invalidStringTable, "a string catalog has a 'strings' map of keys",
        at: root["strings"]?.location ?? root.location)
      return
    }
    // Xcode writes no source-language entry for a key that is its own source text.
    let source = root["sourceLanguage"]?.scalar?.text
    for entry in strings {
      if entry.value["shouldTranslate"]?.scalar?.text == "false" { tables.untranslated.insert(entry.key) }
      if let source, entry.value["localizations"]?[source] == nil {
        tables.add(entry.key, Located(entry.key, at: entry.keyLocation), language: source)
      }
      guard let localizations = entry.value["localizations"] else { continue }
      guard let languages = localizations.entries else {
        diagnostics.add(
          .invalidStringTable, "'localizations' of '\(Diagnostic.shown(entry.key))' is not a map",
          at: localizations.location)
        continue
      }
      for localization in languages {
        let unit = localization.value
        // A text with substitutions (`%#@items@`, Xcode's plural of an argument) varies too.
        if unit["variations"] != nil || unit["substitutions"] != nil {
          diagnostics.add(
            .pluralSkipped,
            "'\(Diagnostic.shown(entry.key))' in '\(Diagnostic.shown(localization.key))' varies (plural, device or substitution); an image shows one "
              + "text, so it is skipped",
            at: localization.keyLocation)
          continue
        }
        guard let value = unit["stringUnit"]?["value"], let text = value.scalar, !value.isNull else {
          diagnostics.add(
            .invalidStringTable,
            "'\(Diagnostic.shown(entry.key))' in '\(Diagnostic.shown(localization.key))' has no 'stringUnit.value'",
            at: localization.keyLocation)
          continue
        }
        guard text.isQuoted else {
          diagnostics.add(
            .invalidStringTable,
            "'stringUnit.value' of '\(Diagnostic.shown(entry.key))' in '\(Diagnostic.shown(localization.key))' is \(value.kindDescription), not a string",
            at: value.location)
          continue
        }
        tables.add(entry.key, Located(text.text, at: value.location), language: localization.key)
      }
    }
  }

  /// Where `data`, which the YAML reader accepted, is not JSON, as a JSON reader would refuse it.
  private func jsonProblem(_ data: Data) -> Diagnostic? {
    guard let problem = JSONChecker.problem(in: data) else { return nil }
    let position = TextPosition.position(ofByteOffset: problem.offset, in: data)
    let location = SourceLocation(file: file, line: position.line, column: position.column)
    if let reason = problem.reason {
      return Diagnostic(.invalidStringTable, "a string catalog is JSON, and here \(reason)", at: location)
    }
    let rest = String(decoding: data.dropFirst(problem.offset).prefix(40), as: UTF8.self)
    if rest.hasPrefix("//") || rest.hasPrefix("/*") {
      return Diagnostic(.invalidStringTable, "a string catalog is JSON, which has no comments", at: location)
    }
    // A word, or the one character that is out of place.
    let found =
      rest.first.map { first in
        "'" + (first.isLetter || first.isNumber ? String(rest.prefix { $0.isLetter || $0.isNumber }) : String(first))
          + "'"
      } ?? "the end of the file"
    return Diagnostic(
      .invalidStringTable, "a string catalog is JSON, and \(found) is not JSON in its place", at: location)
  }

  /// The largest catalog read as plain JSON when the YAML reader refuses it (Foundation's reader
  /// takes about 120 bytes of memory per byte: 1 GB at this size).
  static let plainJSONBytes = 8 * 1024 * 1024

  /// The catalog read as plain JSON, for what JSON allows and YAML refuses (escaped surrogate
  /// pairs, keys longer than 1,024 characters); every value is then located at the file's start.
  private func jsonTree(_ data: Data) -> SpecNode? {
    guard JSONChecker.problem(in: data) == nil, let object = try? JSONSerialization.jsonObject(with: data)
    else { return nil }
    let start = SourceLocation.start(of: file)
    func node(_ value: Any) -> SpecNode {
      switch value {
      case let map as [String: Any]:
        let entries = map.keys.sorted().map { SpecNode.Entry(key: $0, keyLocation: start, value: node(map[$0]!)) }
        return SpecNode(.mapping(entries), at: start)
      case let list as [Any]:
        return SpecNode(.sequence(list.map(node)), at: start)
      case let text as String:
        return SpecNode(.scalar(.init(text: text, isQuoted: true)), at: start)
      default:
        return SpecNode(.scalar(.init(text: "\(value)", isQuoted: false)), at: start)
      }
    }
    return node(object)
  }
}

import Foundation

/// Reads an Xcode string catalog (`*.xcstrings`): JSON, read with the YAML reader (JSON is YAML)
/// so every key and value keeps its line and column.
///
/// `strings.KEY.localizations.LANG.stringUnit.value` is a translation; a localization with
/// `variations` (plurals, devices) is skipped with a `plural-skipped` warning, since an image
/// shows one text.
struct XCStringsReader {
  /// The file as shown in diagnostics.
  let file: String

  func read(_ data: Data, into tables: inout StringTables, diagnostics: inout Diagnostics) {
    let reader = YAMLReader(maximumBytes: StringTableLoader.maximumBytes, maximumValues: 4_000_000)
    guard let root = reader.read(data, file: file, into: &diagnostics) else { return }
    guard let strings = root["strings"]?.entries else {
      diagnostics.add(
        .invalidStringTable, "a string catalog has a 'strings' map of keys",
        at: root["strings"]?.location ?? root.location)
      return
    }
    // Xcode writes no source-language entry for a key that is its own source text.
    let source = root["sourceLanguage"]?.scalar?.text
    for entry in strings {
      if let source, entry.value["localizations"]?[source] == nil {
        tables.add(entry.key, Located(entry.key, at: entry.keyLocation), language: source)
      }
      guard let localizations = entry.value["localizations"] else { continue }
      guard let languages = localizations.entries else {
        diagnostics.add(
          .invalidStringTable, "'localizations' of '\(entry.key)' is not a map", at: localizations.location)
        continue
      }
      for localization in languages {
        let unit = localization.value
        if unit["variations"] != nil {
          diagnostics.add(
            .pluralSkipped,
            "'\(entry.key)' in '\(localization.key)' varies (plural or device); an image shows one text, so it is skipped",
            at: localization.keyLocation)
          continue
        }
        guard let value = unit["stringUnit"]?["value"], let text = value.scalar, !value.isNull else {
          diagnostics.add(
            .invalidStringTable, "'\(entry.key)' in '\(localization.key)' has no 'stringUnit.value'",
            at: localization.keyLocation)
          continue
        }
        tables.add(entry.key, Located(text.text, at: value.location), language: localization.key)
      }
    }
  }
}

import Foundation

/// Types the top level of spec and template files: version, palette, defaults, buttons.
struct TopLevelParser {
  var values = ValueDecoder()

  init(workingDirectory: URL) {
    values.workingDirectory = workingDirectory
  }

  /// The spec file in `root`, or `nil` when its shape is unusable.
  mutating func specFile(_ root: SpecNode, path: String) -> SpecFile? {
    guard checkDocument(root, path: path) else { return nil }
    values.checkKeys(of: root, known: SpecKeys.specFile, place: "a spec file")
    let palette = root["palette"].map { self.palette($0) } ?? WrittenPalette()
    var defaults: SpecNode?
    if let node = root["defaults"], !node.isNull, values.mapping(node, what: "defaults") != nil {
      defaults = node
    }
    guard let buttonsEntry = root.entry("buttons") else {
      values.diagnostics.add(
        .missingKey, "a spec file needs 'buttons', a map of asset names to buttons", at: root.location)
      return SpecFile(path: path, palette: palette, defaults: defaults, buttons: [])
    }
    var buttons: [ButtonEntry] = []
    let buttonsNode = buttonsEntry.value
    if buttonsNode.isNull || buttonsNode.entries?.isEmpty == true {
      values.diagnostics.add(.missingKey, "'buttons' is empty; add at least one button", at: buttonsEntry.keyLocation)
    } else if let entries = values.mapping(buttonsNode, what: "buttons") {
      for entry in entries {
        guard values.mapping(entry.value, what: "button '\(Diagnostic.shown(entry.key))'") != nil else { continue }
        buttons.append(ButtonEntry(name: Located(entry.key, at: entry.keyLocation), body: entry.value))
      }
    }
    return SpecFile(path: path, palette: palette, defaults: defaults, buttons: buttons)
  }

  /// The template in `root`, or `nil` when its shape is unusable.
  mutating func templateFile(_ root: SpecNode, name: String, path: String) -> TemplateFile? {
    guard checkDocument(root, path: path) else { return nil }
    let palette = root["palette"].map { self.palette($0) } ?? WrittenPalette()
    return TemplateFile(
      name: name, path: path, body: root.removing(keys: ["buttonsmith", "palette"]), palette: palette)
  }

  /// A palette map: names to colours, decoded once merged (see `WrittenPalette`).
  mutating func palette(_ node: SpecNode) -> WrittenPalette {
    guard !node.isNull, let entries = values.mapping(node, what: "palette") else { return WrittenPalette() }
    var palette = WrittenPalette()
    for entry in entries { palette.entries[entry.key] = entry.value }
    return palette
  }

  /// Checks that the document is a map that starts with `buttonsmith: 1`.
  private mutating func checkDocument(_ root: SpecNode, path: String) -> Bool {
    guard root.entries != nil else {
      values.diagnostics.add(
        .invalidDocument, "the top level must be a map starting with 'buttonsmith: 1', not \(root.kindDescription)",
        at: root.location)
      return false
    }
    guard let version = root.entry("buttonsmith") else {
      values.diagnostics.add(
        .unsupportedVersion, "missing 'buttonsmith: 1' (the format version) at the top of the file",
        at: root.location)
      return true
    }
    values.checkFormatVersion(version.value)
    return true
  }
}

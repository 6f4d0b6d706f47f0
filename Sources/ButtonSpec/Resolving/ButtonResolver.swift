import Foundation

/// The merge stage: lays file defaults, templates, the button and each state's overrides over
/// one another, as the precedence rules say, and decodes the result into `ButtonDefinition`s.
public struct ButtonResolver: Sendable {
  /// The directory relative spec paths are relative to.
  public var workingDirectory: URL

  /// Creates a resolver.
  public init(workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
    self.workingDirectory = workingDirectory
  }

  /// Every button of `specs`, resolved; templates no button uses are checked too. Buttons
  /// with errors are returned too (marked `hasErrors`), so later checks still see them.
  public func resolve(_ specs: SpecSet) -> (buttons: [ButtonDefinition], diagnostics: Diagnostics) {
    var session = ResolutionSession(templates: specs.templates, workingDirectory: workingDirectory)
    var buttons: [ButtonDefinition] = []
    for file in specs.files {
      for entry in file.buttons {
        buttons.append(session.resolve(entry, in: file))
      }
    }
    for name in specs.templates.keys.sorted() {
      session.check(template: specs.templates[name]!)
    }
    return (buttons, session.decoder.values.diagnostics)
  }
}

/// The state of one resolution run: the decoder that collects diagnostics.
struct ResolutionSession {
  let templates: [String: TemplateFile]
  var decoder = LookDecoder()

  init(templates: [String: TemplateFile], workingDirectory: URL) {
    self.templates = templates
    decoder.values.workingDirectory = workingDirectory
  }

  mutating func resolve(_ entry: ButtonEntry, in file: SpecFile) -> ButtonDefinition {
    let errorsBefore = decoder.values.diagnostics.errorsAdded
    let defaults = file.defaults ?? .emptyMapping(at: entry.name.location)
    let extendsNode = entry.body["extends"] ?? defaults["extends"]
    var layers = [defaults.removing(keys: ["extends"])]
    var palette = Palette()
    for template in expand(extendsNode, chain: []) {
      layers.append(template.body.removing(keys: ["extends"]))
      palette = palette.overlaid(with: template.palette)
    }
    layers.append(entry.body.removing(keys: ["extends"]))
    palette = palette.overlaid(with: file.palette)
    let merged = layers.dropFirst().reduce(layers[0]) { $0.merged(with: $1) }
    let place = "button '\(entry.name.value)'"

    // A button without a usable size still goes through every other check.
    var size: Size?
    var sizeLocation = entry.name.location
    if let sizeNode = merged["size"] {
      size = decoder.values.size(sizeNode, what: "size", in: 0.01...8192)
      sizeLocation = sizeNode.location
    } else {
      decoder.values.diagnostics.add(
        .missingKey, "\(place) needs a size, such as 'size: [200, 44]'", at: entry.name.location)
    }
    let scales = self.scales(merged["scales"])
    let appearances = self.appearances(merged["appearances"])
    let states = self.states(of: merged, place: place, defaultLocation: entry.name.location)
    return ButtonDefinition(
      name: entry.name.value, location: entry.name.location, size: size ?? Size(width: 0, height: 0),
      sizeLocation: sizeLocation, scales: scales, appearances: appearances, states: states, palette: palette,
      hasErrors: decoder.values.diagnostics.errorsAdded > errorsBefore)
  }

  /// Checks a template on its own, so its mistakes show even when no button uses it.
  mutating func check(template: TemplateFile) {
    _ = expand(template.body["extends"], chain: [template.name])
    if let size = template.body["size"] { _ = decoder.values.size(size, what: "size", in: 0.01...8192) }
    _ = scales(template.body["scales"])
    _ = appearances(template.body["appearances"])
    _ = states(of: template.body, place: "template '\(template.name)'", defaultLocation: template.body.location)
  }

  /// The templates `node` names, each preceded by the templates it extends, in order.
  private mutating func expand(_ node: SpecNode?, chain: [String]) -> [TemplateFile] {
    guard let node, !node.isNull else { return [] }
    let names = node.items ?? [node]
    var result: [TemplateFile] = []
    for nameNode in names {
      guard let name = decoder.values.string(nameNode, what: "a template name") else { continue }
      if chain.contains(name) {
        decoder.values.diagnostics.add(
          .templateCycle, "template '\(name)' extends itself through \((chain + [name]).joined(separator: " -> "))",
          at: nameNode.location)
        continue
      }
      guard let template = templates[name] else {
        decoder.values.diagnostics.add(
          .unknownTemplate,
          Suggestion.message("unknown template '\(name)'", for: name, in: Array(templates.keys)),
          at: nameNode.location,
          notes: [.init("templates come from --templates directories (default: templates/) and the built-in set")])
        continue
      }
      result += expand(template.body["extends"], chain: chain + [name])
      result.append(template)
    }
    return result
  }

  private mutating func scales(_ node: SpecNode?) -> [Located<Double>] {
    guard let node, !node.isNull else {
      return [1, 2, 3].map { Located($0, at: SourceLocation(file: "<built-in>", line: 1, column: 1)) }
    }
    guard let items = decoder.values.sequence(node, what: "scales") else { return [] }
    return items.compactMap { item in
      guard let value = decoder.values.number(item, what: "scale", in: 0...100) else { return nil }
      guard [1, 1.5, 2, 3, 4].contains(value) else {
        decoder.values.diagnostics.add(
          .valueOutOfRange, "scale \(item.scalar?.text ?? "") is not supported; use 1, 1.5, 2, 3 or 4",
          at: item.location)
        return nil
      }
      return Located(value, at: item.location)
    }
  }

  private mutating func appearances(_ node: SpecNode?) -> [Located<Appearance>] {
    guard let node, !node.isNull else {
      return [Located(.light, at: SourceLocation(file: "<built-in>", line: 1, column: 1))]
    }
    guard let items = decoder.values.sequence(node, what: "appearances") else { return [] }
    return items.compactMap { item in
      decoder.values.choice(item, what: "appearance", as: Appearance.self).map { Located($0, at: item.location) }
    }
  }
}

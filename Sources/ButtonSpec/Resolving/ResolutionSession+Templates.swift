import ButtonCore

extension ResolutionSession {
  /// Checks a template on its own, so its mistakes show even when no button uses it.
  mutating func check(template: TemplateFile) {
    // The layers laid over a template may complete its colour maps.
    decoder.values.allowsIncompleteColorMaps = true
    defer { decoder.values.allowsIncompleteColorMaps = false }
    checkKeys(of: template.body, place: "template '\(template.name)'")
    let extendsNode = template.body["extends"]
    let expansion = expand(extendsNode, chain: [template.name])
    if !extendedByTemplates.contains(template.name) { checkDepth(expansion, of: extendsNode, below: 1) }
    // The entries it writes, merged with those under them: the rest are checked with the
    // templates that write them.
    let layers = expansion.templates.reduce([PaletteLayer]()) { PaletteLayer.stacking($0, $1.palettes) }
    var own = WrittenPalette()
    for (name, node) in template.palette.entries {
      own.entries[name] = PaletteLayer.merged(name, in: layers).map { $0.merged(with: node) } ?? node
    }
    checkAlone(own)
    if let size = template.body["size"] { _ = decoder.values.size(size, what: "size", in: 0.01...8192) }
    _ = scales(template.body["scales"])
    _ = appearances(template.body["appearances"])
    var scratch = ButtonDefinition(
      name: template.name, location: template.body.location, size: Size(width: 0, height: 0),
      sizeLocation: template.body.location, scales: [], appearances: [], states: [], palette: Palette())
    decodePlatformKeys(of: template.body, size: nil, into: &scratch)
    _ = states(of: template.body, place: "template '\(template.name)'", defaultLocation: template.body.location)
  }
}

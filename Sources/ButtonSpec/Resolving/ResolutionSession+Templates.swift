import ButtonCore

extension ResolutionSession {
  /// Checks a template on its own, so its mistakes show even when no button uses it.
  mutating func check(template: TemplateFile) {
    // The layers laid over a template may complete its colour maps.
    decoder.values.allowsIncompleteColorMaps = true
    defer { decoder.values.allowsIncompleteColorMaps = false }
    checkKeys(of: template.body, place: "template '\(template.name)'")
    let extendsNode = template.body["extends"]
    // Expanded as a button (or another template) that takes it would, and kept for them.
    let expanded = self.expansion(of: template, named: template.name, chain: [])
    if !extendedByTemplates.contains(template.name) { checkDepth(expanded.parents, of: extendsNode, below: 1) }
    // The entries it writes, merged with those under them: the rest are checked with the
    // templates that write them.
    let ownNumber = templateLayerNumbers[template.name]
    let layers = expanded.palettes.filter { $0 != ownNumber }.map { paletteLayers[Int($0)] }
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

  /// Reports a cycle of templates at each member's `extends` item that names the next one.
  /// `cycle` lists the members from the first one met; the last one's `nameNode` closes it.
  mutating func reportCycle(_ cycle: [String], closedAt nameNode: SpecNode) {
    for (position, member) in cycle.enumerated() {
      let next = position + 1 < cycle.count ? cycle[position + 1] : cycle[0]
      let through = (cycle[position...] + cycle[..<position] + [member]).joined(separator: " -> ")
      let extendsNode = templates[member]?.body["extends"]
      let item =
        position == cycle.count - 1
        ? nameNode : (extendsNode?.items ?? extendsNode.map { [$0] } ?? []).first { $0.scalar?.text == next }
      guard let item else { continue }
      decoder.values.diagnostics.add(
        .templateCycle, "template '\(member)' extends itself through \(through)", at: item.location)
    }
  }
}

/// A palette decoded, with the errors found in its entries.
struct DecodedPalette {
  var palette: Palette
  /// The errors of each entry that has some, by name in order.
  var errors: [(name: String, errors: [Diagnostic])]
}

extension ResolutionSession {
  /// The palette of a button in `file` that takes `templates`: their palettes in order, then
  /// the file's, merged key by key and decoded. Each palette is decoded once alone; the names
  /// written in more than one are merged and decoded once per list of palettes that write them
  /// (see `Palette`), so the work and memory are those of what is written and what is shared,
  /// however many lists of templates the buttons take. Its errors are for the caller to report
  /// (`report(_:)`); they are the palettes' own, found once whichever button takes them.
  mutating func palette(of templates: [ExpandedTemplate], in file: SpecFile) -> DecodedPalette {
    let stacked = PaletteLayer.stacking(templates.map(\.palettes), count: paletteLayers.count)
    let fileLayer = fileLayerNumbers[file.path].map { paletteLayers[Int($0)] } ?? PaletteLayer(file: file)
    let layers = stacked.map { paletteLayers[Int($0)] } + [fileLayer]
    let key = layers.map(\.key)
    let decoded = decodedPalettes[key] ?? decode(layers)
    decodedPalettes[key] = decoded
    return decoded
  }

  /// Reports the errors of `decoded`'s entries, where they are written (repeats are reported
  /// once).
  mutating func report(_ decoded: DecodedPalette) {
    for entry in decoded.errors {
      for error in entry.errors { decoder.values.diagnostics.add(error) }
    }
  }

  /// `layers` decoded: each alone, then, for each list of them that write the same names, those
  /// names merged, stacked by how many layers they merge (a name written in three layers is
  /// found in the layer that merges those three, over any that merges two of them).
  private mutating func decode(_ layers: [PaletteLayer]) -> DecodedPalette {
    var stack: [DecodedPalette] = layers.map { decodedAlone($0) }
    var errors = stack.flatMap(\.errors)
    let signatures = paletteSharing.signatures(in: layers)
    if !signatures.isEmpty {
      errors.removeAll { paletteSharing.signature(of: $0.name, in: layers) != nil }
      let order = signatures.sorted { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
      for signature in order {
        let merged = decodedMerge(signature.map { layers[$0] })
        stack.append(merged)
        errors += merged.errors.filter { paletteSharing.signature(of: $0.name, in: layers) == signature }
      }
    }
    return DecodedPalette(
      palette: stack.count == 1 ? stack[0].palette : .stacking(stack.map(\.palette), budget: suggestionBudget),
      errors: errors.sorted { $0.name < $1.name })
  }

  /// A palette as written, decoded alone, once per run.
  private mutating func decodedAlone(_ layer: PaletteLayer) -> DecodedPalette {
    if let known = decodedPalettes[[layer.key]] { return known }
    let decoded = decode(layer.palette)
    decodedPalettes[[layer.key]] = decoded
    return decoded
  }

  /// The names every one of `layers` writes, merged and decoded, once per run and list of layers.
  private mutating func decodedMerge(_ layers: [PaletteLayer]) -> DecodedPalette {
    let key = ["\u{0}merged"] + layers.map(\.key)
    if let known = decodedPalettes[key] { return known }
    let smallest = layers.min { $0.palette.entries.count < $1.palette.entries.count }!
    var written = WrittenPalette()
    for name in smallest.palette.entries.keys where layers.allSatisfy({ $0.palette.entries[name] != nil }) {
      written.entries[name] = PaletteLayer.merged(name, in: layers)
    }
    let decoded = decode(written)
    decodedPalettes[key] = decoded
    return decoded
  }

  /// `written`'s entries, decoded, with the errors of each; an entry that does not decode is
  /// noted as unreadable.
  private func decode(_ written: WrittenPalette) -> DecodedPalette {
    var values = ValueDecoder()
    var entries: [String: Located<ColorSpec>] = [:]
    var unreadable = Set<String>()
    var errors: [(name: String, errors: [Diagnostic])] = []
    for name in written.entries.keys.sorted() {
      let before = values.diagnostics.all.count
      if let color = values.color(written.entries[name]!, what: "palette entry '\(Diagnostic.shown(name))'") {
        entries[name] = color
      } else {
        unreadable.insert(name)
      }
      if values.diagnostics.all.count > before { errors.append((name, Array(values.diagnostics.all[before...]))) }
    }
    return DecodedPalette(
      palette: Palette(entries: entries, unreadable: unreadable, budget: suggestionBudget), errors: errors)
  }

  /// Checks a palette no button takes as it is (a template's, a file's whose buttons could not
  /// be read): what it writes must decode, though the layers laid over it may complete its
  /// colour maps.
  mutating func checkAlone(_ palette: WrittenPalette) {
    let allowed = decoder.values.allowsIncompleteColorMaps
    decoder.values.allowsIncompleteColorMaps = true
    for name in palette.entries.keys.sorted() {
      _ = decoder.values.color(palette.entries[name]!, what: "palette entry '\(Diagnostic.shown(name))'")
    }
    decoder.values.allowsIncompleteColorMaps = allowed
  }
}

/// A button's palette, decoded, with the errors found in it.
struct DecodedPalette {
  var palette: Palette
  var errors: [Diagnostic]
}

extension ResolutionSession {
  /// The palette of a button in `file` that takes `templates`: their palettes in order, then
  /// the file's, merged key by key and decoded. Decoded once per file and list of templates;
  /// its errors are added again for every button that takes it, so each is marked as having them.
  mutating func palette(of templates: [ExpandedTemplate], in file: SpecFile) -> Palette {
    let key = [file.path] + templates.map(\.name)
    if let known = decodedPalettes[key] {
      for error in known.errors { decoder.values.diagnostics.add(error) }
      return known.palette
    }
    let written = templates.reduce(WrittenPalette()) { $0.overlaid(with: $1.palette) }.overlaid(with: file.palette)
    var values = ValueDecoder()
    let decoded = DecodedPalette(
      palette: values.palette(written, budget: suggestionBudget), errors: values.diagnostics.all)
    for error in decoded.errors { decoder.values.diagnostics.add(error) }
    decodedPalettes[key] = decoded
    return decoded.palette
  }

  /// Checks a palette no button takes as it is (a template's, a file's whose buttons could not
  /// be read): what it writes must decode, though the layers laid over it may complete its
  /// colour maps.
  mutating func checkAlone(_ palette: WrittenPalette) {
    let allowed = decoder.values.allowsIncompleteColorMaps
    decoder.values.allowsIncompleteColorMaps = true
    _ = decoder.values.palette(palette)
    decoder.values.allowsIncompleteColorMaps = allowed
  }
}

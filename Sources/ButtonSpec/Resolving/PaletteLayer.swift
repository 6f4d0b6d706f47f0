/// One palette as written (a template's own, or a file's) among those a button's colours come
/// from, and the key it is known by in a resolution run.
///
/// A template's palette is kept as the list of layers it stands on rather than merged into one
/// dictionary: a hundred templates that extend one of 20,000 colours hold a reference to it
/// each, not a copy.
struct PaletteLayer {
  /// The file's path, or a NUL (which no path has) and the template's name.
  var key: String
  var palette: WrittenPalette

  /// The layer of a file's palette.
  init(file: SpecFile) {
    key = file.path
    palette = file.palette
  }

  /// The layer of a template's own palette.
  init(template name: String, palette: WrittenPalette) {
    key = "\u{0}" + name
    self.palette = palette
  }

  /// `upper` laid over `lower`: a layer in both is kept at its place in `upper` only (laying the
  /// same entries again over those above them gives what laying them there alone gives).
  static func stacking(_ lower: [PaletteLayer], _ upper: [PaletteLayer]) -> [PaletteLayer] {
    guard !upper.isEmpty else { return lower }
    let above = Set(upper.map(\.key))
    return lower.filter { !above.contains($0.key) } + upper
  }

  /// The entries `layers` write for `name`, merged key by key, the bottom one first.
  static func merged(_ name: String, in layers: [PaletteLayer]) -> SpecNode? {
    var result: SpecNode?
    for layer in layers {
      guard let node = layer.palette.entries[name] else { continue }
      result = result.map { $0.merged(with: node) } ?? node
    }
    return result
  }
}

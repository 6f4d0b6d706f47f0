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

  /// `lists` of layers, by their numbers in a run of `count` layers, laid over one another, the
  /// first at the bottom: a layer in several is kept at its place in the highest one only
  /// (laying the same entries again over those above them gives what laying them there alone
  /// gives).
  ///
  /// One pass from the top, each layer looked up by its number: a template that extends 64
  /// others, each standing on a thousand layers, costs 64,000 steps, not 64 copies of a list.
  static func stacking(_ lists: [[Int32]], count: Int) -> [Int32] {
    var seen = [Bool](repeating: false, count: count)
    var stacked: [Int32] = []
    for list in lists.reversed() {
      for number in list.reversed() where !seen[Int(number)] {
        seen[Int(number)] = true
        stacked.append(number)
      }
    }
    stacked.reverse()
    return stacked
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

/// Which palettes of a run write the same names: every file's and every template's palette,
/// indexed once, so that the names a button's palettes share are found from the groups they
/// fall in rather than name by name, for each list of templates the buttons take.
///
/// A name's group is the set of palettes that write it; only names written by more than one
/// palette are kept.
struct PaletteSharing {
  /// The palettes of each group, by key.
  private var groups: [[String]] = []
  /// The group of each name more than one palette writes.
  private var groupOfName: [String: Int] = [:]
  /// The groups each palette is in.
  private var groupsOfLayer: [String: [Int]] = [:]

  /// The index of `layers`, which are every palette of the run.
  init(_ layers: [PaletteLayer]) {
    var writers: [String: [String]] = [:]
    for layer in layers {
      for name in layer.palette.entries.keys { writers[name, default: []].append(layer.key) }
    }
    var groupOfWriters: [[String]: Int] = [:]
    for (name, keys) in writers where keys.count > 1 {
      let group =
        groupOfWriters[keys]
        ?? {
          groups.append(keys)
          groupOfWriters[keys] = groups.count - 1
          for key in keys { groupsOfLayer[key, default: []].append(groups.count - 1) }
          return groups.count - 1
        }()
      groupOfName[name] = group
    }
  }

  /// The lists of positions in `layers` of the palettes that write the same names, for each
  /// name written by more than one of them.
  func signatures(in layers: [PaletteLayer]) -> Set<[Int]> {
    let position = Dictionary(layers.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { $1 })
    var seen = Set<Int>()
    var found = Set<[Int]>()
    for layer in layers {
      for group in groupsOfLayer[layer.key] ?? [] where seen.insert(group).inserted {
        let signature = groups[group].compactMap { position[$0] }.sorted()
        if signature.count > 1 { found.insert(signature) }
      }
    }
    return found
  }

  /// The positions in `layers` of the palettes that write `name`, when more than one does.
  func signature(of name: String, in layers: [PaletteLayer]) -> [Int]? {
    guard let group = groupOfName[name] else { return nil }
    let keys = Set(groups[group])
    let signature = layers.indices.filter { keys.contains(layers[$0].key) }
    return signature.count > 1 ? signature : nil
  }
}

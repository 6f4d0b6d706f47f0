/// Named colours, decoded; entries may be light/dark pairs or refer to other entries.
///
/// A button's palette is a stack of layers: its templates' entries, its file's over them, and
/// over all, the entries written in more than one of those, merged key by key and decoded
/// again. Layers are shared by every palette that has them (a dictionary is copied only when
/// written to), so a file of thousands of colours whose buttons take hundreds of different
/// lists of templates costs the sum of the two, not their product.
public struct Palette: Sendable, Equatable {
  /// The layers, the bottom one first; `nil` for a name whose colour did not decode.
  private let layers: [[String: Located<ColorSpec>?]]
  /// The entries' names, for "did you mean" (shared by every button that takes the palette).
  public let names: SuggestionIndex

  /// Creates a palette whose "did you mean" look-ups spend `budget` (by default, one of its own).
  public init(
    entries: [String: Located<ColorSpec>] = [:], unreadable: Set<String> = [],
    budget: SuggestionBudget = SuggestionBudget()
  ) {
    var layer: [String: Located<ColorSpec>?] = entries.mapValues { $0 }
    for name in unreadable { layer[name] = .some(nil) }
    self.init(layers: [layer], budget: budget)
  }

  private init(layers: [[String: Located<ColorSpec>?]], budget: SuggestionBudget) {
    self.layers = layers
    names = SuggestionIndex(budget: budget) {
      var seen = Set<String>()
      var found: [String] = []
      for layer in layers.reversed() {
        for (name, entry) in layer where seen.insert(name).inserted && entry != nil { found.append(name) }
      }
      return found
    }
  }

  /// `palettes` stacked, the first at the bottom: a name takes the entry of the top-most one
  /// that has it.
  static func stacking(_ palettes: [Palette], budget: SuggestionBudget) -> Palette {
    Palette(layers: palettes.flatMap(\.layers), budget: budget)
  }

  /// The entry named `name`: `.some(nil)` when its colour did not decode, `nil` when no layer
  /// has it.
  private func lookUp(_ name: String) -> Located<ColorSpec>?? {
    for layer in layers.reversed() {
      if let entry = layer[name] { return entry }
    }
    return nil
  }

  /// The entry named `name`, if it has one whose colour decoded.
  public func entry(named name: String) -> Located<ColorSpec>? {
    lookUp(name) ?? nil
  }

  /// Whether `name` was written with a colour that did not decode (reported where it is
  /// written): a reference to it is not reported again as an unknown name.
  public func isUnreadable(_ name: String) -> Bool {
    if case .some(.none) = lookUp(name) { return true }
    return false
  }

  /// Entries by name (made whole from the layers each time it is read).
  public var entries: [String: Located<ColorSpec>] {
    var all: [String: Located<ColorSpec>] = [:]
    for layer in layers {
      for (name, entry) in layer { all[name] = entry }
    }
    return all
  }

  /// Names written with a colour that did not decode.
  public var unreadable: Set<String> {
    Set(layers.flatMap(\.keys).filter(isUnreadable))
  }

  public static func == (lhs: Palette, rhs: Palette) -> Bool {
    lhs.entries == rhs.entries && lhs.unreadable == rhs.unreadable
  }
}

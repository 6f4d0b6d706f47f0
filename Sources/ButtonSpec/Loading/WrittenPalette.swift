/// A palette as written: entries by name, still located YAML. Palettes merge like button maps,
/// key by key (`Brand: { dark: … }` over a template's `Brand: { light: …, dark: … }` keeps its
/// light), so entries are decoded only once a button's palettes are laid over one another.
public struct WrittenPalette: Sendable, Equatable {
  /// Entries by name, as written.
  public var entries: [String: SpecNode]

  /// Creates a palette of `entries`.
  public init(entries: [String: SpecNode] = [:]) {
    self.entries = entries
  }
}

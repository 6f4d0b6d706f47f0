extension SpecNode {
  /// Lays `overlay` over this node, as the spec format's precedence rules say: maps merge key
  /// by key, recursively; scalars and lists replace. Every merged value keeps its location.
  /// Linear in the number of keys.
  ///
  /// Merging is associative, so layers can be merged in any grouping (templates are merged with
  /// their ancestors once and reused): a map laid over a scalar is marked as replacing what is
  /// below, so `x ⊕ (s ⊕ m)` drops `x`'s keys as `(x ⊕ s) ⊕ m` does.
  public func merged(with overlay: SpecNode) -> SpecNode {
    if overlay.replacesBelow { return overlay }
    guard var result = entries, let overlayEntries = overlay.entries else {
      guard entries == nil, overlay.entries != nil else { return overlay }
      var replacing = overlay
      replacing.replacesBelow = true
      return replacing
    }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(result.count)
    for (index, entry) in result.enumerated() where positions[entry.key] == nil { positions[entry.key] = index }
    for entry in overlayEntries {
      if let index = positions[entry.key] {
        result[index].value = result[index].value.withoutWholeValues(replacedBy: entry.value, in: entry.key)
          .merged(with: entry.value)
        result[index].keyLocation = entry.keyLocation
      } else {
        positions[entry.key] = result.count
        result.append(entry)
      }
    }
    var node = SpecNode(.mapping(result), at: overlay.location)
    node.replacesBelow = replacesBelow
    return node
  }

  /// The node with the marks `merged(with:)` leaves for later merges removed, everywhere in it:
  /// once the layers are merged, a state's overrides merge into the button as usual.
  func withoutReplacementMarks() -> SpecNode {
    var node = self
    node.replacesBelow = false
    switch value {
    case .scalar: break
    case .sequence(let items): node.value = .sequence(items.map { $0.withoutReplacementMarks() })
    case .mapping(let entries):
      node.value = .mapping(
        entries.map { entry in
          var entry = entry
          entry.value = entry.value.withoutReplacementMarks()
          return entry
        })
    }
    return node
  }

  /// Keys of a property's map that together are one value, by property: a map that writes any
  /// of them replaces all of them below it, as a scalar replaces a scalar (a state's stretch
  /// regions replace the button's regions or cap insets, whichever it had; a gradient's `stops`
  /// replace a template's `colors`). Like every merge, this is associative: of these keys, the
  /// topmost map that writes one decides.
  static let wholeValues: [String: Set<String>] = ["stretch": ["insets", "x", "y"], "gradient": ["colors", "stops"]]

  /// This map of `property` without its keys of a whole value that `overlay` writes a key of.
  private func withoutWholeValues(replacedBy overlay: SpecNode, in property: String) -> SpecNode {
    guard let keys = Self.wholeValues[property], entries != nil,
      overlay.entries?.contains(where: { keys.contains($0.key) }) == true
    else { return self }
    var node = removing(keys: keys)
    node.replacesBelow = replacesBelow
    return node
  }

  /// This mapping without the given keys.
  public func removing(keys: Set<String>) -> SpecNode {
    guard let entries else { return self }
    return SpecNode(.mapping(entries.filter { !keys.contains($0.key) }), at: location)
  }

  /// An empty mapping at `location`.
  public static func emptyMapping(at location: SourceLocation) -> SpecNode {
    SpecNode(.mapping([]), at: location)
  }
}

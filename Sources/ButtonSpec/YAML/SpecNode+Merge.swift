extension SpecNode {
  /// Lays `overlay` over this node, as the spec format's precedence rules say: maps merge key
  /// by key, recursively; scalars and lists replace. Every merged value keeps its location.
  public func merged(with overlay: SpecNode) -> SpecNode {
    guard var result = entries, let overlayEntries = overlay.entries else { return overlay }
    for entry in overlayEntries {
      if let index = result.firstIndex(where: { $0.key == entry.key }) {
        result[index].value = result[index].value.merged(with: entry.value)
        result[index].keyLocation = entry.keyLocation
      } else {
        result.append(entry)
      }
    }
    return SpecNode(.mapping(result), at: overlay.location)
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

import ButtonCore

/// The keys of a button as a whole (`touch-target`, `scales`, `appearances`), and whether a
/// mistake may have taken its fill.
extension ResolutionSession {
  /// `touch-target` (a state's `stretch` and `render-as` are its own: `states(of:…)`).
  mutating func decodePlatformKeys(of merged: SpecNode, size: Size?, into button: inout ButtonDefinition) {
    if let node = merged["touch-target"], !node.isNull {
      if node.scalar?.text == "ignore", node.scalar?.isQuoted == false {
        button.touchTarget = Located(.ignore, at: node.location)
      } else if let minimum = decoder.values.number(node, what: "touch-target (points, or ignore)", in: 1...1000) {
        button.touchTarget = Located(.minimum(minimum), at: node.location)
      }
    }
  }

  /// `scales`: 1, 2 and 3 when left out.
  mutating func scales(_ node: SpecNode?) -> [Located<Double>] {
    guard let node, !node.isNull else {
      return [1, 2, 3].map { Located($0, at: SourceLocation(file: "<built-in>", line: 1, column: 1)) }
    }
    guard let items = decoder.values.sequence(node, what: "scales") else { return [] }
    if items.isEmpty {
      decoder.values.diagnostics.add(
        .valueOutOfRange, "a button is drawn at one scale at least; list 1, 1.5, 2, 3 or 4, or leave 'scales' out",
        at: node.location)
    }
    return items.compactMap { item in
      guard let value = decoder.values.number(item, what: "scale", in: 0...100) else { return nil }
      guard [1, 1.5, 2, 3, 4].contains(value) else {
        decoder.values.diagnostics.add(
          .valueOutOfRange, "scale \(item.scalar?.text ?? "") is not supported; use 1, 1.5, 2, 3 or 4",
          at: item.location)
        return nil
      }
      return Located(value, at: item.location)
    }
  }

  /// `appearances`: light when left out.
  mutating func appearances(_ node: SpecNode?) -> [Located<Appearance>] {
    guard let node, !node.isNull else {
      return [Located(.light, at: SourceLocation(file: "<built-in>", line: 1, column: 1))]
    }
    guard let items = decoder.values.sequence(node, what: "appearances") else { return [] }
    if items.isEmpty {
      decoder.values.diagnostics.add(
        .valueOutOfRange,
        "a button is drawn in one appearance at least; list light, dark or both, or leave 'appearances' out",
        at: node.location)
    }
    return items.compactMap { item in
      decoder.values.choice(item, what: "appearance", as: Appearance.self).map { Located($0, at: item.location) }
    }
  }

  /// Whether a mistake may have taken a fill the button was given: a gradient, background or
  /// tint that did not decode (in `looks`, the merged button and its states, since decoding
  /// began), a key the button does not have that reads as one misspelt (`tnit`), or a template
  /// that was not found or extends one not found. Its missing fill would then only repeat it.
  mutating func mayHaveLostFill(looks: [SpecNode], expansion: Expansion, extendsNode: SpecNode?) -> Bool {
    let listedTemplates = extendsNode.map { $0.isNull ? 0 : ($0.items?.count ?? 1) } ?? 0
    if !decoder.keysWithErrors.isDisjoint(with: LookDecoder.fillKeys) || expansion.templates.count < listedTemplates
      || expansion.templates.contains(where: { $0.hasErrors || $0.usesUnusableTemplate })
    {
      return true
    }
    for look in looks {
      for entry in look.entries ?? [] where !SpecKeys.button.contains(entry.key) {
        if readsAsFill(entry.key) { return true }
      }
    }
    return false
  }

  /// Whether `key`, one a button does not have, is closest to a fill key (`backgrund`, `tnit`).
  private mutating func readsAsFill(_ key: String) -> Bool {
    if let known = misspeltFills[key] { return known }
    let answer = Suggestion.closest(to: key, in: SpecKeys.button).map(LookDecoder.fillKeys.contains) ?? false
    misspeltFills[key] = answer
    return answer
  }
}

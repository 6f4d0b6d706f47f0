extension ValueDecoder {
  /// A colour in any of the spec format's forms: text, `{color, alpha}` or `{light, dark}`.
  mutating func color(_ node: SpecNode, what: String) -> Located<ColorSpec>? {
    colorSpec(node, what: what).map { Located($0, at: node.location) }
  }

  private mutating func colorSpec(_ node: SpecNode, what: String) -> ColorSpec? {
    if let entries = node.entries {
      checkKeys(of: node, known: SpecKeys.nested["color"]!, place: "a colour")
      let keys = Set(entries.map(\.key))
      // Maps merge key by key: a `{color}` laid over a template's `{light, dark}` (or under
      // it) holds both, and neither may be dropped unsaid.
      if let color = entries.first(where: { $0.key == "color" }),
        let other = entries.first(where: { $0.key == "light" || $0.key == "dark" })
      {
        diagnostics.add(
          .wrongType,
          "a colour is '{color, alpha}' or '{light, dark}'; this one has both 'color' and '\(other.key)' (maps merge "
            + "key by key, so one came from a template, the defaults or the state's button)",
          at: color.keyLocation,
          notes: [
            .init("'\(other.key)' is written here", at: other.keyLocation),
            .init("write the colour whole where it is overridden, in one form: 'red' replaces either"),
          ])
        return nil
      }
      if keys.contains("light") || keys.contains("dark") {
        guard let light = node["light"], let dark = node["dark"] else {
          if allowsIncompleteColorMaps { return checkIncomplete(node, what: what) }
          diagnostics.add(.missingKey, "a light/dark colour needs both 'light' and 'dark'", at: node.location)
          return nil
        }
        let lightSpec = colorSpec(light, what: "\(what) (light)")
        let darkSpec = colorSpec(dark, what: "\(what) (dark)")
        guard let lightSpec, let darkSpec else { return nil }
        let spec = ColorSpec.appearance(light: lightSpec, dark: darkSpec)
        return multiplyAlpha(spec, from: node)
      }
      guard let base = node["color"] else {
        if allowsIncompleteColorMaps { return checkIncomplete(node, what: what) }
        diagnostics.add(.missingKey, "a colour map needs 'color' (and optionally 'alpha')", at: node.location)
        return nil
      }
      guard let spec = colorSpec(base, what: what) else { return nil }
      return multiplyAlpha(spec, from: node)
    }
    guard let scalar = node.scalar, !node.isNull else {
      wrongType(node, expected: "a colour for \(what)")
      return nil
    }
    switch ColorParser.parse(scalar.text) {
    case .success(let spec): return spec
    case .failure(let error):
      diagnostics.add(.badColor, error.message, at: node.location)
      return nil
    }
  }

  /// Reports a colour written as nothing (`key:`): usually an unquoted "#colour" that YAML read
  /// as a comment, where `~` would unset the key.
  mutating func reportEmptyColor(_ node: SpecNode, what: String) {
    if node.isNull, node.scalar?.text == "" { wrongType(node, expected: "a colour for \(what)") }
  }

  /// `nil`, after checking what an incomplete colour map (`{dark: …}`, `{alpha: …}`) does
  /// write, which the layers laid over it may complete.
  private mutating func checkIncomplete(_ node: SpecNode, what: String) -> ColorSpec? {
    for key in ["light", "dark"] {
      if let written = node[key] { _ = colorSpec(written, what: "\(what) (\(key))") }
    }
    _ = multiplyAlpha(.tint, from: node)
    return nil
  }

  private mutating func multiplyAlpha(_ spec: ColorSpec, from node: SpecNode) -> ColorSpec? {
    guard let alphaNode = node.value(of: "alpha") else { return spec }
    guard let alpha = number(alphaNode, what: "alpha", in: 0...1) else { return nil }
    return .multipliedAlpha(spec, alpha)
  }
}

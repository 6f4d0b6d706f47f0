import ButtonCore

extension ResolutionSession {
  /// The built-in overrides of a state the spec does not override (RVS_MaskButton dims
  /// highlighted buttons to a quarter).
  static func builtInOverrides(for state: ButtonState, at location: SourceLocation) -> SpecNode? {
    guard state == .highlighted else { return nil }
    let opacity = SpecNode(.scalar(.init(text: "0.25", isQuoted: false)), at: location)
    return SpecNode(.mapping([.init(key: "opacity", keyLocation: location, value: opacity)]), at: location)
  }

  /// The rendered states of a merged button map and their decoded looks. (Its keys are checked
  /// where they are written: `checkKeys(of:place:)`.)
  mutating func states(of merged: SpecNode, place: String, defaultLocation: SourceLocation) -> [StateLook] {
    let base = merged.removing(keys: Set(SpecKeys.buttonOnly))
    var listed: [(state: ButtonState, location: SourceLocation, overrides: SpecNode?)] = []
    if let statesNode = merged["states"], !statesNode.isNull {
      for entry in decoder.values.mapping(statesNode, what: "states") ?? [] {
        guard let state = ButtonState(rawValue: entry.key) else {
          decoder.values.diagnostics.add(
            .unknownState,
            Suggestion.message(
              "unknown state '\(Diagnostic.shown(entry.key))'; states are \(ButtonState.allCases.map(\.rawValue).joined(separator: ", "))",
              for: entry.key, in: ButtonState.allCases.map(\.rawValue)),
            at: entry.keyLocation)
          continue
        }
        listed.append((state, entry.keyLocation, overrides(entry.value, state: state)))
      }
      if !listed.contains(where: { $0.state == .normal }) {
        listed.append((.normal, defaultLocation, nil))
      }
    } else {
      listed = ButtonState.implicitStates.map { ($0, defaultLocation, nil) }
    }
    let explicit = merged["states"] != nil
    let normalOverrides = listed.first { $0.state == .normal }?.overrides
    let normalText = normalOverrides?["text"]
    return listed.sorted { $0.state < $1.state }.map { item in
      var node = base
      // Only a state the specs leave as it is (`highlighted: {}`, or not written) takes the
      // built-in look: it looks like `normal`, with what `normal`'s overrides change (and
      // `highlighted` dimmed). One given overrides is the button with what they say.
      let leftAsItIs = item.overrides?.entries?.isEmpty ?? true
      if leftAsItIs, item.state != .normal, let normalOverrides {
        node = node.merged(with: normalOverrides)
      }
      if leftAsItIs, let builtIn = Self.builtInOverrides(for: item.state, at: item.location) {
        node = node.merged(with: builtIn)
      }
      if item.state != .normal, let normalText, item.overrides?["text"] == nil {
        node = node.merged(
          with: SpecNode(
            .mapping([.init(key: "text", keyLocation: normalText.location, value: normalText)]), at: normalText.location
          ))
      }
      if let overrides = item.overrides {
        node = node.merged(with: overrides)
      }
      let look = decoder.decode(node)
      var stateLook = StateLook(
        state: item.state, location: item.location, isExplicit: explicit && item.location != defaultLocation,
        look: look)
      // Decoded for each state (a mistake in the button's is reported once: the same diagnostic).
      if let stretch = node["stretch"], !stretch.isNull {
        stateLook.stretch = decoder.values.stretch(stretch)
      }
      if let intent = node["render-as"], !intent.isNull {
        stateLook.renderAs = decoder.values.choice(intent, what: "render-as", as: RenderIntent.self).map {
          Located($0, at: intent.location)
        }
      }
      return stateLook
    }
  }

  /// A state's overrides map, without the keys a state may not set.
  private mutating func overrides(_ node: SpecNode, state: ButtonState) -> SpecNode? {
    guard !node.isNull else { return nil }
    guard let entries = decoder.values.mapping(node, what: "the overrides of state '\(state.rawValue)'") else {
      return nil
    }
    decoder.values.checkKeys(of: node, known: SpecKeys.button, place: "state '\(state.rawValue)'")
    for entry in entries where SpecKeys.buttonOnly.contains(entry.key) {
      decoder.values.diagnostics.add(
        .notAllowedInState, "'\(entry.key)' applies to the whole button and cannot be set per state",
        at: entry.keyLocation)
    }
    return node.removing(keys: Set(SpecKeys.buttonOnly))
  }
}

import ButtonCore

/// Decodes the look keys of a merged button or state map into a `ButtonLook`.
///
/// A key whose value is null (`text: ~`) is unset: the built-in default applies.
struct LookDecoder {
  var values = ValueDecoder()

  /// Keys whose value is a colour.
  static let colorKeys: Set<String> = ["gradient", "background", "tint", "content-color", "overlay"]
  /// The keys that give a button its fill.
  static let fillKeys: Set<String> = ["gradient", "background", "tint"]

  /// The look keys whose values had errors, in every look decoded since it was last emptied.
  var keysWithErrors: Set<String> = []

  /// The look described by `node`'s look keys; other keys are the caller's to check.
  mutating func decode(_ node: SpecNode) -> ButtonLook {
    var look = ButtonLook()
    for entry in node.entries ?? [] where SpecKeys.look.contains(entry.key) {
      let errorsBefore = values.diagnostics.errorsAdded
      if entry.value.isNull {
        // `key: ~` unsets; `key:` with nothing after it is usually an unquoted "#colour" comment.
        if Self.colorKeys.contains(entry.key) { values.reportEmptyColor(entry.value, what: entry.key) }
      } else {
        apply(entry, to: &look)
      }
      if values.diagnostics.errorsAdded > errorsBefore { keysWithErrors.insert(entry.key) }
    }
    return look
  }

  private mutating func apply(_ entry: SpecNode.Entry, to look: inout ButtonLook) {
    let node = entry.value
    switch entry.key {
    case "style": look.style = values.choice(node, what: "style", as: ButtonStyle.self) ?? look.style
    case "gradient": look.gradient = gradient(node)
    case "background": look.background = values.color(node, what: "background")
    case "tint": look.tint = values.color(node, what: "tint")
    case "corner-radius":
      look.cornerRadius = values.length(node, what: "corner-radius", maximumPoints: 10_000) ?? look.cornerRadius
    case "border": look.border = border(node)
    case "shadow": look.shadow = shadow(node)
    case "text":
      look.text = nil
      look.textKey = nil
      if node.entries != nil {
        values.checkKeys(of: node, known: SpecKeys.nested["text"]!, place: "text")
        guard let key = node["string"] else {
          values.diagnostics.add(
            .missingKey, "a localized text names its key: 'text: {string: KEY}'", at: node.location)
          return
        }
        look.textKey = values.string(key, what: "a string key").map { Located($0, at: key.location) }
      } else {
        look.text = values.string(node, what: "text").flatMap { label(Located($0, at: node.location)) }
      }
    case "font": look.font = font(node) ?? look.font
    case "content-color": look.contentColor = values.color(node, what: "content-color")
    case "fit": look.fit = fit(node)
    case "padding": look.padding = values.insets(node, what: "padding") ?? look.padding
    case "image": look.image = image(node)
    case "overlay": look.overlay = values.color(node, what: "overlay")
    case "opacity": look.opacity = values.number(node, what: "opacity", in: 0...1) ?? look.opacity
    case "mask": look.mask = mask(node)
    case "spinner": look.spinner = spinner(node)
    case "hit-mask": look.hitMask = hitMask(node)
    default: break
    }
  }

  /// The `color` of a property's map (`border`, `shadow`, `spinner`), unless it is unset (`~`).
  /// `color:` with nothing after it is usually an unquoted "#colour" that YAML read as a
  /// comment: said so, as for a colour of the button.
  mutating func colorValue(of node: SpecNode, what: String) -> SpecNode? {
    if let color = node["color"] { values.reportEmptyColor(color, what: what) }
    return node.value(of: "color")
  }
}

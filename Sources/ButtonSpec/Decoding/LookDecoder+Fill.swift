import ButtonCore

extension LookDecoder {
  /// A colour, a list of evenly spaced colours, or `{colors | stops, angle}`.
  mutating func gradient(_ node: SpecNode) -> GradientSpec? {
    if let items = node.items {
      return GradientSpec(stops: evenlySpaced(items))
    }
    // A map is a gradient when it has a gradient's keys, a colour when it has a colour's keys
    // only, and otherwise a gradient misspelt (`stop`, `colours`, `angel` get their did-you-mean
    // among a gradient's keys).
    let keys = Set(node.entries?.map(\.key) ?? [])
    let isColor =
      keys.isDisjoint(with: SpecKeys.nested["gradient"]!) && !keys.isDisjoint(with: SpecKeys.nested["color"]!)
    guard node.entries != nil, !isColor else {
      return values.color(node, what: "gradient").map { GradientSpec(stops: [GradientStop(color: $0, position: 0)]) }
    }
    // A template may give only the angle, for the buttons to give the colours.
    values.checkKeys(of: node, known: SpecKeys.nested["gradient"]!, place: "gradient")
    var gradient = GradientSpec(stops: [])
    if let angle = node.value(of: "angle") {
      gradient.angle = values.number(angle, what: "angle", in: -180...180) ?? 0
    }
    if node.value(of: "colors") != nil, let stops = node.value(of: "stops") {
      values.diagnostics.add(.wrongType, "a gradient has 'colors' or 'stops', not both", at: stops.location)
    } else if let colors = node.value(of: "colors"), let items = values.sequence(colors, what: "gradient colors") {
      gradient.stops = evenlySpaced(items)
    } else if let stops = node.value(of: "stops"), let items = values.sequence(stops, what: "gradient stops") {
      gradient.stops = explicitStops(items)
    }
    return gradient
  }

  private mutating func evenlySpaced(_ items: [SpecNode]) -> [GradientStop] {
    let colors = items.enumerated().compactMap { index, item in
      values.color(item, what: "gradient colour").map { (index, $0) }
    }
    let last = Double(max(items.count - 1, 1))
    return colors.map { GradientStop(color: $0.1, position: Double($0.0) / last) }
  }

  private mutating func explicitStops(_ items: [SpecNode]) -> [GradientStop] {
    var stops: [GradientStop] = []
    for item in items {
      guard values.mapping(item, what: "a gradient stop") != nil else { continue }
      values.checkKeys(of: item, known: SpecKeys.nested["stop"]!, place: "a gradient stop")
      guard let colorNode = item["color"], let atNode = item["at"] else {
        values.diagnostics.add(.missingKey, "a gradient stop needs 'color' and 'at'", at: item.location)
        continue
      }
      let color = values.color(colorNode, what: "stop colour")
      let position = values.number(atNode, what: "stop position", in: 0...1)
      guard let color, let position else { continue }
      if let previous = stops.last, position < previous.position {
        values.diagnostics.add(
          .valueOutOfRange, "stop position \(position) comes before the previous stop's \(previous.position)",
          at: atNode.location, notes: [.init("stops are listed in increasing order; equal positions make a hard edge")])
        continue
      }
      stops.append(GradientStop(color: color, position: position))
    }
    return stops
  }

  /// `{width, color, align}`.
  mutating func border(_ node: SpecNode) -> BorderSpec? {
    guard values.mapping(node, what: "border") != nil else { return nil }
    values.checkKeys(of: node, known: SpecKeys.nested["border"]!, place: "border")
    var border = BorderSpec()
    if let width = node.value(of: "width") {
      border.width = values.number(width, what: "border width", in: 0...1000) ?? 0
    }
    if let color = colorValue(of: node, what: "border color") {
      border.color = values.color(color, what: "border color")
    }
    if let align = node.value(of: "align") {
      border.align = values.choice(align, what: "border alignment", as: BorderAlignment.self) ?? .inside
    }
    return border
  }

  /// `true`, `false` or `{offset, blur, color, opacity}`.
  mutating func shadow(_ node: SpecNode) -> ShadowSpec? {
    if node.scalar != nil {
      return values.bool(node, what: "shadow") == true ? ShadowSpec() : nil
    }
    guard values.mapping(node, what: "shadow") != nil else { return nil }
    values.checkKeys(of: node, known: SpecKeys.nested["shadow"]!, place: "shadow")
    var shadow = ShadowSpec()
    if let offset = node.value(of: "offset"), let size = values.size(offset, what: "shadow offset", in: -1000...1000) {
      shadow.offsetX = size.width
      shadow.offsetY = size.height
    }
    if let blur = node.value(of: "blur") {
      shadow.blur = values.number(blur, what: "shadow blur", in: 0...250) ?? shadow.blur
    }
    if let color = colorValue(of: node, what: "shadow color") {
      shadow.color = values.color(color, what: "shadow color")
    }
    if let opacity = node.value(of: "opacity") {
      shadow.opacity = values.number(opacity, what: "shadow opacity", in: 0...1) ?? shadow.opacity
    }
    return shadow
  }
}

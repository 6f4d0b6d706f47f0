import ButtonCore

extension ValueDecoder {
  /// `stretch: {insets: [top, left, bottom, right], center: stretch | tile}` or
  /// `stretch: {x: [[from, to], ...], y: [[from, to], ...], content: [top, left, bottom, right]}`,
  /// in points from the image's edges. A zero pair of cap insets leaves that axis fixed. Regions
  /// and insets are checked against each state's image by the validator.
  mutating func stretch(_ node: SpecNode) -> StretchSpec? {
    guard mapping(node, what: "stretch") != nil else { return nil }
    checkKeys(of: node, known: SpecKeys.nested["stretch"]!, place: "stretch")
    var spec = StretchSpec(x: [], y: [], insets: nil, content: nil, center: .stretch, location: node.location)
    if let center = node.value(of: "center") {
      spec.center = choice(center, what: "stretch center", as: Stretch.Center.self) ?? .stretch
      spec.centerLocation = center.location
    }
    if let insets = node.value(of: "insets") {
      if node.value(of: "x") != nil || node.value(of: "y") != nil {
        diagnostics.add(
          .invalidStretch, "stretch takes either 'insets' or 'x' and 'y' regions, not both", at: insets.location)
        return nil
      }
      guard let sides = sides(insets, what: "stretch insets") else { return nil }
      guard sides.contains(where: { $0 != 0 }) else {
        diagnostics.add(.valueOutOfRange, "stretch insets are all zero, so nothing stretches", at: insets.location)
        return nil
      }
      spec.insets = Located(
        Insets(top: sides[0], right: sides[3], bottom: sides[2], left: sides[1]), at: insets.location)
    } else {
      let errorsBefore = diagnostics.errorsAdded
      spec.x = node.value(of: "x").map { regions($0, what: "stretch x") } ?? []
      spec.y = node.value(of: "y").map { regions($0, what: "stretch y") } ?? []
      // Regions that were all mistakes are reported already.
      guard diagnostics.errorsAdded == errorsBefore || !(spec.x.isEmpty && spec.y.isEmpty) else { return nil }
      if spec.x.isEmpty, spec.y.isEmpty {
        diagnostics.add(.invalidStretch, "stretch needs 'insets', or 'x' or 'y' regions", at: node.location)
        return nil
      }
    }
    if let content = node.value(of: "content"), let sides = sides(content, what: "stretch content") {
      spec.content = Located(
        Insets(top: sides[0], right: sides[3], bottom: sides[2], left: sides[1]), at: content.location)
    }
    return spec
  }

  /// `[top, left, bottom, right]` in points (the order of UIKit's edge insets).
  private mutating func sides(_ node: SpecNode, what: String) -> [Double]? {
    guard let items = sequence(node, what: what) else { return nil }
    guard items.count == 4 else {
      wrongType(node, expected: "[top, left, bottom, right] in points for \(what)")
      return nil
    }
    let values = items.compactMap { number($0, what: what, in: 0...8192) }
    return values.count == 4 ? values : nil
  }

  /// `[[from, to], ...]` in points.
  private mutating func regions(_ node: SpecNode, what: String) -> [Located<StretchRegion>] {
    guard let items = sequence(node, what: what) else { return [] }
    return items.compactMap { item in
      guard let pair = item.items, pair.count == 2 else {
        wrongType(item, expected: "[from, to] in points for \(what)")
        return nil
      }
      guard let from = number(pair[0], what: what, in: 0...8192), let to = number(pair[1], what: what, in: 0...8192)
      else { return nil }
      guard from < to else {
        diagnostics.add(
          .valueOutOfRange, "\(what) region [\(formatNumber(from)), \(formatNumber(to))] ends before it starts",
          at: item.location)
        return nil
      }
      return Located(StretchRegion(from: from, to: to), at: item.location)
    }
  }
}

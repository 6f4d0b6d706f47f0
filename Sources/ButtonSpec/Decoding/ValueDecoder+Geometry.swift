import ButtonCore
import Foundation

extension ValueDecoder {
  /// `[w, h]` or `{width, height}` in points, each in `range`.
  mutating func size(_ node: SpecNode, what: String, in range: ClosedRange<Double>) -> Size? {
    if let items = node.items {
      guard items.count == 2 else {
        diagnostics.add(
          .wrongType,
          "expected [width, height] for \(what), found a list of \(items.count) \(items.count == 1 ? "item" : "items")",
          at: node.location)
        return nil
      }
      let width = number(items[0], what: "\(what) width", in: range)
      let height = number(items[1], what: "\(what) height", in: range)
      guard let width, let height else { return nil }
      return Size(width: width, height: height)
    }
    if node.entries != nil {
      checkKeys(of: node, known: SpecKeys.nested["size"]!, place: what)
      guard let widthNode = node["width"], let heightNode = node["height"] else {
        diagnostics.add(.missingKey, "\(what) needs 'width' and 'height'", at: node.location)
        return nil
      }
      let width = number(widthNode, what: "\(what) width", in: range)
      let height = number(heightNode, what: "\(what) height", in: range)
      guard let width, let height else { return nil }
      return Size(width: width, height: height)
    }
    wrongType(node, expected: "[width, height] or {width, height} for \(what)")
    return nil
  }

  /// Points, `"N%"` of the height, or `"floor(N%)"`, the same rounded down to whole points.
  mutating func length(_ node: SpecNode, what: String, maximumPoints: Double) -> Length? {
    let expected = "points, \"N%\" or \"floor(N%)\" for \(what)"
    if let scalar = node.scalar, scalar.text.hasSuffix("%") || scalar.text.hasSuffix("%)") {
      var text = Substring(scalar.text)
      let floored = text.hasPrefix("floor(") && text.hasSuffix("%)")
      if floored { text = text.dropFirst("floor(".count).dropLast() }
      guard text.hasSuffix("%"), let percent = Double(text.dropLast().trimmingSpaces()), percent.isFinite else {
        wrongType(node, expected: expected)
        return nil
      }
      guard (0...100).contains(percent) else {
        diagnostics.add(.valueOutOfRange, "\(what) \(scalar.text) is out of range 0%...100%", at: node.location)
        return nil
      }
      return floored ? .flooredPercent(percent) : .percent(percent)
    }
    if let scalar = node.scalar, !scalar.isQuoted, Double(scalar.text) == nil {
      wrongType(node, expected: expected)
      return nil
    }
    return number(node, what: what, in: 0...maximumPoints).map(Length.points)
  }

  /// Points, `[vertical, horizontal]` or `[top, right, bottom, left]`.
  mutating func insets(_ node: SpecNode, what: String) -> Insets? {
    let range = 0.0...1000
    if let items = node.items {
      let values = items.map { number($0, what: what, in: range) }
      guard values.allSatisfy({ $0 != nil }) else { return nil }
      let sides = values.map { $0! }
      switch sides.count {
      case 2: return Insets(top: sides[0], right: sides[1], bottom: sides[0], left: sides[1])
      case 4: return Insets(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
      default:
        wrongType(node, expected: "points, [vertical, horizontal] or [top, right, bottom, left] for \(what)")
        return nil
      }
    }
    return number(node, what: what, in: range).map(Insets.init(all:))
  }

  /// A file path, resolved against the file that names it.
  mutating func file(_ node: SpecNode, what: String) -> FileReference? {
    guard let path = string(node, what: what) else { return nil }
    guard !path.isEmpty else {
      wrongType(node, expected: "a file path for \(what)")
      return nil
    }
    return FileReference(path: path, at: node.location, workingDirectory: workingDirectory)
  }
}

import ButtonCore

extension LookDecoder {
  static let fontWeights: [String: Int] = [
    "thin": 100, "ultralight": 200, "extralight": 200, "light": 300, "regular": 400, "normal": 400,
    "medium": 500, "semibold": 600, "bold": 700, "heavy": 800, "extrabold": 800, "black": 900,
  ]

  /// `{family, file, size, weight, italic}`.
  mutating func font(_ node: SpecNode) -> FontSpec? {
    guard values.mapping(node, what: "font") != nil else { return nil }
    values.checkKeys(of: node, known: SpecKeys.nested["font"]!, place: "font")
    var font = FontSpec()
    if let family = node.value(of: "family"), let name = fontFamily(family) {
      font.family = name
      font.familyLocation = family.location
    }
    if let file = node.value(of: "file") { font.file = values.file(file, what: "font file") }
    if let size = node.value(of: "size") {
      font.size = values.number(size, what: "font size", in: 1...1000) ?? font.size
    }
    if let weight = node.value(of: "weight") { font.weight = fontWeight(weight) ?? font.weight }
    if let italic = node.value(of: "italic") { font.italic = values.bool(italic, what: "italic") ?? false }
    return font
  }

  /// A family name, or families in order of preference: `"DejaVu Sans, VL Gothic"` or
  /// `[DejaVu Sans, VL Gothic]`, which is the same list.
  private mutating func fontFamily(_ node: SpecNode) -> String? {
    guard let items = node.items else {
      guard let text = values.string(node, what: "font family") else { return nil }
      // The same list written with commas: each name is a name (`"DejaVu Sans, "` names none second).
      if text.split(separator: ",", omittingEmptySubsequences: false).contains(where: { $0.allSatisfy(\.isWhitespace) })
      {
        values.diagnostics.add(
          .valueOutOfRange,
          text.allSatisfy(\.isWhitespace)
            ? "the font family is empty" : "'\(Diagnostic.shown(text))' lists an empty font family name",
          at: node.location)
        return nil
      }
      return text
    }
    var names: [String] = []
    for item in items {
      guard let name = values.string(item, what: "font family") else { continue }
      // One name each: a comma would make two of it.
      guard !name.contains(","), !name.allSatisfy(\.isWhitespace) else {
        values.diagnostics.add(
          .valueOutOfRange, "'\(Diagnostic.shown(name))' is not one font family name", at: item.location)
        continue
      }
      names.append(name)
    }
    if items.isEmpty {
      values.diagnostics.add(.valueOutOfRange, "the list of font families is empty", at: node.location)
    }
    return names.count == items.count && !names.isEmpty ? names.joined(separator: ", ") : nil
  }

  private mutating func fontWeight(_ node: SpecNode) -> Int? {
    if let scalar = node.scalar, let weight = Self.fontWeights[scalar.text.lowercased()] { return weight }
    if let scalar = node.scalar, !scalar.isQuoted, Double(scalar.text) != nil {
      return values.integer(node, what: "font weight", in: 100...900)
    }
    let names = Self.fontWeights.keys.sorted()
    values.diagnostics.add(
      .valueOutOfRange,
      Suggestion.message(
        "'\(node.scalar?.text ?? "")' is not a font weight; use 100...900 or thin, light, regular, medium, semibold, bold, heavy, black",
        for: node.scalar?.text ?? "", in: names),
      at: node.location)
    return nil
  }

  /// `false` or `{min-scale, step}`.
  mutating func fit(_ node: SpecNode) -> FitSpec? {
    if node.scalar != nil {
      return values.bool(node, what: "fit") == true ? FitSpec() : nil
    }
    guard values.mapping(node, what: "fit") != nil else { return FitSpec() }
    values.checkKeys(of: node, known: SpecKeys.nested["fit"]!, place: "fit")
    var fit = FitSpec()
    if let minimum = node.value(of: "min-scale") {
      fit.minScale = values.number(minimum, what: "min-scale", in: 0.01...1) ?? fit.minScale
    }
    if let step = node.value(of: "step") { fit.step = values.number(step, what: "fit step", in: 0.001...1) ?? fit.step }
    return fit
  }

  /// `{file, template, size, position, spacing}`.
  mutating func image(_ node: SpecNode) -> ImageSpec? {
    guard values.mapping(node, what: "image") != nil else { return nil }
    values.checkKeys(of: node, known: SpecKeys.nested["image"]!, place: "image")
    // Every value is checked, with or without a usable file.
    let file = node.value(of: "file").flatMap { values.file($0, what: "image file") }
    if node.value(of: "file") == nil { values.diagnostics.add(.missingKey, "image needs 'file'", at: node.location) }
    let template = node.value(of: "template").map { values.bool($0, what: "template") ?? false }
    let size = node.value(of: "size").map { values.size($0, what: "image size", in: 0.01...8192) }
    let position = node.value(of: "position").map { values.choice($0, what: "image position", as: ImagePosition.self) }
    let spacing = node.value(of: "spacing").flatMap { values.number($0, what: "image spacing", in: 0...1000) }
    guard let file else { return nil }
    var image = ImageSpec(file: file)
    if let template { image.template = template }
    if let size { image.size = size }
    if let position { image.position = position }
    if let spacing { image.spacing = spacing }
    return image
  }

  /// `{file, mode, invert}` or `{inset, alpha, invert}`.
  mutating func mask(_ node: SpecNode) -> MaskSpec? {
    guard values.mapping(node, what: "mask") != nil else { return nil }
    values.checkKeys(of: node, known: SpecKeys.nested["mask"]!, place: "mask")
    // Every value is checked, with or without a usable source.
    let mode = node.value(of: "mode").map { values.choice($0, what: "mask mode", as: MaskMode.self) ?? .alpha }
    let invert = node.value(of: "invert").map { values.bool($0, what: "invert") ?? false }
    let source: MaskSource
    if let fileNode = node.value(of: "file") {
      guard let file = values.file(fileNode, what: "mask file") else { return nil }
      source = .file(file)
    } else if let insetNode = node.value(of: "inset") {
      let alpha = node.value(of: "alpha").flatMap { values.number($0, what: "mask alpha", in: 0...1) } ?? 0
      guard let inset = values.length(insetNode, what: "mask inset", maximumPoints: 10_000) else { return nil }
      source = .window(inset: inset, alpha: alpha)
    } else {
      values.diagnostics.add(
        .missingKey, "mask needs 'file' (a PNG) or 'inset' (a see-through window)", at: node.location)
      return nil
    }
    var mask = MaskSpec(source: source)
    if let mode { mask.mode = mode }
    if let invert { mask.invert = invert }
    return mask
  }

  /// `true` or `{size, color, position, frames, spokes}`.
  mutating func spinner(_ node: SpecNode) -> SpinnerSpec? {
    if node.scalar != nil {
      return values.bool(node, what: "spinner") == true ? SpinnerSpec() : nil
    }
    guard values.mapping(node, what: "spinner") != nil else { return nil }
    values.checkKeys(of: node, known: SpecKeys.nested["spinner"]!, place: "spinner")
    var spinner = SpinnerSpec()
    if let size = node.value(of: "size") {
      spinner.size = values.number(size, what: "spinner size", in: 1...1000) ?? spinner.size
    }
    if let color = colorValue(of: node, what: "spinner color") {
      spinner.color = values.color(color, what: "spinner color")
    }
    if let position = node.value(of: "position") { spinner.position = spinnerPosition(position) ?? .leading }
    if let frames = node.value(of: "frames") {
      spinner.frames = values.integer(frames, what: "spinner frames", in: 1...120) ?? 1
    }
    if let spokes = node.value(of: "spokes") {
      spinner.spokes = values.integer(spokes, what: "spinner spokes", in: 3...60) ?? 12
    }
    if let period = node.value(of: "period") {
      spinner.period = values.number(period, what: "spinner period", in: 0.05...60) ?? spinner.period
    }
    return spinner
  }

  private mutating func spinnerPosition(_ node: SpecNode) -> SpinnerPosition? {
    if node.items != nil {
      return values.size(node, what: "spinner position", in: -10_000...10_000).map { .point(x: $0.width, y: $0.height) }
    }
    switch values.string(node, what: "spinner position") {
    case "leading": return .leading
    case "center": return .center
    case "trailing": return .trailing
    case let text?:
      values.diagnostics.add(
        .valueOutOfRange, "'\(text)' is not a spinner position; use leading, center, trailing or [x, y]",
        at: node.location)
      return nil
    case nil: return nil
    }
  }

  /// `true`, `false` or `{threshold}`.
  mutating func hitMask(_ node: SpecNode) -> HitMaskSpec? {
    if node.scalar != nil {
      return values.bool(node, what: "hit-mask") == true ? HitMaskSpec() : nil
    }
    guard values.mapping(node, what: "hit-mask") != nil else { return nil }
    values.checkKeys(of: node, known: SpecKeys.nested["hit-mask"]!, place: "hit-mask")
    guard let threshold = node.value(of: "threshold") else { return HitMaskSpec() }
    return values.number(threshold, what: "hit-mask threshold", in: 0...1).map(HitMaskSpec.init(threshold:))
  }
}

extension LookDecoder {
  /// `text` when it can be drawn as a label (`LabelText`); otherwise `nil`, with the reason reported.
  mutating func label(_ text: Located<String>) -> Located<String>? {
    guard let problem = LabelText.problem(text) else { return text }
    values.diagnostics.add(problem)
    return nil
  }
}

import ButtonCore

/// Resolves colours as written to RGBA for one appearance of one state of a button.
public struct ColorResolver: Sendable {
  /// The button's palette.
  public var palette: Palette
  /// Light or dark.
  public var appearance: Appearance
  /// The state's look, for `$tint` and `$background`.
  public var look: ButtonLook

  /// Creates a resolver.
  public init(palette: Palette, appearance: Appearance, look: ButtonLook) {
    self.palette = palette
    self.appearance = appearance
    self.look = look
  }

  /// The most palette names (and `$tint`, `$background`) one colour may go through.
  public static let maximumDepth = 32

  /// The colour `color` means here.
  public func resolve(_ color: Located<ColorSpec>) throws(ColorResolutionError) -> RGBA {
    try resolve(color.value, at: color.location, visiting: [])
  }

  /// The fill's stops: the gradient's, or the start colour of the fallback chain (background,
  /// tint, the palette's `AccentColor`) as a solid fill.
  public func fillStops(at location: SourceLocation) throws(ColorResolutionError) -> [(color: RGBA, position: Double)] {
    if let stops = look.gradient?.stops, !stops.isEmpty {
      var resolved: [(color: RGBA, position: Double)] = []
      for stop in stops { resolved.append((try resolve(stop.color), stop.position)) }
      return resolved
    }
    guard let start = look.background ?? look.tint ?? palette.entry(named: "AccentColor") else {
      throw ColorResolutionError(
        diagnostic: Diagnostic(
          .unresolvedColor,
          "no fill colour: tried the gradient, background, tint (also from templates and defaults) and the palette's AccentColor",
          at: location,
          notes: [.init("set 'gradient', 'background' or 'tint', or add 'AccentColor' to the palette")]),
        alreadyReported: palette.isUnreadable("AccentColor"))
    }
    return [(try resolve(start), 0)]
  }

  private func resolve(_ spec: ColorSpec, at location: SourceLocation, visiting: [String]) throws(ColorResolutionError)
    -> RGBA
  {
    switch spec {
    case .literal(let color):
      return color
    case .appearance(let light, let dark):
      return try resolve(appearance == .light ? light : dark, at: location, visiting: visiting)
    case .multipliedAlpha(let base, let factor):
      var color = try resolve(base, at: location, visiting: visiting)
      color.alpha *= factor
      return color
    case .palette(let name):
      guard let entry = palette.entry(named: name) else {
        throw ColorResolutionError(
          diagnostic: Diagnostic(
            .unknownPaletteName,
            Suggestion.message(
              "unknown palette name '$\(Diagnostic.shown(name))'", for: name, in: palette.names),
            at: location),
          alreadyReported: palette.isUnreadable(name))
      }
      return try follow(name, entry, from: location, visiting: visiting)
    case .tint, .background:
      let name = spec == .tint ? "$tint" : "$background"
      guard let own = spec == .tint ? look.tint : look.background else {
        throw ColorResolutionError(
          diagnostic: Diagnostic(
            .unresolvedColor, "'\(name)' is used but the button has no \(name.dropFirst())", at: location))
      }
      return try follow(name, own, from: location, visiting: visiting)
    }
  }

  private func follow(_ name: String, _ target: Located<ColorSpec>, from location: SourceLocation, visiting: [String])
    throws(ColorResolutionError) -> RGBA
  {
    guard visiting.count < Self.maximumDepth else {
      throw ColorResolutionError(
        diagnostic: Diagnostic(
          .nestingTooDeep,
          "colour '$\(visiting[0])' goes through more than \(Self.maximumDepth) palette names (here, to '$\(name)')",
          at: location, notes: [.init("name the colour directly, or through fewer palette entries")]))
    }
    guard !visiting.contains(name) else {
      throw ColorResolutionError(
        diagnostic: Diagnostic(
          .unresolvedColor,
          "colour '\(name)' refers to itself through \((visiting + [name]).joined(separator: " -> "))",
          at: location))
    }
    return try resolve(target.value, at: target.location, visiting: visiting + [name])
  }
}

/// A colour that cannot be resolved, with the diagnostic that says why.
public struct ColorResolutionError: Error, Sendable {
  /// The diagnostic to report.
  public var diagnostic: Diagnostic
  /// Whether the cause was reported where it is written (a palette entry that did not decode),
  /// so this would only repeat it.
  public var alreadyReported = false
}

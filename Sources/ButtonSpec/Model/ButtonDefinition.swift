import ButtonCore

/// One button after loading, merging and decoding: what the planner expands into jobs.
public struct ButtonDefinition: Sendable {
  /// The asset name.
  public var name: String
  /// Where the button's name was written.
  public var location: SourceLocation
  /// Drawing size in points.
  public var size: Size
  /// Where `size` was written (the button's, a template's or the file defaults').
  public var sizeLocation: SourceLocation
  /// Scales in the order written: 1, 1.5, 2, 3 or 4.
  public var scales: [Located<Double>]
  /// Appearances in the order written.
  public var appearances: [Located<Appearance>]
  /// The rendered states in `ButtonState` order, `normal` first.
  public var states: [StateLook]
  /// Named colours visible to this button: its templates' palettes under its file's.
  public var palette: Palette
  /// How small the button may be before `small-touch-target` warns.
  public var touchTarget = Located(TouchTargetSpec.platform, at: SourceLocation(file: "<built-in>", line: 1, column: 1))
  /// Whether resolving the button reported errors; checks that would only repeat them (such
  /// as the fill fallback after an invalid gradient) are skipped.
  public var hasErrors = false
  /// Whether a mistake may have taken the fill the button was given: a gradient, background or
  /// tint that did not decode, a key it does not have that reads as one misspelt (`tnit`), or
  /// a template that was not found. A missing fill would then only repeat that mistake, and is
  /// not reported; after any other mistake it is.
  public var mayHaveLostFill = false
}

/// One rendered state of a button and its look. (A button holds one for each of its states, and a
/// large project tens of thousands: its `stretch` is kept out of line, as are the look's image,
/// mask and spinner, which most states have none of: 760 bytes a state instead of 1,216.)
public struct StateLook: Sendable {
  /// The state.
  public var state: ButtonState
  /// Where the state was listed (the button's name for implicit states).
  public var location: SourceLocation
  /// Whether the spec listed the state (rather than it being rendered by default).
  public var isExplicit: Bool
  /// The merged, decoded look.
  public var look: ButtonLook
  /// How the state's images stretch, when they are resizable.
  public var stretch: StretchSpec? {
    get { storedStretch?.value }
    set { storedStretch = newValue.map(OutOfLine.init) }
  }
  private var storedStretch: OutOfLine<StretchSpec>?
  /// The asset catalog's rendering intent for the state's images, when written.
  public var renderAs: Located<RenderIntent>?

  /// A state with `look`, that does not stretch and has no rendering intent of its own.
  public init(state: ButtonState, location: SourceLocation, isExplicit: Bool, look: ButtonLook) {
    self.state = state
    self.location = location
    self.isExplicit = isExplicit
    self.look = look
  }
}

extension ButtonDefinition {
  /// How a message about `state`'s image starts: with nothing when the image has the `normal`
  /// state's size, else naming the state, whose shadow or border gives its image another size
  /// (one `stretch` may fit normal's image and not that state's).
  public func imageOwner(of state: StateLook) -> String {
    guard let normal = states.first, state.look.outerMargin != normal.look.outerMargin else { return "" }
    return "in state '\(state.state.rawValue)', whose shadow or border gives its image another size, "
  }
}

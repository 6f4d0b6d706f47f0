import ButtonCore

/// A button's `stretch` key, decoded: the regions and content box in points, each where it was
/// written, checked against the button's size by the validator.
public struct StretchSpec: Sendable, Equatable {
  /// Regions that stretch horizontally, as written.
  public var x: [Located<StretchRegion>]
  /// Regions that stretch vertically, as written.
  public var y: [Located<StretchRegion>]
  /// The content box as insets; `nil`: the normal state's padding.
  public var content: Located<Insets>?
  /// How the centre fills.
  public var center: Stretch.Center
  /// Where the key was written.
  public var location: SourceLocation

  /// The stretch in `ButtonCore`'s terms, with `padding` as the content box when none is written.
  public func resolved(padding: Insets) -> Stretch {
    Stretch(x: x.map(\.value), y: y.map(\.value), content: content?.value ?? padding, center: center)
  }
}

/// How small a button may be before `small-touch-target` warns.
public enum TouchTargetSpec: Sendable, Equatable {
  /// The minimum of the formats built (44 pt for catalogs, 48 pt for Android) or the project's.
  case platform
  /// A minimum of this many points on each side.
  case minimum(Double)
  /// No warning for this button.
  case ignore
}

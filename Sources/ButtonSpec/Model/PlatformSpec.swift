import ButtonCore

/// A button's `stretch` key, decoded: regions or cap insets and the content box, in points from
/// the image's edges, each where it was written; checked against each state's image by the
/// validator.
public struct StretchSpec: Sendable, Equatable {
  /// Regions that stretch horizontally, as written; none when `insets` is written.
  public var x: [Located<StretchRegion>]
  /// Regions that stretch vertically, as written; none when `insets` is written.
  public var y: [Located<StretchRegion>]
  /// Cap insets, as written: the part of the image between them stretches.
  public var insets: Located<Insets>?
  /// The content box as insets; `nil`: the normal state's padding and inner border.
  public var content: Located<Insets>?
  /// How the centre fills.
  public var center: Stretch.Center
  /// Where `center` was written; `nil` when it was not (it stretches).
  public var centerLocation: SourceLocation? = nil
  /// Where the key was written.
  public var location: SourceLocation

  /// The regions of each axis in an image `imageSize` points large: as written, or the part the
  /// cap insets leave between them (an axis whose two insets are zero does not stretch).
  public func regions(inImageOf imageSize: Size) -> (x: [Located<StretchRegion>], y: [Located<StretchRegion>]) {
    guard let insets else { return (x, y) }
    let caps = insets.value
    let x = caps.left == 0 && caps.right == 0 ? [] : [StretchRegion(from: caps.left, to: imageSize.width - caps.right)]
    let y = caps.top == 0 && caps.bottom == 0 ? [] : [StretchRegion(from: caps.top, to: imageSize.height - caps.bottom)]
    return (x.map { Located($0, at: insets.location) }, y.map { Located($0, at: insets.location) })
  }

  /// The stretch in `ButtonCore`'s terms for the image of a `buttonSize` button that reaches
  /// `margin` past it (a shadow, an outside border). Without a written content box, `padding`
  /// (the normal state's `contentInsets`: its padding and the border inside its edge), from the
  /// button's edges, moved to the image's.
  public func resolved(buttonSize: Size, margin: Insets, padding: Insets) -> Stretch {
    let (x, y) = regions(inImageOf: buttonSize.grown(by: margin))
    let content =
      content?.value
      ?? Insets(
        top: padding.top + margin.top, right: padding.right + margin.right, bottom: padding.bottom + margin.bottom,
        left: padding.left + margin.left)
    return Stretch(
      x: x.map(\.value), y: y.map(\.value), insets: insets?.value, buttonSize: buttonSize, margin: margin,
      content: content, center: center)
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

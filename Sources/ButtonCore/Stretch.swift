/// How a resizable image stretches: the regions of each axis that stretch, the content box,
/// and how the centre fills. In points, measured from the image's edges: an image larger than
/// its button, for a shadow or an outside border, is measured from its own edges, not the
/// button's.
public struct Stretch: Sendable, Hashable, Codable {
  /// How the part between the caps fills the stretched size.
  public enum Center: String, Sendable, Hashable, Codable, CaseIterable {
    /// Scaled to the new size.
    case stretch
    /// Repeated.
    case tile
  }

  /// Regions that stretch horizontally, left to right; none: the image keeps its width.
  public var x: [StretchRegion]
  /// Regions that stretch vertically, top to bottom; none: the image keeps its height.
  public var y: [StretchRegion]
  /// The content box as insets from the image's edges.
  public var content: Insets
  /// How the centre fills.
  public var center: Center

  /// A stretch of `x` and `y` regions with `content` insets.
  public init(x: [StretchRegion], y: [StretchRegion], content: Insets, center: Center = .stretch) {
    self.x = x
    self.y = y
    self.content = content
    self.center = center
  }
}

/// A span of one axis, in points: `from` below `to`.
public struct StretchRegion: Sendable, Hashable, Codable {
  /// The start, in points from the left or top edge.
  public var from: Double
  /// The end, in points from the left or top edge.
  public var to: Double

  /// The span from `from` to `to`.
  public init(from: Double, to: Double) {
    self.from = from
    self.to = to
  }

  /// The pixels the span covers at `scale`, from the image's edge and rounded outward, within
  /// `button`, the pixels the button covers on this axis (rounding never reaches past it).
  public func pixels(scale: Double, within button: Range<Int>) -> Range<Int> {
    let start = min(max(Int((from * scale).rounded(.down)), button.lowerBound), button.upperBound)
    let end = min(max(Int((to * scale).rounded(.up)), start), button.upperBound)
    return start..<end
  }
}

/// How an asset catalog renders an image.
public enum RenderIntent: String, Sendable, Hashable, Codable, CaseIterable {
  /// Its alpha only, tinted by the view.
  case template
  /// As drawn.
  case original
}

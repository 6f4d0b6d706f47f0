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
  /// The cap insets `x` and `y` were made from, when the spec gave insets: in pixels each cap is
  /// then measured from its own edge of the file, so it is its inset at every scale whatever
  /// the image's rounding. (`x` and `y` say the same in points, for the checks.)
  public var insets: Insets?
  /// The button's size in points.
  public var buttonSize: Size
  /// The room a shadow or border takes past the button on each side, in points.
  public var margin: Insets
  /// The content box as insets from the image's edges.
  public var content: Insets
  /// How the centre fills.
  public var center: Center

  /// A stretch of `x` and `y` regions, made from cap `insets` when given, of the image of a
  /// `buttonSize` button that reaches `margin` past it, with `content` insets.
  public init(
    x: [StretchRegion], y: [StretchRegion], insets: Insets? = nil, buttonSize: Size, margin: Insets,
    content: Insets, center: Center = .stretch
  ) {
    self.x = x
    self.y = y
    self.insets = insets
    self.buttonSize = buttonSize
    self.margin = margin
    self.content = content
    self.center = center
  }

  /// The image's size in points: the button's, and the room a shadow or border takes past it.
  public var imageSize: Size { buttonSize.grown(by: margin) }

  /// Whether `content` insets leave a content box of some width and height in an `image` of
  /// that size in points.
  public static func leavesContent(_ content: Insets, in image: Size) -> Bool {
    content.left + content.right < image.width && content.top + content.bottom < image.height
  }

  /// Cap insets in points from the image's edges, as UIKit takes them: the written insets, or
  /// what the first region of each axis leaves; 0 on an axis that does not stretch.
  public var capInsets: Insets {
    if let insets { return insets }
    return Insets(
      top: y.first?.from ?? 0, right: x.first.map { imageSize.width - $0.to } ?? 0,
      bottom: y.first.map { imageSize.height - $0.to } ?? 0, left: x.first?.from ?? 0)
  }

  /// The stretch regions in pixels at `scale`, in an image `width` x `height` pixels whose
  /// button covers `buttonX` across and `buttonY` down: rounded outward, within the button, and
  /// never empty. A region is placed on the button's pixels as the button is drawn on them (its
  /// margin is a whole number of pixels); cap insets count each cap from its own edge of the file.
  public func pixelRegions(
    scale: Double, width: Int, height: Int, buttonX: Range<Int>, buttonY: Range<Int>
  ) -> (x: [Range<Int>], y: [Range<Int>]) {
    func betweenCaps(_ near: Double, _ far: Double, length: Int, within button: Range<Int>) -> Range<Int> {
      let start = Int((near * scale).rounded(.down))
      return StretchRegion.clamp(start..<max(start, length - Int((far * scale).rounded(.down))), to: button)
    }
    guard let insets else {
      let across = (margin.left, Double(buttonX.count) / buttonSize.width)
      let down = (margin.top, Double(buttonY.count) / buttonSize.height)
      return (
        x.map { $0.pixels(origin: across.0, pixelsPerPoint: across.1, within: buttonX) },
        y.map { $0.pixels(origin: down.0, pixelsPerPoint: down.1, within: buttonY) }
      )
    }
    return (
      x.isEmpty ? [] : [betweenCaps(insets.left, insets.right, length: width, within: buttonX)],
      y.isEmpty ? [] : [betweenCaps(insets.top, insets.bottom, length: height, within: buttonY)]
    )
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

  /// The pixels the span covers, rounded outward, within `button`, the pixels the button covers
  /// on this axis: the span is in points from the image's edge, where the button starts at
  /// `origin`, and the button is drawn `pixelsPerPoint` to a point from its first pixel.
  public func pixels(origin: Double, pixelsPerPoint: Double, within button: Range<Int>) -> Range<Int> {
    func pixel(_ point: Double) -> Double { Double(button.lowerBound) + (point - origin) * pixelsPerPoint }
    let start = Int(pixel(from).rounded(.down))
    return Self.clamp(start..<max(start, Int(pixel(to).rounded(.up))), to: button)
  }

  /// `pixels` moved within `button` (rounding never reaches past it) and at least one pixel
  /// long: a span on the button in points may round into the pixels a shadow's room takes,
  /// where the button's edge was rounded up, and it keeps the button's nearest pixel.
  static func clamp(_ pixels: Range<Int>, to button: Range<Int>) -> Range<Int> {
    guard !button.isEmpty else { return button }
    let start = min(max(pixels.lowerBound, button.lowerBound), button.upperBound - 1)
    let end = min(max(pixels.upperBound, start + 1), button.upperBound)
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

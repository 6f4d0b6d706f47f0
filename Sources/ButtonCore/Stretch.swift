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
  /// The cap insets the regions were made from, when the spec gave insets: in pixels the right
  /// and bottom caps are then measured from the file's own right and bottom edges, so each cap
  /// is its inset at every scale whatever the image's rounding.
  public var insets: Insets?
  /// The image's size in points: the button's, and the room a shadow or border takes past it.
  public var imageSize: Size
  /// The content box as insets from the image's edges.
  public var content: Insets
  /// How the centre fills.
  public var center: Center

  /// A stretch of `x` and `y` regions, made from cap `insets` when given, of an image
  /// `imageSize` points large, with `content` insets.
  public init(
    x: [StretchRegion], y: [StretchRegion], insets: Insets? = nil, imageSize: Size, content: Insets,
    center: Center = .stretch
  ) {
    self.x = x
    self.y = y
    self.insets = insets
    self.imageSize = imageSize
    self.content = content
    self.center = center
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
  /// never empty. Cap insets count their far caps from the image's far edges.
  public func pixelRegions(
    scale: Double, width: Int, height: Int, buttonX: Range<Int>, buttonY: Range<Int>
  ) -> (x: [Range<Int>], y: [Range<Int>]) {
    func caps(_ near: Double, _ far: Double, length: Int, within button: Range<Int>) -> Range<Int> {
      let start = Int((near * scale).rounded(.down))
      return StretchRegion.clamp(start..<max(start, length - Int((far * scale).rounded(.down))), to: button)
    }
    guard let insets else {
      return (
        x.map { $0.pixels(scale: scale, within: buttonX) }, y.map { $0.pixels(scale: scale, within: buttonY) }
      )
    }
    return (
      x.isEmpty ? [] : [caps(insets.left, insets.right, length: width, within: buttonX)],
      y.isEmpty ? [] : [caps(insets.top, insets.bottom, length: height, within: buttonY)]
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

  /// The pixels the span covers at `scale`, from the image's edge and rounded outward, within
  /// `button`, the pixels the button covers on this axis.
  public func pixels(scale: Double, within button: Range<Int>) -> Range<Int> {
    let start = Int((from * scale).rounded(.down))
    return Self.clamp(start..<max(start, Int((to * scale).rounded(.up))), to: button)
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

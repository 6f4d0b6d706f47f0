import ButtonCore

/// Everything that decides how one state of a button looks, after templates, defaults and the
/// state's overrides are merged. Colours are still as written (`ColorSpec`): they resolve
/// per appearance against the button's palette. Its image, mask and spinner, which most looks
/// have none of, are kept out of line (`OutOfLine`), as a state's stretch is.
public struct ButtonLook: Equatable, Sendable {
  /// How fill, content and border combine.
  public var style: ButtonStyle = .fill
  /// The fill; `nil` falls back to background, tint, `AccentColor`.
  public var gradient: GradientSpec?
  /// First fallback for the fill's start colour.
  public var background: Located<ColorSpec>?
  /// Second fallback for the fill's start colour; `$tint` in colours.
  public var tint: Located<ColorSpec>?
  /// Rounding of the shape's corners.
  public var cornerRadius: Length = .points(0)
  /// The outline, if any.
  public var border: BorderSpec?
  /// The drop shadow, if any.
  public var shadow: ShadowSpec?
  /// The label, if any.
  public var text: Located<String>?
  /// `text: {string: KEY}`: the label is the string tables' text for KEY in each language (then
  /// `text` is `nil`).
  public var textKey: Located<String>?
  /// The label's font.
  public var font = FontSpec()
  /// Text and template-image colour in `fill` style; `nil`: `RGBA.defaultContent`.
  public var contentColor: Located<ColorSpec>?
  /// Shrink-to-fit of the label; `nil`: never shrink.
  public var fit: FitSpec? = FitSpec()
  /// Space between the shape's edge (plus border) and the content.
  public var padding = Insets(all: 10)
  /// A PNG drawn with or instead of the label.
  public var image: ImageSpec? {
    get { storedImage?.value }
    set { storedImage = newValue.map(OutOfLine.init) }
  }
  private var storedImage: OutOfLine<ImageSpec>?
  /// A colour painted over the shape, clipped to it.
  public var overlay: Located<ColorSpec>?
  /// Alpha of the whole finished image, 0...1.
  public var opacity: Double = 1
  /// Coverage that multiplies the finished image.
  public var mask: MaskSpec? {
    get { storedMask?.value }
    set { storedMask = newValue.map(OutOfLine.init) }
  }
  private var storedMask: OutOfLine<MaskSpec>?
  /// An activity indicator, if any.
  public var spinner: SpinnerSpec? {
    get { storedSpinner?.value }
    set { storedSpinner = newValue.map(OutOfLine.init) }
  }
  private var storedSpinner: OutOfLine<SpinnerSpec>?
  /// A 1-bit hit mask to emit beside the image, if any.
  public var hitMask: HitMaskSpec?

  /// The built-in defaults of the spec format.
  public init() {}
}

/// The fill: colours with positions, and an angle.
public struct GradientSpec: Equatable, Sendable {
  /// Colour stops in order; empty means "use the colour fallback".
  public var stops: [GradientStop]
  /// Degrees, -180...180; 0 puts the first colour at the top, positive turns clockwise.
  public var angle: Double

  /// Creates a gradient.
  public init(stops: [GradientStop], angle: Double = 0) {
    self.stops = stops
    self.angle = angle
  }
}

/// One colour of a gradient at a position along it.
public struct GradientStop: Equatable, Sendable {
  /// The colour.
  public var color: Located<ColorSpec>
  /// 0...1 along the gradient line.
  public var position: Double

  /// Creates a stop.
  public init(color: Located<ColorSpec>, position: Double) {
    self.color = color
    self.position = position
  }
}

/// The outline of the shape.
public struct BorderSpec: Equatable, Sendable {
  /// Stroke width in points.
  public var width: Double = 0
  /// `nil`: the gradient.
  public var color: Located<ColorSpec>?
  /// Where the stroke sits relative to the edge.
  public var align: BorderAlignment = .inside

  /// The spec format's defaults.
  public init() {}
}

/// A drop shadow under the shape.
public struct ShadowSpec: Equatable, Sendable {
  /// Horizontal offset in points.
  public var offsetX: Double = 0
  /// Vertical offset in points (positive is down).
  public var offsetY: Double = 3
  /// Blur radius in points.
  public var blur: Double = 3
  /// Shadow colour; `nil`: black.
  public var color: Located<ColorSpec>?
  /// Shadow opacity, 0...1.
  public var opacity: Double = 0.3

  /// The spec format's defaults.
  public init() {}
}

/// The label's font.
public struct FontSpec: Equatable, Sendable {
  /// The fontconfig family name.
  public var family = "DejaVu Sans"
  /// Where `family` was written; `nil` for the default.
  public var familyLocation: SourceLocation?
  /// A font file to load, relative to the file that names it.
  public var file: FileReference?
  /// Size in points.
  public var size: Double = 17
  /// 100...900.
  public var weight = 400
  /// Whether to use the italic style.
  public var italic = false

  /// The spec format's defaults.
  public init() {}
}

/// Shrink-to-fit of the label.
public struct FitSpec: Equatable, Sendable {
  /// The smallest fraction of the font size the text may shrink to.
  public var minScale = 0.25
  /// The fraction of the font size removed at each step.
  public var step = 0.0125

  /// The spec format's defaults.
  public init() {}
}

/// A PNG drawn in the button.
public struct ImageSpec: Equatable, Sendable {
  /// The PNG.
  public var file: FileReference
  /// Use the image's alpha only, painted in the content colour or the gradient.
  public var template = false
  /// Draw at this size in points instead of the image's own (images never grow otherwise).
  public var size: Size?
  /// `nil`: `leading` with text, `center` without.
  public var position: ImagePosition?
  /// Space between image and text, in points.
  public var spacing: Double = 8

  /// An image of `file` with the defaults.
  public init(file: FileReference) {
    self.file = file
  }
}

/// How a mask image's pixels become coverage.
public enum MaskMode: String, CaseIterable, Sendable {
  case alpha, luminance
}

/// Where a mask's coverage comes from.
public enum MaskSource: Equatable, Sendable {
  /// A PNG, stretched over the button.
  case file(FileReference)
  /// Opaque everywhere but a centre rectangle inset by `inset` on each side (percentages are of
  /// the button's width for the left and right sides and of its height for the top and
  /// bottom), which has coverage `alpha`.
  case window(inset: Length, alpha: Double)
}

/// A mask whose coverage multiplies the finished image.
public struct MaskSpec: Equatable, Sendable {
  /// Where the coverage comes from.
  public var source: MaskSource
  /// For a file: whether its alpha or its luminance is the coverage.
  public var mode: MaskMode = .alpha
  /// Use one minus the coverage.
  public var invert = false

  /// A mask from `source` with the defaults.
  public init(source: MaskSource) {
    self.source = source
  }
}

/// Where the activity indicator sits.
public enum SpinnerPosition: Equatable, Sendable {
  /// 7.5 pt from the leading edge, vertically centred (StatefulButton's place).
  case leading
  /// Centred in the button.
  case center
  /// 7.5 pt from the trailing edge, vertically centred.
  case trailing
  /// The spinner's centre at this point.
  case point(x: Double, y: Double)
}

/// An activity indicator.
public struct SpinnerSpec: Equatable, Sendable {
  /// Diameter in points.
  public var size: Double = 15
  /// `nil`: grey.
  public var color: Located<ColorSpec>?
  /// Where the spinner sits.
  public var position: SpinnerPosition = .leading
  /// How many images make one turn, each with the spokes turned `1 / frames` of a turn further.
  public var frames = 1
  /// How many spokes.
  public var spokes = 12
  /// Seconds per turn, which sets each frame's duration in an Android animation.
  public var period = 1.0

  /// The spec format's defaults.
  public init() {}
}

/// A 1-bit hit mask emitted beside the image.
public struct HitMaskSpec: Equatable, Sendable {
  /// A pixel is hit where its alpha is greater than this fraction.
  public var threshold = 0.5

  /// A hit mask with `threshold`.
  public init(threshold: Double = 0.5) {
    self.threshold = threshold
  }
}

extension ButtonLook {
  /// The files the look names: its font, image and mask files.
  public var files: [FileReference] {
    var files: [FileReference] = []
    if let font = font.file { files.append(font) }
    if let image { files.append(image.file) }
    if case .file(let mask) = mask?.source { files.append(mask) }
    return files
  }
}

extension ButtonLook {
  /// Where the content box lies inside the button, in points from its edges: the padding, and
  /// the part of the border inside the edge (as the renderer lays labels and images out).
  public var contentInsets: Insets {
    let border = OuterMargin.innerReach(of: border.map { ($0.width, $0.align) })
    return Insets(
      top: padding.top + border, right: padding.right + border, bottom: padding.bottom + border,
      left: padding.left + border)
  }

  /// How far, in points, the shadow or a centred or outside border reaches past each side of
  /// the button: its image grows by as much on that side.
  public var outerMargin: Insets {
    OuterMargin.sides(
      shadow: shadow.map { ($0.blur, $0.offsetX, $0.offsetY) }, border: border.map { ($0.width, $0.align) })
  }
}

/// Everything that decides how one state of a button looks, after templates, defaults and the
/// state's overrides are merged. Colours are still as written (`ColorSpec`): they resolve
/// per appearance against the button's palette.
public struct ButtonLook: Equatable, Sendable {
  public var style: ButtonStyle = .fill
  public var gradient: GradientSpec?
  public var background: Located<ColorSpec>?
  public var tint: Located<ColorSpec>?
  public var cornerRadius: Length = .points(0)
  public var border: BorderSpec?
  public var shadow: ShadowSpec?
  public var text: Located<String>?
  public var font = FontSpec()
  public var contentColor: Located<ColorSpec>?
  public var fit: FitSpec? = FitSpec()
  public var padding = Insets(all: 10)
  public var image: ImageSpec?
  public var overlay: Located<ColorSpec>?
  public var opacity: Double = 1
  public var mask: MaskSpec?
  public var spinner: SpinnerSpec?
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

/// Where a border's stroke sits relative to the shape's edge.
public enum BorderAlignment: String, CaseIterable, Sendable {
  case inside, center, outside
}

/// The outline of the shape.
public struct BorderSpec: Equatable, Sendable {
  public var width: Double = 0
  /// `nil`: the gradient.
  public var color: Located<ColorSpec>?
  public var align: BorderAlignment = .inside

  /// The spec format's defaults.
  public init() {}
}

/// A drop shadow under the shape.
public struct ShadowSpec: Equatable, Sendable {
  public var offsetX: Double = 0
  public var offsetY: Double = 3
  public var blur: Double = 3
  public var color: Located<ColorSpec>?
  public var opacity: Double = 0.3

  /// The spec format's defaults.
  public init() {}
}

/// The label's font.
public struct FontSpec: Equatable, Sendable {
  public var family = "DejaVu Sans"
  /// A font file to load, relative to the file that names it.
  public var file: FileReference?
  public var size: Double = 17
  /// 100...900.
  public var weight = 400
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

/// Where an image sits relative to the text.
public enum ImagePosition: String, CaseIterable, Sendable {
  case leading, trailing, top, bottom, center
}

/// A PNG drawn in the button.
public struct ImageSpec: Equatable, Sendable {
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
  public var size: Double = 15
  /// `nil`: grey.
  public var color: Located<ColorSpec>?
  public var position: SpinnerPosition = .leading
  /// How many images to render, each with the spokes turned one step further.
  public var frames = 1
  public var spokes = 12

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

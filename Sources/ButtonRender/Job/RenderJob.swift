import ButtonCore

/// Everything needed to draw one image: every property resolved (templates, palette, colour
/// fallbacks, appearance, percentages), in points, plus the scale. No palette look-up or path
/// resolution is left, so jobs can be hashed, printed, compared and drawn in parallel.
///
/// The large optional parts (border, shadow, label, image, mask, spinner, stretch, nine-patch)
/// are kept out of line (`OutOfLine`): a plan holds a job for every state of every button, and
/// inline they took 961 bytes a job, most of them for parts the job does not have.
public struct RenderJob: Sendable, Hashable, Codable {
  /// The asset name.
  public var button: String
  /// The state drawn.
  public var state: ButtonState
  /// The appearance drawn.
  public var appearance: Appearance
  /// Pixels per point.
  public var scale: Double
  /// The spinner frame, when the state has a spinner with several frames.
  public var frame: Int?
  /// The language of a localized button's image; `nil` for a button drawn once for all.
  public var locale: String?
  /// The button's size in points.
  public var size: Size
  /// How fill and content combine.
  public var style: ButtonStyle
  /// The fill.
  public var fill: ResolvedGradient
  /// Corner radius in points, already clamped to half the shorter side.
  public var cornerRadius: Double
  /// The outline, when its width is above zero.
  public var border: ResolvedBorder? {
    get { storedBorder?.value }
    set { storedBorder = newValue.map(OutOfLine.init) }
  }
  private var storedBorder: OutOfLine<ResolvedBorder>?
  /// The drop shadow.
  public var shadow: ResolvedShadow? {
    get { storedShadow?.value }
    set { storedShadow = newValue.map(OutOfLine.init) }
  }
  private var storedShadow: OutOfLine<ResolvedShadow>?
  /// The label and how to set it.
  public var text: ResolvedText? {
    get { storedText?.value }
    set { storedText = newValue.map(OutOfLine.init) }
  }
  private var storedText: OutOfLine<ResolvedText>?
  /// The image.
  public var image: ResolvedImage? {
    get { storedImage?.value }
    set { storedImage = newValue.map(OutOfLine.init) }
  }
  private var storedImage: OutOfLine<ResolvedImage>?
  /// Space between the shape's edge (plus border) and the content, in points.
  public var padding: Insets
  /// Text and template-image colour in `fill` style.
  public var contentColor: RGBA
  /// Painted over the shape, clipped to it.
  public var overlay: RGBA?
  /// Alpha of the whole finished image.
  public var opacity: Double
  /// Coverage that multiplies the finished image.
  public var mask: ResolvedMask? {
    get { storedMask?.value }
    set { storedMask = newValue.map(OutOfLine.init) }
  }
  private var storedMask: OutOfLine<ResolvedMask>?
  /// The activity indicator.
  public var spinner: ResolvedSpinner? {
    get { storedSpinner?.value }
    set { storedSpinner = newValue.map(OutOfLine.init) }
  }
  private var storedSpinner: OutOfLine<ResolvedSpinner>?
  /// Threshold of the 1-bit hit mask to emit, if any.
  public var hitMaskThreshold: Double?
  /// How the image stretches when it is resized, for the formats that record it (catalogs);
  /// it changes no pixel.
  public var stretch: Stretch? {
    get { storedStretch?.value }
    set { storedStretch = newValue.map(OutOfLine.init) }
  }
  private var storedStretch: OutOfLine<Stretch>?
  /// The asset catalog's rendering intent; it changes no pixel.
  public var renderAs: RenderIntent?
  /// Seconds per turn of the spinner, for an Android animation of its frames; it changes no pixel.
  public var spinnerPeriod: Double?
  /// Set for an Android nine-patch: the image gets the one-pixel frame that marks these
  /// stretch regions and content box.
  public var ninePatch: Stretch? {
    get { storedNinePatch?.value }
    set { storedNinePatch = newValue.map(OutOfLine.init) }
  }
  private var storedNinePatch: OutOfLine<Stretch>?

  /// The parts kept out of line are coded under their own names, as they were inline.
  private enum CodingKeys: String, CodingKey {
    case button, state, appearance, scale, frame, locale, size, style, fill, cornerRadius, storedBorder = "border",
      storedShadow = "shadow", storedText = "text", storedImage = "image", padding, contentColor, overlay, opacity,
      storedMask = "mask", storedSpinner = "spinner", hitMaskThreshold, storedStretch = "stretch", renderAs,
      spinnerPeriod, storedNinePatch = "ninePatch"
  }

  /// Creates a job with a solid white-on-clear default look; the planner sets every property.
  public init(button: String, state: ButtonState, appearance: Appearance, scale: Double, size: Size) {
    self.button = button
    self.state = state
    self.appearance = appearance
    self.scale = scale
    self.size = size
    style = .fill
    fill = ResolvedGradient(stops: [.init(color: .clear, position: 0)], angle: 0)
    cornerRadius = 0
    padding = Insets(all: 10)
    contentColor = RGBA.defaultContent
    opacity = 1
  }
}

/// A gradient with resolved colours.
public struct ResolvedGradient: Sendable, Hashable, Codable {
  /// One colour at one position.
  public struct Stop: Sendable, Hashable, Codable {
    /// The colour.
    public var color: RGBA
    /// 0...1 along the gradient line.
    public var position: Double

    /// Creates a stop.
    public init(color: RGBA, position: Double) {
      self.color = color
      self.position = position
    }
  }

  /// Stops in increasing position; one stop is a solid fill.
  public var stops: [Stop]
  /// Degrees; 0 puts the first colour at the top, positive turns clockwise.
  public var angle: Double

  /// Creates a gradient.
  public init(stops: [Stop], angle: Double) {
    self.stops = stops
    self.angle = angle
  }
}

/// A border with its colour resolved; `nil` colour paints the fill.
public struct ResolvedBorder: Sendable, Hashable, Codable {
  /// Stroke width in points.
  public var width: Double
  /// The stroke colour; `nil` paints the fill.
  public var color: RGBA?
  /// Where the stroke sits relative to the edge.
  public var align: BorderAlignment

  /// Creates a border.
  public init(width: Double, color: RGBA?, align: BorderAlignment) {
    self.width = width
    self.color = color
    self.align = align
  }
}

/// A shadow with its colour and opacity combined.
public struct ResolvedShadow: Sendable, Hashable, Codable {
  /// Horizontal offset in points.
  public var offsetX: Double
  /// Vertical offset in points (positive is down).
  public var offsetY: Double
  /// Blur radius in points.
  public var blur: Double
  /// Colour with the shadow's opacity multiplied into its alpha.
  public var color: RGBA

  /// Creates a shadow.
  public init(offsetX: Double, offsetY: Double, blur: Double, color: RGBA) {
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.blur = blur
    self.color = color
  }
}

/// The label and its font.
public struct ResolvedText: Sendable, Hashable, Codable {
  /// The text drawn.
  public var string: String
  /// The fontconfig family name (for a font file: the family the file declares).
  public var family: String
  /// A font file to register before drawing, as an absolute path.
  public var fontFile: String?
  /// Font size in points.
  public var size: Double
  /// Weight, 100...900.
  public var weight: Int
  /// Whether the italic style is used.
  public var italic: Bool
  /// Shrink-to-fit: smallest fraction and step; `nil` never shrinks.
  public var minimumScale: Double?
  public var step: Double
  /// The language the label is in (a BCP 47 tag), which Pango shapes it for; `nil` for labels
  /// that are the same in every language.
  public var language: String?
  /// Set for a right-to-left language: the paragraph runs right to left.
  public var rightToLeft: Bool?

  /// The language Pango shapes the label for and fontconfig chooses its fonts for: `language`,
  /// or `neutralLanguage`. Never the process's locale, with which the same spec would draw other
  /// fonts on a machine with another `LANG` under the same key.
  public var shapingLanguage: String { language ?? Self.neutralLanguage }

  /// The language of a label that is the same in every language: English, which fontconfig
  /// also takes for the C locale.
  public static let neutralLanguage = "en"

  /// Creates a label.
  public init(
    string: String, family: String, fontFile: String?, size: Double, weight: Int, italic: Bool,
    minimumScale: Double?, step: Double
  ) {
    self.string = string
    self.family = family
    self.fontFile = fontFile
    self.size = size
    self.weight = weight
    self.italic = italic
    self.minimumScale = minimumScale
    self.step = step
  }
}

/// An image to draw.
public struct ResolvedImage: Sendable, Hashable, Codable {
  /// Absolute path of the PNG.
  public var file: String
  /// Use the image's alpha only.
  public var template: Bool
  /// Drawing size in points; `nil` uses the image's pixel size, shrunk to fit.
  public var size: Size?
  /// Where the image sits relative to the label.
  public var position: ImagePosition
  /// Space between image and label, in points.
  public var spacing: Double

  /// Creates an image.
  public init(file: String, template: Bool, size: Size?, position: ImagePosition, spacing: Double) {
    self.file = file
    self.template = template
    self.size = size
    self.position = position
    self.spacing = spacing
  }
}

/// A mask over the finished button.
public enum ResolvedMask: Sendable, Hashable, Codable {
  /// A PNG (absolute path) stretched over the button.
  case file(path: String, luminance: Bool, invert: Bool)
  /// Opaque but for a centre rectangle inset by these points, of coverage `alpha`.
  case window(insets: Insets, alpha: Double, invert: Bool)
}

/// A spinner placed and turned.
public struct ResolvedSpinner: Sendable, Hashable, Codable {
  /// Centre in points, from the button's top-left corner.
  public var centerX: Double
  /// Centre, in points from the button's top edge.
  public var centerY: Double
  /// Diameter in points.
  public var diameter: Double
  /// Colour of the brightest spoke.
  public var color: RGBA
  /// How many spokes.
  public var spokes: Int
  /// How many frames make one turn.
  public var frames: Int
  /// Which of them this is: the spokes are turned by `step / frames` of a turn.
  public var step: Int

  /// Creates a spinner.
  public init(
    centerX: Double, centerY: Double, diameter: Double, color: RGBA, spokes: Int, frames: Int = 1, step: Int
  ) {
    self.centerX = centerX
    self.centerY = centerY
    self.diameter = diameter
    self.color = color
    self.spokes = spokes
    self.frames = frames
    self.step = step
  }
}

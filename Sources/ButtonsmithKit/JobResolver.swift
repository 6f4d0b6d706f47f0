import ButtonCore
import ButtonRender
import ButtonSpec
import Foundation

/// Resolves one state of one button in one appearance into a `RenderJob` at scale 1: colours
/// through the palette and fallbacks, percentages into points, files into absolute paths,
/// font files into their families.
struct JobResolver {
  let button: ButtonDefinition
  let state: StateLook
  var appearance: Appearance
  let fonts: FontRegistry
  /// The language drawn, for a localized button, and the state's label in it.
  var language: (code: String, text: String?)? = nil
  /// The project's development language, whose images keep the unlocalized paths.
  var developmentLanguage: String? = nil

  static let defaultSpinnerColor = RGBA(red: 0x8E / 255, green: 0x8E / 255, blue: 0x93 / 255)
  /// StatefulButton's indicator sits 7.5 pt from the edge.
  static let spinnerInset = 7.5

  /// A gradient of `stops`, or the one colour they all are, as a solid fill: a gradient of one
  /// colour, however many stops and whatever its angle, draws what that colour does, and is the
  /// same job (`identical-state` sees it, and it is drawn once).
  static func fill(stops: [ResolvedGradient.Stop], angle: Double) -> ResolvedGradient {
    guard let first = stops.first, stops.allSatisfy({ $0.color == first.color }) else {
      return ResolvedGradient(stops: stops, angle: angle)
    }
    return ResolvedGradient(stops: [.init(color: first.color, position: 0)], angle: 0)
  }

  func resolve() throws -> RenderJob {
    let look = state.look
    let colors = ColorResolver(palette: button.palette, appearance: appearance, look: look)
    let size = button.size
    var job = RenderJob(button: button.name, state: state.state, appearance: appearance, scale: 1, size: size)
    job.locale = language?.code
    let rightToLeft = language.map { LocaleSettings.isRightToLeft($0.code) } ?? false
    job.style = look.style
    job.fill = Self.fill(
      stops: try colors.fillStops(at: state.location).map { .init(color: $0.color, position: $0.position) },
      angle: look.gradient?.angle ?? 0)
    job.cornerRadius = min(look.cornerRadius.points(ofSide: size.height), size.width / 2, size.height / 2)
    if let border = look.border, border.width > 0 {
      job.border = ResolvedBorder(width: border.width, color: try border.color.map(colors.resolve), align: border.align)
    }
    if let shadow = look.shadow {
      var color = try shadow.color.map(colors.resolve) ?? RGBA.black
      color.alpha *= shadow.opacity
      job.shadow = ResolvedShadow(offsetX: shadow.offsetX, offsetY: shadow.offsetY, blur: shadow.blur, color: color)
    }
    if let string = look.textKey != nil ? language?.text : look.text?.value, !string.isEmpty {
      job.text = try resolveText(string, font: look.font, fit: look.fit)
      if let language { job.text?.language = language.code }
      if rightToLeft { job.text?.rightToLeft = true }
    }
    if let image = look.image {
      // Right to left, leading is on the right: the image and the label change places.
      let position = image.position ?? (job.text == nil ? .center : .leading)
      job.image = ResolvedImage(
        file: image.file.url.path, template: image.template, size: image.size,
        position: rightToLeft ? position.mirrored : position, spacing: image.spacing)
    }
    job.padding = look.padding
    job.contentColor = try look.contentColor.map(colors.resolve) ?? RGBA.defaultContent
    job.overlay = try look.overlay.map(colors.resolve)
    job.opacity = look.opacity
    job.mask = look.mask.map(resolveMask)
    if var spinner = look.spinner {
      if rightToLeft, spinner.position == .leading || spinner.position == .trailing {
        spinner.position = spinner.position == .leading ? .trailing : .leading
      }
      job.spinner = try resolveSpinner(spinner, colors: colors)
    }
    job.hitMaskThreshold = look.hitMask?.threshold
    job.stretch = state.stretch?.resolved(
      buttonSize: size, margin: look.outerMargin,
      padding: button.states.first?.look.contentInsets ?? look.contentInsets)
    job.renderAs = state.renderAs?.value
    job.spinnerPeriod = look.spinner.map(\.period)
    return job
  }

  private func resolveText(_ string: String, font: FontSpec, fit: FitSpec?) throws -> ResolvedText {
    var family = font.family
    if let file = font.file {
      // Drawn from the file alone: of its faces, the one closest to the weight and style asked for.
      do {
        family = try fonts.register(fileAt: file.url.path).family
      } catch {
        throw PlanningError(
          diagnostic: Diagnostic(.notAFont, AssetChecker.message(error, for: file), at: file.location))
      }
    }
    return ResolvedText(
      string: string, family: family, fontFile: font.file?.url.path, size: font.size, weight: font.weight,
      italic: font.italic, minimumScale: fit?.minScale, step: fit?.step ?? 0.0125)
  }

  private func resolveMask(_ mask: MaskSpec) -> ResolvedMask {
    switch mask.source {
    case .file(let file):
      return .file(path: file.url.path, luminance: mask.mode == .luminance, invert: mask.invert)
    case .window(let inset, let alpha):
      // A percentage is of the width across and of the height down.
      let (horizontal, vertical) = (
        inset.points(ofSide: button.size.width), inset.points(ofSide: button.size.height)
      )
      let insets = Insets(top: vertical, right: horizontal, bottom: vertical, left: horizontal)
      return .window(insets: insets, alpha: alpha, invert: mask.invert)
    }
  }

  private func resolveSpinner(_ spinner: SpinnerSpec, colors: ColorResolver) throws -> ResolvedSpinner {
    let radius = spinner.size / 2
    let center: (x: Double, y: Double)
    switch spinner.position {
    case .leading: center = (Self.spinnerInset + radius, button.size.height / 2)
    case .trailing: center = (button.size.width - Self.spinnerInset - radius, button.size.height / 2)
    case .center: center = (button.size.width / 2, button.size.height / 2)
    case .point(let x, let y): center = (x, y)
    }
    return ResolvedSpinner(
      centerX: center.x, centerY: center.y, diameter: spinner.size,
      color: try spinner.color.map(colors.resolve) ?? Self.defaultSpinnerColor, spokes: spinner.spokes,
      frames: spinner.frames, step: 0)
  }
}

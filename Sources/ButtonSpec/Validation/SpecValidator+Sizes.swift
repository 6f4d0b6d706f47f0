import ButtonCore
import Foundation

extension SpecValidator {
  /// No image may be more than 8192 pixels on a side at any scale, shadow and outside border
  /// included. A size taken from the file's defaults or a template is reported there, with a
  /// note for each button that takes it too large: each is told, not only the first.
  func checkPixelSize(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    for state in button.states {
      let margin = state.look.outerMargin
      for scale in button.scales {
        // Laid out as the renderer lays it out: the button rounded, each margin rounded up.
        let layout = OuterMargin.pixelLayout(size: button.size, margins: margin, scale: scale.value)
        let (width, height) = (layout.imageWidth, layout.imageHeight)
        if max(width, height) > Limits.maximumPixelSide {
          diagnostics.add(
            Diagnostic(
              .imageTooLarge,
              "at @\(formatScale(scale.value))x the image is \(width) x \(height) pixels, more than \(Limits.maximumPixelSide) on a side",
              at: button.sizeLocation),
            foundIn: button.name, at: button.location)
          return
        }
      }
    }
  }

  /// The most pixels one button's images may have (2^32, 16 GB as RGBA), in every language it is
  /// drawn in: a few lines may otherwise ask for hours of drawing. A 2048-point button in six
  /// states, five scales and two appearances, with a spinner of 120 frames, has 34 Gi; in three
  /// scales, with eight frames, 1.5 Gi.
  static let maximumButtonPixels = 1 << 32

  /// The most pixels the images of one set of specs may have together (2^36, 256 GB as RGBA):
  /// eleven times the standard workload at 150,000 images, four times it with six states and
  /// two appearances (360,000 images).
  static let maximumTotalPixels = 1 << 36

  /// Each button's images, and all of them together, stay within `maximumButtonPixels` and
  /// `maximumTotalPixels`; the button drawing the most is named when they do not.
  func checkTotalPixels(_ buttons: [ButtonDefinition], into diagnostics: inout Diagnostics) {
    var total = 0
    var largest: (button: ButtonDefinition, pixels: Int)?
    // Grouped by commas whatever the machine's locale: a diagnostic reads the same everywhere.
    let count = { (number: Int) in number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
    for button in buttons where !button.hasErrors {
      let languages = button.states.contains { $0.look.textKey != nil } ? max(localizedLanguages, 1) : 1
      let product = Self.pixelBound(of: button).multipliedReportingOverflow(by: languages)
      let pixels = product.overflow ? .max : product.partialValue
      if pixels > Self.maximumButtonPixels {
        diagnostics.add(
          .imageTooLarge,
          "button '\(Diagnostic.shown(button.name))' has \(count(pixels)) pixels of images, more than the "
            + "\(count(Self.maximumButtonPixels)) one button may have "
            + "(fewer scales, states, spinner frames or languages)",
          at: button.sizeLocation)
      }
      total = total.addingReportingOverflow(pixels).overflow ? .max : total + pixels
      if pixels > largest?.pixels ?? -1 { largest = (button, pixels) }
    }
    guard total > Self.maximumTotalPixels, let largest, largest.pixels <= Self.maximumButtonPixels else { return }
    diagnostics.add(
      .imageTooLarge,
      "the specs' images have \(count(total)) pixels together, more than the \(count(Self.maximumTotalPixels)) "
        + "one build draws; button '\(Diagnostic.shown(largest.button.name))' has \(count(largest.pixels))",
      at: largest.button.sizeLocation)
  }

  /// The pixels of `button`'s images in one language: every state, spinner frame, appearance and
  /// scale (at most 8192 x 8192 each, which `checkPixelSize` sees to).
  static func pixelBound(of button: ButtonDefinition) -> Int {
    var pixels = 0
    for state in button.states {
      let margin = state.look.outerMargin
      let frames = max(state.look.spinner?.frames ?? 1, 1)
      for scale in button.scales {
        let side = Double(Limits.maximumPixelSide)
        let width = min(((button.size.width + margin.left + margin.right) * scale.value).rounded(.up), side)
        let height = min(((button.size.height + margin.top + margin.bottom) * scale.value).rounded(.up), side)
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { continue }
        pixels += Int(width) * Int(height) * frames * button.appearances.count
      }
    }
    return pixels
  }
}

import Foundation

extension SpecValidator {
  /// No image may be more than 8192 pixels on a side at any scale, shadow and outside border
  /// included.
  func checkPixelSize(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    for state in button.states {
      let margin = Self.outerMargin(of: state.look)
      for scale in button.scales {
        let width = Int(((button.size.width + 2 * margin) * scale.value).rounded(.up))
        let height = Int(((button.size.height + 2 * margin) * scale.value).rounded(.up))
        if max(width, height) > Self.maximumPixelSide {
          diagnostics.add(
            .imageTooLarge,
            "at @\(formatScale(scale.value))x the image is \(width) x \(height) pixels, more than \(Self.maximumPixelSide) on a side",
            at: button.sizeLocation)
          return
        }
      }
    }
  }

  /// How far, in points, a shadow or an outside border reaches past the button's rectangle.
  static func outerMargin(of look: ButtonLook) -> Double {
    var margin = 0.0
    if let shadow = look.shadow {
      margin = max(margin, shadow.blur + max(abs(shadow.offsetX), abs(shadow.offsetY)))
    }
    if let border = look.border {
      switch border.align {
      case .inside: break
      case .center: margin = max(margin, border.width / 2)
      case .outside: margin = max(margin, border.width)
      }
    }
    return margin
  }
}

import ButtonCore
import Foundation

extension SpecValidator {
  /// No image may be more than 8192 pixels on a side at any scale, shadow and outside border
  /// included.
  func checkPixelSize(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    for state in button.states {
      let margin = Self.outerMargins(of: state.look)
      for scale in button.scales {
        let width = Int(((button.size.width + margin.left + margin.right) * scale.value).rounded(.up))
        let height = Int(((button.size.height + margin.top + margin.bottom) * scale.value).rounded(.up))
        if max(width, height) > Limits.maximumPixelSide {
          diagnostics.add(
            .imageTooLarge,
            "at @\(formatScale(scale.value))x the image is \(width) x \(height) pixels, more than \(Limits.maximumPixelSide) on a side",
            at: button.sizeLocation)
          return
        }
      }
    }
  }

  /// How far, in points, a shadow or an outside border reaches past each side of the button.
  static func outerMargins(of look: ButtonLook) -> Insets {
    OuterMargin.sides(
      shadow: look.shadow.map { ($0.blur, $0.offsetX, $0.offsetY) }, border: look.border.map { ($0.width, $0.align) })
  }
}

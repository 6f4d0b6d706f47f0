import Foundation

/// A colour with straight (not premultiplied) components in 0...1, in sRGB.
public struct RGBA: Equatable, Hashable, Sendable, Codable {
  /// Red, 0...1.
  public var red: Double
  /// Green, 0...1.
  public var green: Double
  /// Blue, 0...1.
  public var blue: Double
  /// Alpha, 0...1.
  public var alpha: Double

  /// Creates a colour from components in 0...1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Fully transparent black.
  public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque white.
  public static let white = RGBA(red: 1, green: 1, blue: 1)
  /// Opaque black.
  public static let black = RGBA(red: 0, green: 0, blue: 0)

  /// WCAG 2 relative luminance.
  public var relativeLuminance: Double {
    func linear(_ channel: Double) -> Double {
      channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// WCAG 2 contrast ratio with `other`, from 1 to 21 (alpha is ignored).
  public func contrastRatio(with other: RGBA) -> Double {
    let (a, b) = (relativeLuminance, other.relativeLuminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// `#RRGGBBAA`, for messages and plans.
  public var hexDescription: String {
    [red, green, blue, alpha].map { component in
      let byte = Int((component * 255).rounded())
      return (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }.reduce("#", +)
  }
}

extension RGBA {
  /// Text and template-image colour in `fill` style when a look names none.
  public static let defaultContent = RGBA.white
}

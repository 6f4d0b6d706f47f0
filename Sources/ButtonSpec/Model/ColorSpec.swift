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
      return String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }.reduce("#", +)
  }
}

/// A colour as written in a spec: resolved against a palette and an appearance later.
public indirect enum ColorSpec: Equatable, Hashable, Sendable {
  /// A literal colour.
  case literal(RGBA)
  /// `$Name`: a palette entry.
  case palette(String)
  /// `$tint`: the button's own resolved tint.
  case tint
  /// `$background`: the button's own resolved background.
  case background
  /// `{light: …, dark: …}`: one colour per appearance.
  case appearance(light: ColorSpec, dark: ColorSpec)
  /// `{color: …, alpha: a}`: the colour with its alpha multiplied by `a`.
  case multipliedAlpha(ColorSpec, Double)
}

extension String {
  func leftPadded(to width: Int, with pad: Character = "0") -> String {
    String(repeating: pad, count: max(0, width - count)) + self
  }
}

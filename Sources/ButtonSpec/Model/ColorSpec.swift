import ButtonCore
import Foundation

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

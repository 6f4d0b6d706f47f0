import ButtonCore
import Foundation

/// Parses the colour syntaxes of the spec format's text form: hex, `rgb()`, `rgba()`, CSS
/// names, `clear`/`transparent` and `$` references.
enum ColorParser {
  /// The colour, or a message saying what is wrong with the text.
  static func parse(_ text: String) -> Result<ColorSpec, ColorSyntaxError> {
    let trimmed = text.trimmingSpaces()
    // No colour is written in more bytes than this: a longer text is not lowercased, looked up or
    // matched against names, each time a button uses it.
    if trimmed.hasPrefix("$") { return reference(String(trimmed.dropFirst())) }
    guard trimmed.utf8.count <= maximumColorBytes else {
      return .failure(ColorSyntaxError(message: "'\(Diagnostic.shown(trimmed))' is not a colour"))
    }
    if trimmed.hasPrefix("#") { return hex(String(trimmed.dropFirst()), original: trimmed) }
    let lower = trimmed.lowercased()
    if lower.hasPrefix("rgb") { return functional(lower, original: trimmed) }
    if lower == "clear" || lower == "transparent" { return .success(.literal(.clear)) }
    if let rgb = CSSColorNames.rgb(named: lower) { return .success(.literal(rgba(rgb: rgb, alpha: 1))) }
    var message = "'\(Diagnostic.shown(trimmed))' is not a colour"
    if let suggestion = cssNames.closest(to: lower) {
      message += "; did you mean '\(suggestion)'?"
    }
    return .failure(ColorSyntaxError(message: message))
  }

  /// The CSS colour names, prepared once for "did you mean".
  private static let cssNames = SuggestionIndex(fixed: CSSColorNames.names)

  /// The longest palette name, in UTF-8 bytes.
  static let maximumNameBytes = 128

  /// The longest text read as a colour that is not a palette name, in UTF-8 bytes (`rgba(…)`
  /// with room for spaces).
  static let maximumColorBytes = 256

  private static func reference(_ name: String) -> Result<ColorSpec, ColorSyntaxError> {
    switch name {
    case "tint": return .success(.tint)
    case "background": return .success(.background)
    case let name where name.utf8.count > maximumNameBytes:
      return .failure(
        ColorSyntaxError(
          message: "'$\(Diagnostic.shown(name))' is not a palette name (they have at most \(maximumNameBytes) bytes)"))
    case let name
    where !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }):
      return .success(.palette(name))
    default:
      return .failure(ColorSyntaxError(message: "'$\(Diagnostic.shown(name))' is not a palette name"))
    }
  }

  private static func hex(_ digits: String, original: String) -> Result<ColorSpec, ColorSyntaxError> {
    guard [3, 4, 6, 8].contains(digits.count), let value = UInt32(digits, radix: 16),
      digits.allSatisfy(\.isHexDigit)
    else {
      return .failure(
        ColorSyntaxError(
          message: "'\(Diagnostic.shown(original))' is not a hex colour; use #RGB, #RGBA, #RRGGBB or #RRGGBBAA"))
    }
    let components: [Double]
    if digits.count <= 4 {
      let count = digits.count
      components = (0..<count).map { index in
        Double((value >> UInt32(4 * (count - 1 - index))) & 0xF) * 17 / 255
      }
    } else {
      let count = digits.count / 2
      components = (0..<count).map { index in
        Double((value >> UInt32(8 * (count - 1 - index))) & 0xFF) / 255
      }
    }
    return .success(
      .literal(
        RGBA(
          red: components[0], green: components[1], blue: components[2], alpha: components.count > 3 ? components[3] : 1
        )))
  }

  private static func functional(_ lower: String, original: String) -> Result<ColorSpec, ColorSyntaxError> {
    let hasAlpha = lower.hasPrefix("rgba(")
    let usage =
      hasAlpha ? "rgba(r, g, b, a) with r, g, b in 0...255 and a in 0...1" : "rgb(r, g, b) with r, g, b in 0...255"
    guard lower.hasPrefix(hasAlpha ? "rgba(" : "rgb("), lower.hasSuffix(")") else {
      // Unquoted in braces, its first comma ended it.
      let cut = lower.contains(")") ? "" : " (in braces, { … }, its commas end it: quote it)"
      return .failure(
        ColorSyntaxError(message: "'\(Diagnostic.shown(original))' is not a colour; write \(usage)\(cut)"))
    }
    let inner = lower.dropFirst(hasAlpha ? 5 : 4).dropLast()
    let numbers = inner.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingSpaces())
    }
    guard numbers.count == (hasAlpha ? 4 : 3), numbers.allSatisfy({ $0 != nil && $0!.isFinite }) else {
      return .failure(ColorSyntaxError(message: "'\(Diagnostic.shown(original))' is not a colour; write \(usage)"))
    }
    let values = numbers.map { $0! }
    guard values.prefix(3).allSatisfy({ (0...255).contains($0) }), !hasAlpha || (0...1).contains(values[3]) else {
      return .failure(ColorSyntaxError(message: "'\(Diagnostic.shown(original))' is out of range; write \(usage)"))
    }
    return .success(
      .literal(
        RGBA(red: values[0] / 255, green: values[1] / 255, blue: values[2] / 255, alpha: hasAlpha ? values[3] : 1)))
  }

  private static func rgba(rgb: UInt32, alpha: Double) -> RGBA {
    RGBA(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255,
      alpha: alpha)
  }
}

/// Why a colour's text is not a colour.
struct ColorSyntaxError: Error {
  var message: String
}

/// Text from specs made safe to print on a terminal: control characters (escape, carriage
/// return, NUL, …) and the bidirectional overrides that reorder what a line shows are written as
/// `\u{1B}`, so a spec cannot forge diagnostic lines, move the cursor or set the window title.
enum VisibleText {
  /// `text` with every unsafe scalar escaped; tabs are kept when `keepingTabs`.
  static func escaped<Text: StringProtocol>(_ text: Text, keepingTabs: Bool = false) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      result += escaped(scalar, keepingTabs: keepingTabs)
    }
    return result
  }

  /// One scalar as printed.
  static func escaped(_ scalar: Unicode.Scalar, keepingTabs: Bool = false) -> String {
    if keepingTabs, scalar == "\t" { return "\t" }
    guard isUnsafe(scalar) else { return String(scalar) }
    return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.properties.generalCategory == .control { return true }
    switch scalar.value {
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}

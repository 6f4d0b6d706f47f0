extension Substring {
  /// The text without the spaces and tabs at its ends: what Foundation's
  /// `trimmingCharacters(in: .whitespaces)` gives (Unicode's space separators and the tab), without
  /// its trip through `NSString` on Linux, which took a fifth of checking a spec's colours.
  public func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.isSpaceOrTab }),
      let last = scalars.lastIndex(where: { !$0.isSpaceOrTab })
    else { return "" }
    return String(scalars[first...last])
  }
}

extension String {
  /// The text without the spaces and tabs at its ends, as `Substring.trimmingSpaces()`.
  public func trimmingSpaces() -> String {
    self[...].trimmingSpaces()
  }
}

extension Unicode.Scalar {
  /// A tab or a space separator (general category Zs), and the zero-width space, which
  /// `CharacterSet.whitespaces` also has (as Unicode once classed it).
  fileprivate var isSpaceOrTab: Bool {
    isASCII ? self == " " || self == "\t" : self == "\u{200B}" || properties.generalCategory == .spaceSeparator
  }
}

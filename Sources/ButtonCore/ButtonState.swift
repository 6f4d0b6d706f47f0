/// The states a button image can be drawn in.
public enum ButtonState: String, CaseIterable, Sendable, Codable, Comparable {
  case normal, highlighted, disabled, selected, loading, focused

  /// The states rendered when a button has no `states` key.
  public static let implicitStates: [ButtonState] = [.normal, .highlighted, .disabled]

  public static func < (lhs: ButtonState, rhs: ButtonState) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// Light or dark mode: which value of a light/dark palette entry applies.
public enum Appearance: String, CaseIterable, Sendable, Codable, Comparable {
  case light, dark

  public static func < (lhs: Appearance, rhs: Appearance) -> Bool { lhs == .light && rhs == .dark }
}

/// How the button's parts are composed; see the spec format's Styles.
public enum ButtonStyle: String, CaseIterable, Sendable, Codable {
  /// The shape is filled; text and image are drawn on top.
  case fill
  /// Only the text, image and border show, filled with the gradient.
  case mask
  /// The shape is filled and the text, image and border are punched out.
  case reversed
}

/// Where a border's stroke sits relative to the shape's edge.
public enum BorderAlignment: String, CaseIterable, Sendable, Codable {
  case inside, center, outside
}

/// Where an image sits relative to the text.
public enum ImagePosition: String, CaseIterable, Sendable, Codable {
  case leading, trailing, top, bottom, center

  /// The position in a right-to-left layout: leading and trailing swap.
  public var mirrored: ImagePosition {
    switch self {
    case .leading: return .trailing
    case .trailing: return .leading
    default: return self
    }
  }
}

/// Where a border's stroke sits relative to the shape's edge.
public enum BorderAlignment: String, CaseIterable, Sendable, Codable {
  case inside, center, outside
}

/// Where an image sits relative to the text.
public enum ImagePosition: String, CaseIterable, Sendable, Codable {
  case leading, trailing, top, bottom, center
}

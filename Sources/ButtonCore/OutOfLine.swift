/// A value kept behind a reference: for the large optional parts of a value held many times
/// over (`RenderJob`, once per state of every button), an absent part takes the room of one
/// pointer instead of its own size, and copies share a present one. Never changed once made
/// (a change makes another); compared, hashed and coded as the value itself, so a type that keeps
/// a part this way encodes exactly as it did inline.
public final class OutOfLine<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
  /// The value.
  public let value: Value

  /// Keeps `value`.
  public init(_ value: Value) {
    self.value = value
  }

  public static func == (lhs: OutOfLine, rhs: OutOfLine) -> Bool {
    lhs === rhs || lhs.value == rhs.value
  }

  public func hash(into hasher: inout Hasher) {
    value.hash(into: &hasher)
  }

  public convenience init(from decoder: Decoder) throws {
    self.init(try Value(from: decoder))
  }

  public func encode(to encoder: Encoder) throws {
    try value.encode(to: encoder)
  }
}

/// A value kept behind a reference: for the large optional parts of a value held many times
/// over (a render job or a state's look, once per state of every button), an absent part takes
/// the room of one pointer instead of its own size, and copies share a present one. Never
/// changed once made (a change makes another); compared, hashed and coded as the value itself,
/// so a type that keeps a part this way encodes exactly as it did inline.
public final class OutOfLine<Value: Sendable>: Sendable {
  /// The value.
  public let value: Value

  /// Keeps `value`.
  public init(_ value: Value) {
    self.value = value
  }
}

extension OutOfLine: Equatable where Value: Equatable {
  public static func == (lhs: OutOfLine, rhs: OutOfLine) -> Bool {
    lhs === rhs || lhs.value == rhs.value
  }
}

extension OutOfLine: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    value.hash(into: &hasher)
  }
}

extension OutOfLine: Encodable where Value: Encodable {
  public func encode(to encoder: Encoder) throws {
    try value.encode(to: encoder)
  }
}

extension OutOfLine: Decodable where Value: Decodable {
  public convenience init(from decoder: Decoder) throws {
    self.init(try Value(from: decoder))
  }
}

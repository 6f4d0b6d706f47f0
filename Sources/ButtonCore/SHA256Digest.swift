import Crypto

/// A SHA-256 digest held as its 32 bytes, ordered, compared and written as the lowercase hex
/// `sha256sum` prints. (As a `String` of 64 digits it took 112 bytes of the heap besides the
/// string itself: at 150,000 images, the keys, the objects' digests and the index held some
/// 40 MB of them.)
public struct SHA256Digest: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The bytes eight at a time, the first the most significant, so that ordering the words orders
  /// the hex text.
  private let first: UInt64, second: UInt64, third: UInt64, fourth: UInt64

  /// The digest Crypto computed.
  public init(_ digest: SHA256.Digest) {
    (first, second, third, fourth) = digest.withUnsafeBytes { bytes in
      func word(_ number: Int) -> UInt64 {
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: number * 8, as: UInt64.self))
      }
      return (word(0), word(1), word(2), word(3))
    }
  }

  /// The digest written as `hex`: exactly 64 lowercase hex digits, or `nil` (an uppercase digit
  /// names another file in the store, and so another object).
  public init?(hex: some StringProtocol) {
    var text = String(hex)
    guard let digest = text.withUTF8({ Self(hexDigits: UnsafeRawBufferPointer($0)) }) else { return nil }
    self = digest
  }

  /// The digest whose 64 lowercase hex digits are `hexDigits`, or `nil`.
  public init?(hexDigits: UnsafeRawBufferPointer) {
    guard hexDigits.count == 64 else { return nil }
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    for index in 0..<64 {
      guard let value = Self.value(ofDigit: hexDigits[index]) else { return nil }
      switch index / 16 {
      case 0: words.0 = words.0 << 4 | value
      case 1: words.1 = words.1 << 4 | value
      case 2: words.2 = words.2 << 4 | value
      default: words.3 = words.3 << 4 | value
      }
    }
    (first, second, third, fourth) = words
  }

  private static func value(ofDigit digit: UInt8) -> UInt64? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(digit - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(digit - UInt8(ascii: "a") + 10)
    default: nil
    }
  }

  private static let digits = Array("0123456789abcdef".utf8)

  /// The 64 lowercase hex digits.
  public var hex: String {
    String(unsafeUninitializedCapacity: 64) { buffer in
      for (position, word) in zip(stride(from: 0, to: 64, by: 16), [first, second, third, fourth]) {
        for nibble in 0..<16 {
          buffer[position + nibble] = Self.digits[Int(word >> UInt64(60 - 4 * nibble) & 0xF)]
        }
      }
      return 64
    }
  }

  public var description: String { hex }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.first, lhs.second, lhs.third, lhs.fourth) < (rhs.first, rhs.second, rhs.third, rhs.fourth)
  }
}

extension SHA256Digest: CodingKeyRepresentable {
  /// The hex digits, as a key of a JSON object (a map keyed by digests is one, not an array).
  public var codingKey: CodingKey { HexKey(stringValue: hex) }

  /// The digest a key's hex digits write, or `nil`.
  public init?<Key: CodingKey>(codingKey: Key) {
    self.init(hex: codingKey.stringValue)
  }

  private struct HexKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension SHA256Digest: Codable {
  /// Reads the digest's hex digits.
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard let digest = Self(hex: try container.decode(String.self)) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not 64 lowercase hex digits")
    }
    self = digest
  }

  /// Writes the digest's hex digits.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(hex)
  }
}

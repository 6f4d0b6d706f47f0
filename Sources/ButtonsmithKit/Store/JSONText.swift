import Foundation

/// How Buttonsmith writes JSON's scalars, byte for byte as `JSONEncoder` writes them with
/// `.withoutEscapingSlashes`: the manifest (`PrettyJSON`) and the canonical encoding of a job's
/// key (`CanonicalJSONEncoder`) both write through these, so neither depends on Foundation's
/// choices staying the same.
enum JSONText {
  /// A string literal: `"` and `\` escaped, control characters as `\n`-style escapes where JSON
  /// has one and `\u00XX` otherwise; everything else, `/` included, as its UTF-8 bytes.
  static func appendString(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var string = string
    // Scanned as a buffer: through `String.UTF8View` the scan took a sixth of writing a manifest.
    string.withUTF8 { utf8 in
      // Most strings (keys, names, digests) need no escape: their bytes go in whole.
      guard utf8.contains(where: needsEscape) else { return bytes.append(contentsOf: utf8) }
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
        case 0x08: bytes.append(contentsOf: "\\b".utf8)
        case 0x0C: bytes.append(contentsOf: "\\f".utf8)
        case 0x0A: bytes.append(contentsOf: "\\n".utf8)
        case 0x0D: bytes.append(contentsOf: "\\r".utf8)
        case 0x09: bytes.append(contentsOf: "\\t".utf8)
        case 0..<0x20:
          bytes.append(contentsOf: "\\u00".utf8)
          bytes.append(hexDigits[Int(byte >> 4)])
          bytes.append(hexDigits[Int(byte & 0xF)])
        default: bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// A number: Swift's shortest text that reads back as the same value, less a trailing `.0`
  /// (`1`, `0.5`, `1e-07`). Throws for a number JSON cannot hold (NaN, infinity), as
  /// `JSONEncoder` does.
  static func appendNumber<Number: BinaryFloatingPoint & LosslessStringConvertible>(
    _ number: Number, to bytes: inout [UInt8]
  ) throws {
    guard number.isFinite else {
      throw EncodingError.invalidValue(
        number, .init(codingPath: [], debugDescription: "\(number) is not a number JSON can hold"))
    }
    // A whole number below 2 to the number of significand bits (2^52 for a `Double`, 2^23 for a
    // `Float`), where `description` has no exponent yet, is its integer's digits (-0 keeps its
    // sign, as `description` does).
    let plainLimit = Number(sign: .plus, exponent: Number.Exponent(Number.significandBitCount), significand: 1)
    if number == number.rounded(.towardZero), abs(number) < plainLimit, number != 0 || number.sign == .plus {
      bytes.append(contentsOf: String(Int64(number)).utf8)
      return
    }
    var text = number.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes.append(contentsOf: text.utf8)
  }

  /// Whether `first` comes before `second` in a sorted object: by their UTF-8 bytes, the order
  /// `JSONEncoder`'s `.sortedKeys` gives on Linux (on Darwin it compares them as localized text).
  static func keyPrecedes(_ first: String, _ second: String) -> Bool {
    var (first, second) = (first, second)
    return first.withUTF8 { one in
      second.withUTF8 { other in
        let common = min(one.count, other.count)
        let order = common == 0 ? 0 : memcmp(one.baseAddress!, other.baseAddress!, common)
        return order < 0 || (order == 0 && one.count < other.count)
      }
    }
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}

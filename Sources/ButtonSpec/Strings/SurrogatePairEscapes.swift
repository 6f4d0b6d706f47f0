import Foundation

/// Escaped UTF-16 surrogate pairs (`\ud83d\ude00`), which JSON writers such as Python's `json`
/// use for every character outside the Basic Multilingual Plane and which YAML refuses, read
/// by the located reader all the same: each pair is written, at the same length, as two escaped
/// private-use characters that stand for it (`\ue03d\ue600`), and each such pair the reader gives
/// back is the character again. Every line and column stays where it was.
enum SurrogatePairEscapes {
  /// The first private-use character that stands for a high surrogate (`U+D800` is `U+E000`);
  /// low surrogates follow from `U+E400`.
  static let highBase: UInt32 = 0xE000
  static let lowBase: UInt32 = 0xE400
  /// The private-use characters that stand for surrogates: `U+E000` to `U+E7FF`.
  static let standIns: ClosedRange<UInt32> = 0xE000...0xE7FF

  /// `data` with its escaped surrogate pairs written as escaped stand-ins; `nil` when it has
  /// none, or when it already holds a stand-in (escaped or not), which would be read as a pair.
  static func escaped(_ data: Data) -> Data? {
    var bytes = [UInt8](data)
    if String(decoding: bytes, as: UTF8.self).unicodeScalars.contains(where: { standIns.contains($0.value) }) {
      return nil
    }
    var replaced = false
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      guard bytes[index + 1] == UInt8(ascii: "u"), let unit = hexUnit(bytes, at: index + 2) else {
        index += 2
        continue
      }
      if standIns.contains(unit) { return nil }
      if (0xD800...0xDBFF).contains(unit), index + 11 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
        bytes[index + 7] == UInt8(ascii: "u"), let low = hexUnit(bytes, at: index + 8), (0xDC00...0xDFFF).contains(low)
      {
        write(highBase + unit - 0xD800, into: &bytes, at: index + 2)
        write(lowBase + low - 0xDC00, into: &bytes, at: index + 8)
        replaced = true
        index += 12
      } else {
        index += 6
      }
    }
    return replaced ? Data(bytes) : nil
  }

  /// `node` with each pair of stand-ins in its keys and texts read as the character it stands for.
  static func restored(_ node: SpecNode) -> SpecNode {
    node.mappingTexts(restored)
  }

  /// `text` with each pair of stand-ins read as the character it stands for.
  static func restored(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { standIns.contains($0.value) }) else { return text }
    var result = String.UnicodeScalarView()
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      if (highBase..<lowBase).contains(scalar.value), let next = scalars.first,
        (lowBase...standIns.upperBound).contains(next.value),
        let joined = Unicode.Scalar(0x10000 + ((scalar.value - highBase) << 10) + (next.value - lowBase))
      {
        scalars.removeFirst()
        result.append(joined)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The four hex digits at `index`, as a number.
  private static func hexUnit(_ bytes: [UInt8], at index: Int) -> UInt32? {
    guard index + 4 <= bytes.count else { return nil }
    return UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
  }

  /// Writes `unit` as four hex digits at `index`.
  private static func write(_ unit: UInt32, into bytes: inout [UInt8], at index: Int) {
    bytes.replaceSubrange(index..<index + 4, with: Array(String(format: "%04X", unit).utf8))
  }
}

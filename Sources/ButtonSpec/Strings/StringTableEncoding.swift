import Foundation

/// How string tables are encoded: UTF-8, or UTF-16 (with or without a byte-order mark), and
/// where a table that is neither goes wrong.
enum StringTableEncoding {
  /// `data` as text: UTF-16 (`utf16Units`) of whole code units, or else UTF-8 (a byte-order mark
  /// left out); `nil` when it is neither.
  static func decode(_ data: Data) -> String? {
    if let units = utf16Units(of: data) {
      let markLength = data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) ? 2 : 0
      guard (data.count - markLength) % 2 == 0 else { return nil }
      return String(validating: units, as: UTF16.self)
    }
    let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
    return String(validating: body, as: UTF8.self)
  }

  /// The code units of `data` when it is UTF-16: with a byte-order mark (which is left out), or
  /// without one when either of its first two bytes is zero; `nil` when it is taken as UTF-8.
  static func utf16Units(of data: Data) -> [UInt16]? {
    let bytes = [UInt8](data)
    var bigEndian: Bool
    var start = 0
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      (bigEndian, start) = (bytes[0] == 0xFE, 2)
    } else if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 {
      bigEndian = bytes[0] == 0
    } else {
      return nil
    }
    return stride(from: start, to: bytes.count - 1, by: 2).map { index -> UInt16 in
      let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
      return UInt16(high) << 8 | UInt16(low)
    }
  }

  /// Why `data`, which is not text, is not: the first byte that is not UTF-8, or the
  /// first code unit that is not UTF-16 (a lone surrogate, an odd last byte), where it is.
  static func problem(in data: Data, file: String) -> Diagnostic {
    if let units = utf16Units(of: data) {
      // The first lone surrogate, or else the end, where the odd last byte is.
      let position = TextPosition.firstInvalidUTF16(in: units)
      let message =
        String(validating: units, as: UTF16.self) == nil
        ? "string table is not UTF-16 text (lone surrogate U+\(position.unitHex))"
        : "string table is UTF-16 text with an odd number of bytes"
      return Diagnostic(
        .invalidEncoding, message, at: SourceLocation(file: file, line: position.line, column: position.column))
    }
    let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
    let position = TextPosition.firstInvalidUTF8(in: body)
    return Diagnostic(
      .invalidEncoding, "string table is not UTF-8 text (invalid byte 0x\(position.byteHex))",
      at: SourceLocation(file: file, line: position.line, column: position.column))
  }
}

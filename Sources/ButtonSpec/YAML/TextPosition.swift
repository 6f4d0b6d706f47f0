import Foundation

/// Line-and-column arithmetic on the raw text of a file, for problems found before or
/// outside the YAML parser.
enum TextPosition {
  /// Where the first byte that is not valid UTF-8 is, and what it is.
  static func firstInvalidUTF8(in data: Data) -> (line: Int, column: Int, byteHex: String) {
    let bytes = [UInt8](data)
    var line = 1
    var column = 1
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length: Int
      switch lead {
      case 0..<0x80: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: length = 0
      }
      // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
      let second: ClosedRange<UInt8> =
        switch lead {
        case 0xE0: 0xA0...0xBF
        case 0xED: 0x80...0x9F
        case 0xF0: 0x90...0xBF
        case 0xF4: 0x80...0x8F
        default: 0x80...0xBF
        }
      let continuation = index + 1..<min(index + max(length, 1), bytes.count)
      guard length > 0, index + length <= bytes.count,
        continuation.allSatisfy({ (($0 == index + 1) ? second : 0x80...0xBF).contains(bytes[$0]) })
      else { break }
      if lead == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += length
    }
    let byte = index < bytes.count ? bytes[index] : 0
    return (line, column, String(format: "%02X", byte))
  }

  /// Where the first UTF-16 code unit of `units` that is not part of a character is (a
  /// surrogate without its other half), and what it is.
  static func firstInvalidUTF16(in units: [UInt16]) -> (line: Int, column: Int, unitHex: String) {
    var index = 0
    while index < units.count {
      let unit = units[index]
      if (0xD800..<0xDC00).contains(unit), index + 1 < units.count, (0xDC00..<0xE000).contains(units[index + 1]) {
        index += 2
      } else if (0xD800..<0xE000).contains(unit) {
        break
      } else {
        index += 1
      }
    }
    // Lines end at `\n` alone, as the `.strings` reader and `firstInvalidUTF8` count them.
    var (line, column) = (1, 1)
    for scalar in String(decoding: units[..<index], as: UTF16.self).unicodeScalars {
      (line, column) = scalar == "\n" ? (line + 1, 1) : (line, column + 1)
    }
    return (line, column, String(format: "%04X", index < units.count ? units[index] : 0))
  }

  /// Where each U+0085, U+2028 and U+2029 of `text` is, lines counted at `\n` as editors count
  /// them.
  static func ambiguousLineBreaks(in text: String) -> [(scalar: Unicode.Scalar, line: Int, column: Int)] {
    guard text.unicodeScalars.contains(where: { [0x85, 0x2028, 0x2029].contains($0.value) }) else { return [] }
    var found: [(scalar: Unicode.Scalar, line: Int, column: Int)] = []
    var (line, column) = (1, 1)
    for scalar in text.unicodeScalars {
      if [0x85, 0x2028, 0x2029].contains(scalar.value) { found.append((scalar, line, column)) }
      if scalar == "\n" {
        (line, column) = (line + 1, 1)
      } else {
        column += 1
      }
    }
    return found
  }

  /// Line and column of the character at `offset` (counted in `Character`s, as Yams reports
  /// reader errors). Lines end where editors end them: at `\n`, `\r\n` and `\r`, not at
  /// U+0085, U+2028 and U+2029 (which JSON takes raw in its strings).
  static func position(ofCharacterOffset offset: Int, in text: String) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for character in text.prefix(offset) {
      if character == "\n" || character == "\r\n" || character == "\r" {
        line += 1
        column = 1
      } else {
        column += character.unicodeScalars.count
      }
    }
    return (line, column)
  }

  /// Line and column of the byte at `offset` of UTF-8 `data` (as Foundation's JSON reader
  /// reports errors), the column counted in characters as in every other diagnostic.
  static func position(ofByteOffset offset: Int, in data: Data) -> (line: Int, column: Int) {
    let before = String(decoding: data.prefix(offset), as: UTF8.self)
    return position(ofCharacterOffset: before.count, in: before)
  }

  /// The first key that is not a plain scalar: an explicit `? key`, an alias used as a key,
  /// or a flow list or map used as a key. Quoted text, comments and block scalars are skipped.
  static func firstComplexKey(in text: String) -> (line: Int, key: ComplexKeyScanner.Key)? {
    var scanner = ComplexKeyScanner()
    for (index, line) in lines(of: text).enumerated() {
      if let key = scanner.scan(line: line) {
        return (index + 1, key)
      }
    }
    return nil
  }

  /// The lines of `text` as YAML counts them, in Unicode scalars (columns count scalars): split
  /// at each line feed, a carriage return before it kept at the line's end. (Split as `String`s,
  /// a CRLF file would be one line: `"\r\n"` is one `Character`.)
  static func lines(of text: String) -> [[Unicode.Scalar]] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
  }
}

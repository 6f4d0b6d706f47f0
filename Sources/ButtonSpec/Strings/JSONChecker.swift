/// Finds where text stops being JSON (RFC 8259), as a JSON reader would refuse it, without
/// building what it describes.
///
/// A string catalog is read with the YAML reader, which locates every value; YAML takes more
/// than JSON (comments, unquoted words, block maps), and Xcode refuses those. Foundation's
/// reader would say so too, but builds the whole document first: on Linux about 120 bytes of
/// memory per byte of a catalog (a 28 MB catalog took 3.8 GB). This checks the bytes in one
/// pass, with memory for the nesting only.
struct JSONChecker {
  /// Where the text stops being JSON, and why.
  struct Problem: Equatable {
    /// The offset of the first byte that is out of place (the text's length: it ended early).
    var offset: Int
    /// What is wrong, when more can be said than that the byte is out of place.
    var reason: String?
  }

  /// The most arrays and objects open at once.
  static let maximumDepth = 10_000

  /// The first problem of `bytes` as one JSON document (an object or an array, as a catalog is;
  /// a leading byte order mark is allowed); `nil` when it is JSON.
  static func problem(in bytes: some Collection<UInt8>) -> Problem? {
    let text = Array(bytes)
    var checker = JSONChecker(text: text)
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { checker.position = 3 }
    return checker.document()
  }

  private let text: [UInt8]
  private var position = 0

  private init(text: [UInt8]) {
    self.text = text
  }

  private var current: UInt8? { position < text.count ? text[position] : nil }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
  }

  private func problem(_ reason: String? = nil) -> Problem { Problem(offset: position, reason: reason) }

  private mutating func document() -> Problem? {
    skipSpace()
    guard current == UInt8(ascii: "{") || current == UInt8(ascii: "[") else { return problem() }
    if let problem = value() { return problem }
    skipSpace()
    return current == nil ? nil : problem()
  }

  /// Reads one value; containers are followed with a stack of what each expects next, not by
  /// recursion, so deep nesting costs a byte per level.
  private mutating func value() -> Problem? {
    var open: [UInt8] = []  // "}" or "]" for each container open
    var expectsValue = true
    while true {
      skipSpace()
      if expectsValue {
        guard let byte = current else { return problem() }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          guard open.count < Self.maximumDepth else {
            return problem("it nests deeper than \(Self.maximumDepth) levels")
          }
          let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
          open.append(closing)
          position += 1
          skipSpace()
          if current == closing {
            position += 1
            open.removeLast()
            expectsValue = false
            break
          }
          if closing == UInt8(ascii: "}") {
            guard current == UInt8(ascii: "\"") else { return problem() }
            if let problem = key() { return problem }
          }
          continue
        case UInt8(ascii: "\""):
          if let problem = string() { return problem }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          if let problem = number() { return problem }
        default:
          if let problem = literal() { return problem }
        }
        expectsValue = false
      }
      // After a value: the end, a comma, or the close of its container.
      guard let closing = open.last else { return nil }
      skipSpace()
      if current == closing {
        position += 1
        open.removeLast()
        continue
      }
      guard current == UInt8(ascii: ",") else { return problem() }
      position += 1
      skipSpace()
      if closing == UInt8(ascii: "}") {
        guard current == UInt8(ascii: "\"") else { return problem() }
        if let problem = key() { return problem }
      }
      expectsValue = true
    }
  }

  /// A member's name and its colon.
  private mutating func key() -> Problem? {
    if let problem = string() { return problem }
    skipSpace()
    guard current == UInt8(ascii: ":") else { return problem() }
    position += 1
    return nil
  }

  private mutating func string() -> Problem? {
    position += 1
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return nil
      case UInt8(ascii: "\\"):
        position += 1
        guard let escaped = current else { return problem() }
        if escaped == UInt8(ascii: "u") {
          for _ in 0..<4 {
            position += 1
            guard let digit = current, digit.isHexDigit else { return problem("'\\u' takes four hexadecimal digits") }
          }
        } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
          return problem("'\\\(Character(Unicode.Scalar(escaped)))' is not an escape JSON has")
        }
        position += 1
      case 0..<0x20:
        return problem("a control character must be escaped in a JSON string")
      default:
        position += 1
      }
    }
    return problem()
  }

  private mutating func number() -> Problem? {
    let start = position
    if current == UInt8(ascii: "-") { position += 1 }
    guard let first = current, first.isDigit else { return problem() }
    position += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    if current == UInt8(ascii: ".") {
      position += 1
      guard current?.isDigit == true else { return problem() }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard current?.isDigit == true else { return problem() }
      skipDigits()
    }
    // A JSON reader refuses a number no double holds.
    let written = String(decoding: text[start..<position], as: UTF8.self)
    guard let number = Double(written), number.isFinite else {
      position = start
      return problem("the number is out of range")
    }
    return nil
  }

  private mutating func skipDigits() {
    while current?.isDigit == true { position += 1 }
  }

  private mutating func literal() -> Problem? {
    for word in ["true", "false", "null"] where text[position...].starts(with: word.utf8) {
      position += word.utf8.count
      return nil
    }
    return problem()
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  fileprivate var isHexDigit: Bool {
    isDigit || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f"))
      || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
  }
}

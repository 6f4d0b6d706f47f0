import Foundation

/// Reads a `.strings` file: `"key" = "value";` entries with `/* */` and `//` comments, in UTF-8 or
/// UTF-16 (with or without a byte-order mark), as Xcode and `genstrings` write them. The escapes
/// are those of old-style property lists: `\"`, `\\`, `\n`, `\t`, `\r`, `\a`, `\b`, `\f`, `\v`,
/// octal `\101` (up to three digits), and `\U` and `\u` with four hex digits. Each mistake is
/// reported at its line and column (up to 100), and the reading goes on: at the next entry after a
/// forgotten `;`, at the next line after any other.
struct DotStringsReader {
  /// The file as shown in diagnostics.
  let file: String

  func read(_ data: Data, language: String, into tables: inout StringTables, diagnostics: inout Diagnostics) {
    guard let text = StringTableEncoding.decode(data) else {
      diagnostics.add(StringTableEncoding.problem(in: data, file: file))
      return
    }
    var scanner = Scanner(scalars: Array(text.unicodeScalars), file: file)
    var mistakes = 0
    // Where the entry's last quoted string that ran past its line began: one whose closing
    // quote is missing ends at the next entry's first quote, and everything after is out of
    // step, so a mistake after it is reported there, once, and the reading goes on at the line
    // after it.
    var runOn: Scanner?
    // The entry's key, when it was read whole.
    var entryKey: Located<String>?
    while mistakes < Self.maximumMistakes {
      do {
        while try scanner.skipSpaceAndComments() {
          runOn = nil
          let key = try scanner.token(runningOn: &runOn)
          entryKey = runOn == nil ? key : nil
          var afterValue = scanner.location
          try scanner.skipSpaceAndComments(expecting: "'=' or ';' after the key")
          var value = key
          var more = true
          // `"key";` is the key for its own value.
          var hasValue = false
          var expected = "expected '=' or ';' after the key"
          if scanner.peek == "=" {
            scanner.advance()
            try scanner.skipSpaceAndComments(expecting: "a value after '='")
            value = try scanner.token(runningOn: &runOn)
            afterValue = scanner.location
            more = try scanner.skipSpaceAndComments()
            hasValue = true
            expected = "expected ';' after the value"
          }
          // What follows on the entry's last line is part of it (a string that lost its closing
          // quote, `"b = "B";`); on a later line, the next entry or the end of the file.
          let followsOnItsLine = more && scanner.line == afterValue.line
          if more, scanner.peek == ";" {
            scanner.advance()
          } else if followsOnItsLine, runOn != nil || !hasValue {
            throw scanner.failure(
              runOn == nil && key.value.contains("=") ? expected + "; is the key's closing quote missing?" : expected)
          } else if !more || scanner.startsToken {
            // The next entry, or the end, comes where the ';' was forgotten: reported where it
            // belongs, and the entry is kept, as if it were there (a string that ran over lines
            // and ends its line is one with line breaks).
            diagnostics.add(.invalidStringTable, expected, at: afterValue)
            mistakes += 1
            if mistakes >= Self.maximumMistakes { return }
          } else {
            throw scanner.failure(expected)
          }
          tables.add(key.value, value, language: language)
          // A later mistake (a comment left open) is not this entry's.
          runOn = nil
        }
        return
      } catch let failure as Scanner.Failure {
        // Reported, and the reading goes on at the next line.
        if let start = runOn {
          diagnostics.add(
            .invalidStringTable,
            "this string runs past the end of its line to line \(failure.location.line) and is not followed by ';'; "
              + "is its closing quote missing?", at: start.location)
          // The key is kept, with the rest of the value's line, so that it is not also reported
          // missing (the table's error keeps it from being drawn).
          var value = start
          value.advance()
          if let key = entryKey { tables.add(key.value, value.restOfLine, language: language) }
          scanner = start
          runOn = nil
        } else {
          diagnostics.add(.invalidStringTable, failure.message, at: failure.location)
        }
        mistakes += 1
        scanner.skipLine()
      } catch {
        diagnostics.add(.invalidStringTable, "\(error)", at: .start(of: file))
        return
      }
    }
  }

  /// The most mistakes reported in one file: past them it is not read further.
  static let maximumMistakes = 100

  /// Walks the text one Unicode scalar at a time, counting lines and columns.
  struct Scanner {
    struct Failure: Error {
      var message: String
      var location: SourceLocation
    }

    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var column = 1

    init(scalars: [Unicode.Scalar], file: String) {
      self.scalars = scalars
      self.file = file
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    mutating func advance() {
      guard let scalar = peek else { return }
      index += 1
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }

    /// Whether a key (quoted, or a plain word) begins here.
    var startsToken: Bool {
      guard let scalar = peek else { return false }
      return scalar == "\"" || Self.isWordScalar(scalar)
    }

    /// A scalar of a plain word.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isAlphabetic || "0123456789_.$:/-".unicodeScalars.contains(scalar)
    }

    /// The text from here to the end of the line.
    var restOfLine: Located<String> {
      let end = scalars[index...].firstIndex(of: "\n") ?? scalars.count
      return Located(String(String.UnicodeScalarView(scalars[index..<end])), at: location)
    }

    /// Moves past the end of the current line.
    mutating func skipLine() {
      while let scalar = peek {
        advance()
        if scalar == "\n" { return }
      }
    }

    func failure(_ message: String) -> Failure {
      Failure(message: message + (peek == nil ? ", found the end of the file" : ""), location: location)
    }

    /// Skips whitespace and comments; `false` at the end of the text.
    mutating func skipSpaceAndComments() throws -> Bool {
      while let scalar = peek {
        if scalar.properties.isWhitespace {
          advance()
        } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
          let start = location
          advance()
          advance()
          while peek != nil, !(peek == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") { advance() }
          guard peek != nil else { throw Failure(message: "a comment is not closed", location: start) }
          advance()
          advance()
        } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
          while let next = peek, next != "\n" { advance() }
        } else {
          return true
        }
      }
      return false
    }

    mutating func skipSpaceAndComments(expecting what: String) throws {
      guard try skipSpaceAndComments() else { throw failure("expected \(what)") }
    }

    /// The four hex digits after `\U`.
    mutating func hexUnit(_ escaped: Unicode.Scalar, at location: SourceLocation) throws -> UInt32 {
      var hex = ""
      for _ in 0..<4 {
        guard let digit = peek, digit.properties.isASCIIHexDigit else { break }
        hex.unicodeScalars.append(digit)
        advance()
      }
      guard hex.count == 4, let value = UInt32(hex, radix: 16) else {
        throw Failure(message: "'\\\(escaped)' needs four hex digits of a character", location: location)
      }
      return value
    }

    /// The character of an octal escape whose first digit, `first`, was read: up to two more
    /// digits, the value kept to a byte as Core Foundation keeps it (`\400` is `\0`), and a byte
    /// past ASCII read in the NeXTSTEP encoding of old-style property lists.
    mutating func octalCharacter(_ first: Unicode.Scalar, at location: SourceLocation) throws -> Unicode.Scalar {
      var written = String(first)
      for _ in 0..<2 {
        guard let digit = peek, ("0"..."7").contains(digit) else { break }
        written.unicodeScalars.append(digit)
        advance()
      }
      let byte = UInt8(truncatingIfNeeded: Int(written, radix: 8) ?? 0)
      guard let character = String(data: Data([byte]), encoding: .nextstep)?.unicodeScalars.first else {
        throw Failure(
          message: "'\\\(written)' names no character of the NeXTSTEP encoding octal escapes are read in",
          location: location)
      }
      return character
    }

    /// A quoted string or a plain word; a quoted string that runs past its line sets `runOn`
    /// to where it began.
    mutating func token(runningOn runOn: inout Scanner?) throws -> Located<String> {
      let start = self
      let token = try token()
      if start.peek == "\"", line > start.line { runOn = start }
      return token
    }

    /// A quoted string or a plain word.
    mutating func token() throws -> Located<String> {
      let start = location
      guard peek == "\"" else {
        var word = ""
        while let scalar = peek, Self.isWordScalar(scalar) {
          word.unicodeScalars.append(scalar)
          advance()
        }
        guard !word.isEmpty else { throw failure("expected a quoted string") }
        return Located(word, at: start)
      }
      advance()
      var text = ""
      while let scalar = peek, scalar != "\"" {
        advance()
        guard scalar == "\\" else {
          text.unicodeScalars.append(scalar)
          continue
        }
        let escapeLocation = location
        guard let escaped = peek else { break }
        advance()
        switch escaped {
        case "n": text += "\n"
        case "t": text += "\t"
        case "r": text += "\r"
        case "a": text += "\u{07}"
        case "b": text += "\u{08}"
        case "f": text += "\u{0C}"
        case "v": text += "\u{0B}"
        case "0"..."7": text.unicodeScalars.append(try octalCharacter(escaped, at: escapeLocation))
        case "U", "u":
          var value = try hexUnit(escaped, at: escapeLocation)
          // A character beyond the first plane is written as two escapes: a surrogate pair.
          if (0xD800..<0xDC00).contains(value) {
            let unpaired = Failure(
              message: "'\\\(escaped)' names half of a character without its other half", location: escapeLocation)
            guard peek == "\\", index + 1 < scalars.count, scalars[index + 1] == "U" || scalars[index + 1] == "u"
            else { throw unpaired }
            advance()
            let second = scalars[index]
            advance()
            let low = try hexUnit(second, at: escapeLocation)
            guard (0xDC00..<0xE000).contains(low) else { throw unpaired }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let decoded = Unicode.Scalar(value) else {
            throw Failure(message: "'\\\(escaped)' names no character", location: escapeLocation)
          }
          text.unicodeScalars.append(decoded)
        default: text.unicodeScalars.append(escaped)
        }
      }
      guard peek == "\"" else { throw Failure(message: "a string is not closed", location: start) }
      advance()
      return Located(text, at: start)
    }
  }
}

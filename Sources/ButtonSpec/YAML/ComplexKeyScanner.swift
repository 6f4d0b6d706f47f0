/// A line-by-line scan of YAML text for keys that are not plain scalars.
///
/// It knows just enough YAML to skip quoted text, comments and block scalars; anything it
/// misjudges only makes the reader refuse a key shape the spec format never uses.
struct ComplexKeyScanner {
  /// A key that is not a plain scalar, found on one line.
  struct Key: Equatable {
    /// The 1-based column where the key starts.
    var column: Int
    /// The key as written, when it is all on its line (a flow list or map, an alias): the text
    /// the reader can set aside to read the rest of the file. `nil` for an explicit key (`? `)
    /// and for a flow key that began on an earlier line.
    var written: String?
  }

  private var quote: Unicode.Scalar?
  private var blockIndent: Int?

  /// Scans one line; returns the first complex key on it, if it has one.
  mutating func scan(line: [Unicode.Scalar]) -> Key? {
    let indent = line.prefix { $0 == " " }.count
    if let blockIndent {
      if indent > blockIndent || line.allSatisfy({ $0 == " " || $0 == "\r" }) { return nil }
      self.blockIndent = nil
    }
    var index = 0
    var atTokenStart = true
    var lastSignificant: Unicode.Scalar?
    while index < line.count {
      let character = line[index]
      if let open = quote {
        if character == "\\" && open == "\"" {
          index += 2
          continue
        }
        if character == open {
          if open == "'" && index + 1 < line.count && line[index + 1] == "'" {
            index += 2
            continue
          }
          quote = nil
        }
        index += 1
        continue
      }
      let next: Unicode.Scalar? = index + 1 < line.count ? line[index + 1] : nil
      let nextIsBreak = next == nil || next == " " || next == "\r"
      switch character {
      case "\"" where atTokenStart, "'" where atTokenStart:
        quote = character
      case "#" where index == 0 || line[index - 1] == " ":
        index = line.count
        continue
      case "?" where atTokenStart && nextIsBreak:
        // `? opacity` is the key `opacity` written explicitly; any other explicit key is not.
        guard Self.startsPlainScalar(line[(index + 1)...]) else { return Key(column: index + 1, written: nil) }
      case "*" where atTokenStart:
        var end = index + 1
        while end < line.count, Self.isAnchorCharacter(line[end]) { end += 1 }
        var after = end
        while after < line.count, line[after] == " " { after += 1 }
        if after < line.count, line[after] == ":" {
          return Key(column: index + 1, written: Self.text(line[index..<end]))
        }
      case "]", "}":
        var after = index + 1
        while after < line.count, line[after] == " " { after += 1 }
        if after < line.count, line[after] == ":",
          after + 1 == line.count || [" ", "\r"].contains(line[after + 1])
        {
          guard let open = Self.opening(of: index, in: line) else { return Key(column: index + 1, written: nil) }
          return Key(column: open + 1, written: Self.text(line[open...index]))
        }
      default:
        break
      }
      if character != " " { lastSignificant = character }
      atTokenStart = [" ", "[", "{", ",", "-", ":"].contains(character)
      index += 1
    }
    if quote == nil, let last = lastSignificant, last == "|" || last == ">" || isBlockIndicatorTail(line) {
      blockIndent = indent
    }
    return nil
  }

  /// Whether `rest`, what follows an explicit key's `?`, is a plain or quoted scalar: not
  /// empty (a key on the lines below), not a flow collection, an alias, a tag, a block scalar
  /// or a block list.
  private static func startsPlainScalar(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
    let text = rest.drop { $0 == " " }
    guard let first = text.first, first != "\r", !"[{*&!|>#%@`".unicodeScalars.contains(first) else { return false }
    let second = text.dropFirst().first
    return !(first == "-" && (second == nil || second == " " || second == "\r"))
  }

  /// The position of the bracket that `close` (at that position of `line`) closes, on the same
  /// line; `nil` when it opened on an earlier one.
  private static func opening(of close: Int, in line: [Unicode.Scalar]) -> Int? {
    var depth = 0
    for position in stride(from: close, through: 0, by: -1) {
      switch line[position] {
      case "]", "}": depth += 1
      case "[", "{":
        depth -= 1
        if depth == 0 { return position }
      default: break
      }
    }
    return nil
  }

  private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    String(String.UnicodeScalarView(scalars))
  }

  private func isBlockIndicatorTail(_ line: [Unicode.Scalar]) -> Bool {
    let trimmed = String(String.UnicodeScalarView(line)).trimmingTrailingSpaces
    guard let marker = trimmed.lastIndex(where: { $0 == "|" || $0 == ">" }) else { return false }
    let tail = trimmed[trimmed.index(after: marker)...]
    return !tail.isEmpty && tail.allSatisfy { "+-0123456789".contains($0) }
      && trimmed[..<marker].hasSuffix(" ")
  }

  private static func isAnchorCharacter(_ character: Unicode.Scalar) -> Bool {
    character.properties.isAlphabetic || ("0"..."9").contains(character) || character == "_" || character == "-"
  }
}

extension String {
  var trimmingTrailingSpaces: String {
    var copy = self
    while copy.last == " " || copy.last == "\r" { copy.removeLast() }
    return copy
  }
}

/// A line-by-line scan of YAML text for keys that are not plain scalars.
///
/// It knows just enough YAML to skip quoted text, comments and block scalars; anything it
/// misjudges only makes the reader refuse a key shape the spec format never uses.
struct ComplexKeyScanner {
  private var quote: Unicode.Scalar?
  private var blockIndent: Int?

  /// Scans one line; returns the 1-based column of a complex key, if the line has one.
  mutating func scan(line: [Unicode.Scalar]) -> Int? {
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
        return index + 1
      case "*" where atTokenStart:
        var end = index + 1
        while end < line.count, Self.isAnchorCharacter(line[end]) { end += 1 }
        var after = end
        while after < line.count, line[after] == " " { after += 1 }
        if after < line.count, line[after] == ":" { return index + 1 }
      case "]", "}":
        var after = index + 1
        while after < line.count, line[after] == " " { after += 1 }
        if after < line.count, line[after] == ":",
          after + 1 == line.count || [" ", "\r"].contains(line[after + 1])
        {
          return index + 1
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

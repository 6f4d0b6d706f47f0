/// How many elements an SVG has, and the most attributes one of them has, counted in one pass
/// over its bytes before librsvg reads it: past a few thousand, what they cost to read and draw
/// grows faster than the file (libxml2 compares each attribute with every other of its element;
/// librsvg reads the document again for each image drawn from it).
///
/// The count is of start tags, so it is never less than the parser's: markup inside comments,
/// CDATA sections and processing instructions is passed over, as are quoted attribute values.
struct SVGStructure: Equatable {
  /// The most elements an SVG image may have.
  static let maximumElements = 100_000
  /// The most attributes one element may have.
  static let maximumAttributes = 1_000

  var elements = 0
  var mostAttributes = 0

  /// The structure of `bytes`.
  init(_ bytes: some Collection<UInt8>) {
    let bytes = Array(bytes)
    var position = 0
    // From `start`, the position just past `terminator`, or the end.
    func skip(past terminator: [UInt8], from start: Int) -> Int {
      var index = start
      while index + terminator.count <= bytes.count {
        if bytes[index] == terminator[0], bytes[index..<index + terminator.count].elementsEqual(terminator) {
          return index + terminator.count
        }
        index += 1
      }
      return bytes.count
    }
    while position < bytes.count {
      guard bytes[position] == UInt8(ascii: "<"), position + 1 < bytes.count else {
        position += 1
        continue
      }
      let next = bytes[position + 1]
      if next == UInt8(ascii: "!") {
        let rest = bytes[(position + 2)...]
        if rest.starts(with: "--".utf8) {
          position = skip(past: Array("-->".utf8), from: position + 4)
        } else if rest.starts(with: "[CDATA[".utf8) {
          position = skip(past: Array("]]>".utf8), from: position + 9)
        } else {
          position = skip(past: [UInt8(ascii: ">")], from: position + 2)
        }
      } else if next == UInt8(ascii: "?") {
        position = skip(past: Array("?>".utf8), from: position + 2)
      } else if Self.startsName(next) {
        elements += 1
        position = countAttributes(of: bytes, from: position + 2)
      } else {
        position += 1
      }
    }
  }

  /// Counts the attributes of the start tag whose name begins before `start`, and returns the
  /// position past its `>`.
  private mutating func countAttributes(of bytes: [UInt8], from start: Int) -> Int {
    var attributes = 0
    var quote: UInt8?
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "=") {
        attributes += 1
      } else if byte == UInt8(ascii: ">") {
        break
      }
    }
    mostAttributes = max(mostAttributes, attributes)
    return index
  }

  /// Whether `byte` can begin an element's name: a letter, `_`, `:` or part of a character
  /// beyond ASCII.
  private static func startsName(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: ":") || byte >= 0x80
  }

  /// Why an SVG of this structure is refused, or `nil`.
  var problem: String? {
    if elements > Self.maximumElements {
      return "has \(elements) elements, more than the \(Self.maximumElements) an SVG image may have; simplify it"
    }
    if mostAttributes > Self.maximumAttributes {
      return "has an element with \(mostAttributes) attributes, more than the \(Self.maximumAttributes) one may have"
    }
    return nil
  }
}

import Foundation

/// Markup a string table may not hold, found before the XML parser sees it.
extension AndroidStringsReader {
  /// Markup Foundation's XML parser on Linux cannot be given: a document type declaration (its
  /// notation and attribute-list declarations end the process) and a processing instruction
  /// other than the XML declaration (one without data does too). Android's resources have no
  /// use for either.
  enum RefusedMarkup: Equatable {
    case documentType, processingInstruction

    /// The diagnostic's message.
    var message: String {
      switch self {
      case .documentType:
        "a string table may not have a document type declaration (<!DOCTYPE>); Android resources use none"
      case .processingInstruction:
        "a string table may not hold processing instructions (<?…?>) other than the XML declaration at its start"
      }
    }
  }

  /// The first refused markup in `data` and its byte offset, looked for outside comments and
  /// CDATA sections (where `<!DOCTYPE` or `<?` is text); `nil` when there is none.
  static func refusedMarkup(in data: Data) -> (markup: RefusedMarkup, offset: Int)? {
    let bytes = [UInt8](data)
    // The XML declaration, only at the start (after a byte order mark).
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var index = 0
    while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
      let rest = bytes[open...]
      if rest.starts(with: Array("<!--".utf8)) {
        guard let end = find(Array("-->".utf8), in: bytes, from: open + 4) else { return nil }
        index = end
      } else if rest.starts(with: Array("<![CDATA[".utf8)) {
        guard let end = find(Array("]]>".utf8), in: bytes, from: open + 9) else { return nil }
        index = end
      } else if rest.starts(with: Array("<!DOCTYPE".utf8)) {
        return (.documentType, open)
      } else if rest.starts(with: Array("<?".utf8)) {
        let isDeclaration =
          open == start && rest.starts(with: Array("<?xml".utf8))
          && rest.dropFirst(5).first.map { [0x20, 0x09, 0x0A, 0x0D].contains($0) } == true
        guard isDeclaration else { return (.processingInstruction, open) }
        index = open + 5
      } else {
        index = open + 1
      }
    }
    return nil
  }

  /// The offset just past the first `pattern` in `bytes` from `offset`.
  private static func find(_ pattern: [UInt8], in bytes: [UInt8], from offset: Int) -> Int? {
    guard offset <= bytes.count else { return nil }
    var index = offset
    while index + pattern.count <= bytes.count {
      if bytes[index..<index + pattern.count].elementsEqual(pattern) { return index + pattern.count }
      index += 1
    }
    return nil
  }
}

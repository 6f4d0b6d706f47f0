import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an Android `strings.xml`: each `<string name="key">` of `<resources>`, unescaped as
/// Android's resource compiler does (`\'`, `\"`, `\n`, `\t`, `\\`, `\@`, `\?`, `\uXXXX`; runs of
/// whitespace collapsed outside double quotes, which are removed). `<plurals>` are skipped with
/// a `plural-skipped` warning; `translatable="false"` strings are kept, and their keys noted as
/// not to be translated (`StringTables.untranslated`), as Android's lint leaves them out of its
/// missing translations. Markup inside a string (`<xliff:g>`, `<b>`) contributes its text.
struct AndroidStringsReader {
  /// The file as shown in diagnostics.
  let file: String
  /// The folder the file is in (its resource configuration).
  var folder = ""

  func read(_ data: Data, language: String, into tables: inout StringTables, diagnostics: inout Diagnostics) {
    // Entities a file declares are refused, not expanded: a few kilobytes of declarations that
    // use one another expand to gigabytes of text, and the parser stops only the deepest.
    if let declaration = data.range(of: Data("<!ENTITY".utf8)) {
      let before = String(decoding: data[..<declaration.lowerBound], as: UTF8.self)
      let lines = SourceLines.split(before)
      diagnostics.add(
        .invalidStringTable, "a string table may not declare entities (<!ENTITY>); write the text out",
        at: SourceLocation(file: file, line: lines.count, column: (lines.last?.unicodeScalars.count ?? 0) + 1))
      return
    }
    // Foundation's parser ends the process on a name that is not UTF-8 (libxml2 goes on with
    // it as Latin-1): text that is not what it says is refused here, where it goes wrong.
    if !Self.declaresEightBitEncoding(data), StringTableEncoding.decode(data) == nil {
      diagnostics.add(StringTableEncoding.problem(in: data, file: file))
      return
    }
    let delegate = Delegate(
      file: file,
      lines: SourceLines.split(String(decoding: data, as: UTF8.self)).map { Array($0.unicodeScalars) })
    let parser = XMLParser(stream: InputStream(data: data))
    parser.delegate = delegate
    parser.shouldResolveExternalEntities = false
    // Foundation on Linux reports some mistakes (an element left open at the end of the file,
    // content after the root) to the delegate and still returns true.
    if !parser.parse() || delegate.errorPosition != nil, !delegate.aborted {
      let position = delegate.errorPosition ?? (parser.lineNumber, parser.columnNumber)
      diagnostics.add(
        .invalidStringTable, "string table is not well-formed XML",
        at: SourceLocation(file: file, line: max(1, position.line), column: max(1, position.column)))
    }
    diagnostics.formUnion(delegate.diagnostics)
    for (key, value) in delegate.strings {
      // aapt refuses a string a folder's other file defines too; the first file's is kept.
      if let first = tables.androidDefinitions[folder]?[key] {
        diagnostics.add(
          .invalidStringTable, "string '\(key)' is already defined in '\(first.file)', in the same folder",
          at: value.location, notes: [.init("first defined here", at: first)])
        continue
      }
      tables.androidDefinitions[folder, default: [:]][key] = value.location
      tables.add(key, value, language: language)
    }
    tables.untranslated.formUnion(delegate.untranslated)
  }

  /// Whether the XML declaration names an encoding other than UTF-8 and UTF-16 (ISO-8859-1,
  /// windows-1252), in which every byte is a character.
  static func declaresEightBitEncoding(_ data: Data) -> Bool {
    guard data.starts(with: Data("<?xml".utf8)) else { return false }
    let declaration = String(decoding: data.prefix(200).prefix { $0 != UInt8(ascii: ">") }, as: UTF8.self)
    guard let name = declaration.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression) else {
      return false
    }
    let value = declaration[name].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first ?? ""
    return !["utf-8", "utf8", "utf-16", "utf-16le", "utf-16be"].contains(value.lowercased())
  }

  /// Whether `raw` holds an apostrophe outside double quotes and not escaped (`\'`), which
  /// aapt2 refuses ("unescaped apostrophe in string"), written as `'`, `&apos;` or in CDATA.
  static func hasUnescapedApostrophe(_ raw: String) -> Bool {
    var quoted = false
    var scalars = raw.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\\": _ = scalars.next()
      case "\"": quoted.toggle()
      case "'" where !quoted: return true
      default: continue
      }
    }
    return false
  }

  /// Whether `scalar` is whitespace aapt collapses: ASCII's (C's `isspace`); a no-break space or
  /// an ideographic space is text.
  static func isCollapsedSpace(_ scalar: Unicode.Scalar) -> Bool {
    [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"].contains(scalar)
  }

  /// What aapt refuses in `raw`, or does not read as text, described; `nil` when it is text: a
  /// `\u` escape without four hex digits, or a value that starts (past whitespace) with `@` or
  /// `?` unescaped and unquoted, which aapt compiles as a reference to another resource.
  static func problem(in raw: String, name: String) -> String? {
    if let first = raw.unicodeScalars.first(where: { !isCollapsedSpace($0) }), first == "@" || first == "?" {
      let reference = raw.trimmingCharacters(in: .whitespacesAndNewlines).prefix(60)
      return "string '\(name)' is a reference to another resource ('\(reference)'), which is not followed; "
        + "write the text (\\\(first) for a text that starts with \(first))"
    }
    var scalars = raw.unicodeScalars.makeIterator()
    // A high surrogate's escape waits for its low one, which must come next (`\uD83D\uDE80`).
    var high: UInt32?
    while let scalar = scalars.next() {
      guard scalar == "\\", let escaped = scalars.next() else {
        if high != nil { break }
        continue
      }
      guard escaped == "u" else {
        if high != nil { break }
        continue
      }
      let digits = (0..<4).compactMap { _ in scalars.next() }
      guard digits.count == 4, digits.allSatisfy(\.properties.isASCIIHexDigit),
        let unit = UInt32(String(String.UnicodeScalarView(digits)), radix: 16)
      else {
        return
          "string '\(name)' has a \\u escape without four hex digits ('\\u\(String(String.UnicodeScalarView(digits)))')"
      }
      switch (high, unit) {
      case (nil, 0xD800...0xDBFF): high = unit
      case (_?, 0xDC00...0xDFFF): high = nil
      case (nil, 0xDC00...0xDFFF), (_?, _):
        return "string '\(name)' has a \\u escape of half a character (an unpaired UTF-16 surrogate)"
      default: continue
      }
    }
    return high == nil ? nil : "string '\(name)' has a \\u escape of half a character (an unpaired UTF-16 surrogate)"
  }

  /// `raw` as Android reads it.
  static func unescape(_ raw: String) -> String {
    var result = ""
    var quoted = false
    var pendingSpace = false
    var scalars = raw.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\"" {
        quoted.toggle()
        continue
      }
      if !quoted, Self.isCollapsedSpace(scalar) {
        pendingSpace = true
        continue
      }
      if pendingSpace, !result.isEmpty { result += " " }
      pendingSpace = false
      guard scalar == "\\", let escaped = scalars.next() else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch escaped {
      case "n": result += "\n"
      case "t": result += "\t"
      case "u":
        var hex = ""
        for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
        guard let value = UInt32(hex, radix: 16) else { continue }
        if (0xD800...0xDBFF).contains(value) {
          // The low surrogate's escape follows (`problem(in:)` sees to it): one character of two.
          var low = ""
          for _ in 0..<6 { if let next = scalars.next() { low.unicodeScalars.append(next) } }
          if let lowValue = UInt32(low.dropFirst(2), radix: 16),
            let joined = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (lowValue - 0xDC00))
          {
            result.unicodeScalars.append(joined)
          }
        } else if let decoded = Unicode.Scalar(value) {
          result.unicodeScalars.append(decoded)
        }
      default: result.unicodeScalars.append(escaped)
      }
    }
    return result
  }

  private final class Delegate: NSObject, XMLParserDelegate {
    let file: String
    let lines: [[Unicode.Scalar]]
    var strings: [(String, Located<String>)] = []
    /// The names of the strings marked `translatable="false"`.
    var untranslated: Set<String> = []
    var diagnostics = Diagnostics()
    private var current: (name: String, location: SourceLocation, text: String, translatable: Bool)?
    /// Where each string was first defined.
    private var defined: [String: SourceLocation] = [:]
    private var depth = 0
    /// Where the parser stopped on a mistake.
    var errorPosition: (line: Int, column: Int)?
    /// Whether parsing was stopped here (after reporting why).
    var aborted = false

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
      if errorPosition == nil { errorPosition = (parser.lineNumber, parser.columnNumber) }
    }

    init(file: String, lines: [[Unicode.Scalar]]) {
      self.file = file
      self.lines = lines
    }

    /// Where the element that just started was written: libxml2 reports the position after
    /// its start tag, so the tag's `<` is found before it, on its line or the lines above when
    /// its attributes take several (as Android Studio lays out long ones).
    func startLocation(_ parser: XMLParser) -> SourceLocation {
      let end = SourceLocation(file: file, line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
      guard end.line <= lines.count else { return end }
      var line = end.line
      var index = min(end.column - 1, lines[line - 1].count) - 1
      while true {
        let text = lines[line - 1]
        while index >= 0, text[index] != "<" { index -= 1 }
        if index >= 0 { return SourceLocation(file: file, line: line, column: index + 1) }
        guard line > 1, end.line - line < Self.longestTag else { return end }
        line -= 1
        index = lines[line - 1].count - 1
      }
    }

    /// The most lines a start tag's attributes are looked through for its `<`.
    static let longestTag = 64

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      depth += 1
      let location = startLocation(parser)
      if depth == 1, name != "resources" {
        diagnostics.add(
          .invalidStringTable, "an Android string table's root is <resources>, not <\(name)>", at: location)
        aborted = true
        parser.abortParsing()
        return
      }
      guard depth == 2 else { return }
      switch name {
      case "string":
        guard let key = attributes["name"], !key.isEmpty else {
          diagnostics.add(.invalidStringTable, "<string> has no 'name'", at: location)
          return
        }
        // A string for one product (`product="tablet"`) is another device's text; aapt builds
        // the default product's, or the one without a product.
        if let product = attributes["product"], product != "default" { return }
        current = (key, location, "", attributes["translatable"] != "false")
      case "plurals":
        diagnostics.add(
          .pluralSkipped,
          "plurals '\(attributes["name"] ?? "")' are skipped: an image shows one text", at: location)
      default:
        break
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      current?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
      current?.text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if depth == 2, name == "string", let string = current {
        // aapt refuses a resource defined twice in one file; the first is kept.
        if let first = defined[string.name] {
          diagnostics.add(
            .invalidStringTable, "string '\(string.name)' is already defined in this file", at: string.location,
            notes: [.init("first defined here", at: first)])
        } else {
          if AndroidStringsReader.hasUnescapedApostrophe(string.text) {
            diagnostics.add(
              .invalidStringTable,
              "string '\(string.name)' has an apostrophe Android's resource compiler refuses; write \\' "
                + "or put the text in double quotes", at: string.location)
          }
          defined[string.name] = string.location
          // Reported and left out, as a mistake in a `.strings` file leaves its entry out.
          if let problem = AndroidStringsReader.problem(in: string.text, name: string.name) {
            diagnostics.add(.invalidStringTable, problem, at: string.location)
          } else {
            strings.append((string.name, Located(AndroidStringsReader.unescape(string.text), at: string.location)))
          }
          if !string.translatable { untranslated.insert(string.name) }
        }
        current = nil
      }
      depth -= 1
    }
  }
}

import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an Android `strings.xml`: each `<string name="key">` of `<resources>`, unescaped as
/// Android's resource compiler does (`\'`, `\"`, `\n`, `\t`, `\\`, `\@`, `\?`, `\uXXXX`; runs of
/// whitespace collapsed outside double quotes, which are removed); `<item type="string">` is a
/// string too. `<plurals>` are skipped with
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
    // Looked for in UTF-8: a UTF-16 table's markup is found as well.
    let markup =
      StringTableEncoding.utf16Units(of: data) == nil ? data : StringTableEncoding.decode(data).map { Data($0.utf8) }
    if let markup, let declaration = markup.range(of: Data("<!ENTITY".utf8)) {
      diagnostics.add(
        .invalidStringTable, "a string table may not declare entities (<!ENTITY>); write the text out",
        at: location(ofOffset: declaration.lowerBound - markup.startIndex, in: markup))
      return
    }
    if let markup, let (refused, offset) = Self.refusedMarkup(in: markup) {
      diagnostics.add(.invalidStringTable, refused.message, at: location(ofOffset: offset, in: markup))
      return
    }
    // Foundation's parser ends the process on a name that is not UTF-8 (libxml2 goes on with
    // it as Latin-1): text that is not what it says is refused here, where it goes wrong.
    if !Self.declaresEightBitEncoding(data), StringTableEncoding.decode(data) == nil {
      diagnostics.add(StringTableEncoding.problem(in: data, file: file))
      return
    }
    // Lines of characters, a UTF-16 table's decoded as such (its bytes read as UTF-8 put a NUL
    // before each character, and every column after the first was twice what it is).
    let utf16 = StringTableEncoding.utf16Units(of: data) == nil ? nil : StringTableEncoding.decode(data)
    let text = utf16 ?? String(decoding: data, as: UTF8.self)
    let delegate = Delegate(file: file, lines: SourceLines.split(text).map { Array($0.unicodeScalars) })
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
    // libxml2 waits for four bytes before it decides the encoding: a shorter file parses as
    // nothing, without an error. aapt2 refuses a table without an element ("no element found").
    if !delegate.sawRoot, delegate.errorPosition == nil, !delegate.aborted {
      diagnostics.add(
        .invalidStringTable, "string table is not well-formed XML: it has no element (an empty one is <resources/>)",
        at: delegate.firstContent())
    }
    diagnostics.formUnion(delegate.diagnostics)
    for (key, value) in delegate.strings {
      // aapt refuses a string a folder's other file defines too; the first file's is kept.
      if let first = tables.androidDefinitions[folder]?[key] {
        diagnostics.add(
          .invalidStringTable,
          "string '\(Diagnostic.shown(key))' is already defined in '\(first.file)', in the same folder",
          at: value.location, notes: [.init("first defined here", at: first)])
        continue
      }
      tables.androidDefinitions[folder, default: [:]][key] = value.location
      tables.add(key, value, language: language)
    }
    tables.untranslated.formUnion(delegate.untranslated)
  }

  /// Where the byte at `offset` of `data` is, as a line and a column of characters.
  private func location(ofOffset offset: Int, in data: Data) -> SourceLocation {
    let lines = SourceLines.split(String(decoding: data.prefix(offset), as: UTF8.self))
    return SourceLocation(file: file, line: lines.count, column: (lines.last?.unicodeScalars.count ?? 0) + 1)
  }

  /// Whether the XML declaration names an encoding in which every byte is a character
  /// (ISO-8859-1, windows-1252). Any other name is held to UTF-8 (or UTF-16) text: libxml2
  /// refuses a name it does not know, and goes on with a blank one as UTF-8.
  static func declaresEightBitEncoding(_ data: Data) -> Bool {
    guard data.starts(with: Data("<?xml".utf8)) else { return false }
    let declaration = String(decoding: data.prefix(200).prefix { $0 != UInt8(ascii: ">") }, as: UTF8.self)
    guard let name = declaration.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression) else {
      return false
    }
    let value = declaration[name].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first ?? ""
    return ["iso-8859-1", "iso8859-1", "latin1", "iso-latin-1", "windows-1252", "cp1252"].contains(value.lowercased())
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
    /// Whether the root element started.
    private(set) var sawRoot = false

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

    /// Where the file's first character other than white space (or a byte order mark) is, or
    /// its end when it has none.
    func firstContent() -> SourceLocation {
      let blank: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n", "\u{FEFF}"]
      for (index, line) in lines.enumerated() {
        if let column = line.firstIndex(where: { !blank.contains($0) }) {
          return SourceLocation(file: file, line: index + 1, column: column + 1)
        }
      }
      return SourceLocation(file: file, line: max(1, lines.count), column: (lines.last?.count ?? 0) + 1)
    }

    /// The most lines a start tag's attributes are looked through for its `<`.
    static let longestTag = 64

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      depth += 1
      sawRoot = true
      let location = startLocation(parser)
      if depth == 1, name != "resources" {
        diagnostics.add(
          .invalidStringTable, "an Android string table's root is <resources>, not <\(name)>", at: location)
        aborted = true
        parser.abortParsing()
        return
      }
      guard depth == 2 else { return }
      // `<item type="string">` is a string to aapt2, as `<string>` is.
      switch name == "item" && attributes["type"] == "string" ? "string" : name {
      case "string":
        guard let key = attributes["name"], !key.isEmpty else {
          diagnostics.add(.invalidStringTable, "<\(name)> has no 'name'", at: location)
          return
        }
        // A string for one product (`product="tablet"`) is another device's text; aapt builds
        // the default product's, or the one without a product.
        if let product = attributes["product"], product != "default" { return }
        current = (key, location, "", attributes["translatable"] != "false")
      case "plurals":
        diagnostics.add(
          .pluralSkipped,
          "plurals '\(Diagnostic.shown(attributes["name"] ?? ""))' are skipped: an image shows one text", at: location)
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
      // Only a string (or an item of type string) is being read at depth 2.
      if depth == 2, let string = current {
        // aapt refuses a resource defined twice in one file; the first is kept.
        if let first = defined[string.name] {
          diagnostics.add(
            .invalidStringTable, "string '\(Diagnostic.shown(string.name))' is already defined in this file",
            at: string.location,
            notes: [.init("first defined here", at: first)])
        } else {
          if AndroidStringsReader.hasUnescapedApostrophe(string.text) {
            diagnostics.add(
              .invalidStringTable,
              "string '\(Diagnostic.shown(string.name))' has an apostrophe Android's resource compiler refuses; write \\' "
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

import ButtonCore
import Foundation
import Yams

/// Turns the bytes of one YAML file into a located `SpecNode` tree, or into diagnostics.
///
/// It refuses, before parsing, what could make a parser slow or hungry: files over
/// `maximumBytes`, bytes that are not UTF-8, and keys that are not plain scalars (a key that
/// is an alias of a large value would be hashed in full). While converting it counts values,
/// expanded aliases included, and stops at `maximumValues`, so an alias bomb fails at once.
public struct YAMLReader: Sendable {
  /// The largest file read, in bytes.
  public var maximumBytes: Int
  /// The most values one document may hold once its aliases are expanded, unless it is large
  /// enough to hold more written out (one per two bytes).
  public var maximumValues: Int
  /// Whether a document with nothing in it (no text, only comments, or a bare `---`) reads as an
  /// empty map rather than an `invalid-document` error: a project file's keys are all optional,
  /// where a spec starts with `buttonsmith: 1`.
  public var readsNothingAsEmptyMap: Bool

  /// Creates a reader with the given limits.
  public init(
    maximumBytes: Int = BoundedFile.specLimit, maximumValues: Int = 100_000, readsNothingAsEmptyMap: Bool = false
  ) {
    self.maximumBytes = maximumBytes
    self.maximumValues = maximumValues
    self.readsNothingAsEmptyMap = readsNothingAsEmptyMap
  }

  /// Reads one document. `file` is the path shown in diagnostics.
  ///
  /// - Returns: the root node, or `nil` with the reasons added to `diagnostics`.
  public func read(_ data: Data, file: String, into diagnostics: inout Diagnostics) -> SpecNode? {
    let start = SourceLocation.start(of: file)
    guard data.count <= maximumBytes else {
      diagnostics.add(
        .fileTooLarge, "file is \(data.count) bytes, more than the \(maximumBytes) a spec may have", at: start)
      return nil
    }
    // A UTF-8 byte-order mark (which Windows editors write) is not part of the text.
    let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
    guard let text = String(validating: data, as: UTF8.self) else {
      let position = TextPosition.firstInvalidUTF8(in: data)
      diagnostics.add(
        .invalidEncoding, "file is not UTF-8 text (invalid byte 0x\(position.byteHex))",
        at: SourceLocation(file: file, line: position.line, column: position.column))
      return nil
    }
    // libyaml ends a line at U+0085, U+2028 and U+2029 (YAML 1.1), editors and YAML 1.2 do not:
    // every line and column after one would be off. Each is refused where an editor shows it.
    let separators = TextPosition.ambiguousLineBreaks(in: text)
    if !separators.isEmpty {
      for separator in separators.prefix(20) {
        diagnostics.add(
          .yamlSyntax,
          "the file holds \(LabelText.codePoint(separator.scalar)), which YAML readers disagree on (a line break to "
            + "some, text to others); remove it, or write it as '\\u\(LabelText.codePoint(separator.scalar).dropFirst(2))' "
            + "in double quotes", at: SourceLocation(file: file, line: separator.line, column: separator.column))
      }
      return nil
    }
    var reading = text
    var setAside = Set<String>()
    // Each key written twice is reported and set aside, and the text read again, so the rest of
    // the file is checked too; as often as reading the file a few times more costs little.
    let rereads = min(20, 4 * 1024 * 1024 / max(data.count, 1))
    // A key that is not a plain name is refused before the parser hashes it, and set aside
    // likewise when it is all on its line (a flow list or map, an alias).
    while let complex = TextPosition.firstComplexKey(in: reading) {
      diagnostics.add(
        .unsupportedYAML, "keys must be plain names, not lists, maps or aliases",
        at: SourceLocation(file: file, line: complex.line, column: complex.key.column))
      guard setAside.count < rereads, let written = complex.key.written,
        let masked = Self.setting(
          aside: (complex.line, complex.key.column, written), in: reading, number: setAside.count)
      else { return nil }
      reading = masked.text
      setAside.insert(masked.key)
    }
    let root: Node?
    while true {
      do {
        // Every scalar is text to a spec (the decoders read numbers from it), so no implicit type
        // is resolved: keys that read the same (`1` and "1") are the same key, and checking a
        // mapping for repeated keys runs no regular expression per key.
        root = try Parser(yaml: reading, resolver: .basic).singleRoot()
        break
      } catch let error as YamlError {
        let translator = YAMLErrorTranslator(file: file, text: reading)
        diagnostics.add(translator.diagnostic(for: error))
        guard setAside.count < rereads, let later = translator.laterDuplicate(in: error),
          let masked = Self.setting(aside: later, in: reading, number: setAside.count)
        else { return nil }
        reading = masked.text
        setAside.insert(masked.key)
      } catch {
        diagnostics.add(.yamlSyntax, "\(error)", at: start)
        return nil
      }
    }
    if readsNothingAsEmptyMap, root == nil || (root?.scalar?.style == .plain && root?.null != nil) {
      return SpecNode(.mapping([]), at: start)
    }
    guard let root else {
      diagnostics.add(.invalidDocument, "file is empty; a spec starts with 'buttonsmith: 1'", at: start)
      return nil
    }
    // A large file may hold as many values as its size allows (one per two bytes: a flow list of
    // one-digit numbers, `[1,1,…]`), so only aliases make a document cost more than its size.
    // Its text, likewise: up to 16 times its size (at least 16 MiB) once aliases are expanded.
    var converter = NodeConverter(
      file: file, budget: max(maximumValues, data.count / 2), textBudget: max(16 << 20, data.count * 16),
      setAside: setAside)
    do {
      let converted = try converter.convert(root)
      converter.problems.forEach { diagnostics.add($0) }
      return converted
    } catch let failure as NodeConverter.Failure {
      converter.problems.forEach { diagnostics.add($0) }
      diagnostics.add(failure.diagnostic)
      return nil
    } catch {
      diagnostics.add(.yamlSyntax, "\(error)", at: start)
      return nil
    }
  }

  /// The key that stands in for the `number`th key set aside, `length` characters long so that
  /// every column stays where it was: characters of Unicode's private use area, which no spec
  /// writes.
  static func placeholder(_ number: Int, length: Int = 1) -> String {
    String(
      String.UnicodeScalarView(
        [Unicode.Scalar(0xE000 + UInt32(number))!]
          + Array(
            repeating: Unicode.Scalar(0xE000 as UInt32)!, count: max(0, length - 1))))
  }

  /// `text` with the key written at `key` replaced by the `number`th placeholder of its length,
  /// and the key the parser then reads there. A quoted key keeps its quotes, with the
  /// placeholder between them: compact JSON writes `"key":value`, which after a plain key would
  /// be one plain scalar with a colon in it.
  private static func setting(
    aside key: (line: Int, column: Int, written: String), in text: String, number: Int
  ) -> (text: String, key: String)? {
    var lines = TextPosition.lines(of: text)
    let written = Array(key.written.unicodeScalars)
    guard key.line >= 1, key.line <= lines.count, key.column >= 1,
      key.column - 1 + written.count <= lines[key.line - 1].count
    else { return nil }
    let isQuoted = written.count > 2 && ["\"", "'"].contains(written[0]) && written.last == written[0]
    let placeholder = Self.placeholder(number, length: written.count - (isQuoted ? 2 : 0))
    let replacement =
      isQuoted ? [written[0]] + placeholder.unicodeScalars + [written[0]] : Array(placeholder.unicodeScalars)
    lines[key.line - 1].replaceSubrange(key.column - 1..<key.column - 1 + written.count, with: replacement)
    return (lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n"), placeholder)
  }
}

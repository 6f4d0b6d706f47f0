import Foundation

/// What makes an SVG unusable as an image before it is drawn: not being SVG, reaching outside
/// itself, and text, whose look would depend on the fonts installed.
///
/// Buttonsmith never reads another file or a URL for an SVG: librsvg parses it with no base file,
/// so it cannot resolve a reference. The check makes such a reference an error rather than a
/// part silently left out. To stay simple enough to trust (and linear in the file's size), it
/// refuses what it does not follow: every entity declaration, `@import`, CSS escapes and the
/// `xml-stylesheet` instruction. References inside the document (`#id`) and `data:` URLs of PNG,
/// JPEG or SVG images are fine. A document too large to read in time is refused too
/// (`SVGStructure`).
enum SVGInspector {
  /// The media types a `data:` URL may hold.
  static let dataTypes = ["image/png", "image/jpeg", "image/svg+xml"]

  /// How deep SVGs embedded as `data:` URLs are looked into; one nested deeper is refused.
  static let deepestEmbedding = 4

  /// Why `data` cannot be used as an SVG image, or `nil`. An SVG embedded in it as a `data:`
  /// URL is looked into too, at `depth` one more.
  static func problem(in data: Data, depth: Int = 0) -> String? {
    guard let text = String(data: data, encoding: .utf8) else { return "is not an SVG: it is not UTF-8 text" }
    // Elements may be written with a namespace prefix (`<s:text>` where `s` is SVG's namespace).
    let prefix = #"<([A-Za-z_][\w.-]*:)?"#
    guard contains(prefix + #"svg\b"#, in: text) else { return "is not an SVG" }
    if let problem = SVGStructure(data).problem { return problem }
    let selfContained = "; an SVG image must be self-contained"
    if contains(#"<!ENTITY"#, in: text) { return "declares an entity" + selfContained }
    if contains(#"<\?xml-stylesheet"#, in: text) { return "links a style sheet" + selfContained }
    if contains(#"@import"#, in: text) { return "imports a style sheet" + selfContained }
    if contains(#"\\[0-9a-f]"#, in: text) { return "uses CSS escapes, which Buttonsmith does not follow" }
    if contains(prefix + #"(text|tspan|textPath)\b"#, in: text) {
      return "draws text, which would look different with the fonts of each machine; convert it to paths"
    }
    let references = [#"\bhref\s*=\s*"([^"]*)""#, #"\bhref\s*=\s*'([^']*)'"#, #"url\(\s*['"]?([^'")]*)"#]
    for pattern in references {
      for reference in matches(pattern, in: text) {
        guard isInternal(reference) else {
          return "refers to '\(reference.prefix(80))' outside itself" + selfContained
            + " (embed pictures as data: URLs of PNG, JPEG or SVG)"
        }
        guard let embedded = embeddedSVG(reference) else { continue }
        guard depth < deepestEmbedding else { return "embeds SVGs more than \(deepestEmbedding) deep" }
        if let problem = problem(in: embedded, depth: depth + 1) { return "embeds an SVG that " + problem }
      }
    }
    return nil
  }

  /// `#id`, an empty reference, or a `data:` URL of an image type librsvg draws.
  private static func isInternal(_ reference: String) -> Bool {
    let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return true }
    guard trimmed.hasPrefix("data:") else { return false }
    let type = trimmed.dropFirst("data:".count).prefix { $0 != ";" && $0 != "," }
    return dataTypes.contains(String(type))
  }

  /// The SVG a `data:image/svg+xml` URL holds (base64 or percent-encoded), or `nil` for any
  /// other reference.
  private static func embeddedSVG(_ reference: String) -> Data? {
    let trimmed = xmlUnescaped(reference).trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.lowercased().hasPrefix("data:image/svg+xml"), let comma = trimmed.firstIndex(of: ",") else {
      return nil
    }
    let payload = trimmed[trimmed.index(after: comma)...]
    if trimmed[..<comma].lowercased().contains(";base64") {
      // Unreadable base64 is looked at as it is: it holds no `<svg` and is refused.
      return Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters) ?? Data(payload.utf8)
    }
    return Data((String(payload).removingPercentEncoding ?? String(payload)).utf8)
  }

  /// An attribute's value as the XML parser gives it: `&lt;`, `&gt;`, `&amp;`, `&quot;`,
  /// `&apos;` and character references read as the characters they stand for.
  private static func xmlUnescaped(_ value: String) -> String {
    guard value.contains("&") else { return value }
    var result = ""
    var rest = Substring(value)
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      rest = rest[ampersand...]
      guard let semicolon = rest.prefix(12).firstIndex(of: ";") else { break }
      let name = rest[rest.index(after: rest.startIndex)..<semicolon]
      let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"][String(name)]
      let number =
        name.hasPrefix("#x") || name.hasPrefix("#X")
        ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
      if let text = named ?? number.flatMap(Unicode.Scalar.init).map({ String($0) }) {
        result += text
        rest = rest[rest.index(after: semicolon)...]
      } else {
        result += "&"
        rest = rest.dropFirst()
      }
    }
    return result + rest
  }

  private static func contains(_ pattern: String, in text: String) -> Bool {
    guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return false }
    return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  /// The first capture group of every match.
  private static func matches(_ pattern: String, in text: String) -> [String] {
    guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return [] }
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }
}

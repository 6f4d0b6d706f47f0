import Foundation

/// What makes an SVG unusable as an image before it is drawn: not being SVG, and reaching
/// outside itself. An SVG must be self-contained: Buttonsmith reads no other file and no URL for
/// it, so a reference to one (an `href`, a CSS `url()` or `@import`, an external entity) is an
/// error rather than a part silently left out. References inside the document (`#id`) and
/// `data:` URLs are fine.
public enum SVGInspector {
  /// Why `data` cannot be used as an SVG image, or `nil`.
  static func problem(in data: Data) -> String? {
    guard let text = String(data: data, encoding: .utf8) else { return "is not an SVG: it is not UTF-8 text" }
    guard text.range(of: "<svg", options: .caseInsensitive) != nil else { return "is not an SVG" }
    if let entity = firstMatch(#"<!ENTITY[^>]*\b(SYSTEM|PUBLIC)\b"#, in: text) {
      return "declares an external entity ('\(entity.prefix(60))'); an SVG image must be self-contained"
    }
    let references = [
      #"\bhref\s*=\s*"([^"]*)""#, #"\bhref\s*=\s*'([^']*)'"#, #"url\(\s*['"]?([^'")]*)"#,
      #"@import\s+['"]?([^'";\s]*)"#,
    ]
    for pattern in references {
      for reference in matches(pattern, in: text) where !isInternal(reference) {
        return "refers to '\(reference.prefix(80))' outside itself; an SVG image must be self-contained "
          + "(embed pictures as data: URLs, and draw text as paths)"
      }
    }
    return nil
  }

  /// The font families an SVG's text asks for (`font-family` attributes and CSS), generic
  /// families (`serif`, `sans-serif`, …) left out.
  public static func fontFamilies(in data: Data) -> [String] {
    guard let text = String(data: data, encoding: .utf8) else { return [] }
    var families: [String] = []
    for list in matches(#"font-family\s*[:=]\s*(?:"([^"]*)"|'([^']*)'|([^;"'>}]*))"#, in: text, anyGroup: true) {
      for name in list.split(separator: ",") {
        let family = name.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n'\""))
        if !family.isEmpty, !genericFamilies.contains(family.lowercased()), !families.contains(family) {
          families.append(family)
        }
      }
    }
    return families
  }

  /// CSS's generic families, which fontconfig always answers.
  static let genericFamilies: Set<String> = [
    "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "emoji", "math", "inherit",
  ]

  /// `#id`, an empty reference, or a `data:` URL.
  private static func isInternal(_ reference: String) -> Bool {
    let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.lowercased().hasPrefix("data:")
  }

  private static func firstMatch(_ pattern: String, in text: String) -> String? {
    guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
      let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
      let range = Range(match.range, in: text)
    else { return nil }
    return String(text[range])
  }

  /// The first capture group of every match (with `anyGroup`, the first group that matched).
  private static func matches(_ pattern: String, in text: String, anyGroup: Bool = false) -> [String] {
    guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return [] }
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
      let groups = anyGroup ? Array(1..<match.numberOfRanges) : [1]
      return groups.lazy.compactMap { Range(match.range(at: $0), in: text) }.first.map { String(text[$0]) }
    }
  }
}

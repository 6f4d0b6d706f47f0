extension Array where Element == Located<String> {
  /// The list without repeats (language tags are one whatever their case: `pt-BR`, `pt-br`),
  /// each repeat reported where it is written.
  func unrepeated(in place: String, into diagnostics: inout Diagnostics) -> [Located<String>] {
    var first: [String: SourceLocation] = [:]
    return filter { item in
      if let earlier = first[item.value.lowercased()] {
        diagnostics.add(
          .valueOutOfRange, "'\(item.value)' is listed twice in \(place); each is drawn once", at: item.location,
          notes: [.init("first listed here", at: earlier)])
        return false
      }
      first[item.value.lowercased()] = item.location
      return true
    }
  }

  /// Reports each of these pseudo-locales that `languages` lists too: a repeat as well, since one
  /// set of images has its name.
  func reportListed(in languages: [Located<String>], into diagnostics: inout Diagnostics) {
    for pseudo in self {
      guard let language = languages.first(where: { $0.value.lowercased() == pseudo.value.lowercased() })
      else { continue }
      diagnostics.add(
        .valueOutOfRange,
        "'\(pseudo.value)' is listed in languages and in pseudo; it is drawn once, as the pseudo-locale",
        at: pseudo.location, notes: [.init("listed as a language here", at: language.location)])
    }
  }
}

extension Array where Element == Located<String> {
  /// The list without repeats (language tags are one whatever their case, `pt-BR` and `pt-br`,
  /// and by their old codes, `iw` and `he`, which Android's resources would hold twice), each
  /// repeat reported where it is written.
  func unrepeated(in place: String, into diagnostics: inout Diagnostics) -> [Located<String>] {
    var first: [String: Located<String>] = [:]
    return filter { item in
      let language = StringTables.canonical(item.value.lowercased())
      if let earlier = first[language] {
        let message =
          earlier.value.lowercased() == item.value.lowercased()
          ? "'\(item.value)' is listed twice in \(place); each is drawn once"
          : "'\(item.value)' and '\(earlier.value)' are one language (one is its old code), listed twice in "
            + "\(place); each is drawn once"
        diagnostics.add(
          .valueOutOfRange, message, at: item.location, notes: [.init("first listed here", at: earlier.location)])
        return false
      }
      first[language] = item
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

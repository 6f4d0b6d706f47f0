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
}

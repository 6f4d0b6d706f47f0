/// "Did you mean" suggestions by edit distance.
enum Suggestion {
  /// The candidate closest to `word`, if it is close enough to be a likely typo.
  static func closest(to word: String, in candidates: [String]) -> String? {
    let limit = max(2, word.count / 3)
    let lowered = word.lowercased()
    let scored = candidates.map { candidate in
      (candidate, distance(lowered, candidate.lowercased()), isSubsequence(lowered, of: candidate.lowercased()) ? 0 : 1)
    }
    return scored.filter { $0.1 <= limit }.min { ($0.1, $0.2, $0.0) < ($1.1, $1.2, $1.0) }?.0
  }

  /// `message` with "; did you mean 'x'?" appended when a candidate is close to `word`.
  static func message(_ message: String, for word: String, in candidates: [String]) -> String {
    guard let suggestion = closest(to: word, in: candidates) else { return message }
    return "\(message); did you mean '\(suggestion)'?"
  }

  /// Whether every character of `word` appears in `candidate` in order (a dropped letter).
  static func isSubsequence(_ word: String, of candidate: String) -> Bool {
    var remaining = Substring(candidate)
    for character in word {
      guard let index = remaining.firstIndex(of: character) else { return false }
      remaining = remaining[remaining.index(after: index)...]
    }
    return true
  }

  /// Levenshtein distance.
  static func distance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

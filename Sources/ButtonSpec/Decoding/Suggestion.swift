/// "Did you mean" suggestions by edit distance.
///
/// The work is bounded whatever a spec holds: words and candidates longer than a name a person
/// types get no suggestion, candidates whose length alone rules them out are skipped, and the
/// distance is computed in a band that stops as soon as it exceeds the limit.
enum Suggestion {
  /// The longest word or candidate compared, in Unicode scalars.
  static let maximumLength = 64

  /// The candidate closest to `word`, if it is close enough to be a likely typo.
  static func closest(to word: String, in candidates: [String]) -> String? {
    let lowered = Array(word.lowercased().unicodeScalars)
    guard lowered.count <= maximumLength else { return nil }
    let limit = max(2, lowered.count / 3)
    var best: (candidate: String, distance: Int, subsequence: Int)?
    for candidate in candidates {
      let other = Array(candidate.lowercased().unicodeScalars)
      guard other.count <= maximumLength, abs(other.count - lowered.count) <= limit,
        let distance = distance(lowered, other, limit: limit)
      else { continue }
      let score = (candidate, distance, isSubsequence(lowered, of: other) ? 0 : 1)
      if let current = best, (current.distance, current.subsequence, current.candidate) <= (score.1, score.2, score.0) {
        continue
      }
      best = score
    }
    return best?.candidate
  }

  /// `message` with "; did you mean 'x'?" appended when a candidate is close to `word`.
  static func message(_ message: String, for word: String, in candidates: [String]) -> String {
    guard let suggestion = closest(to: word, in: candidates) else { return message }
    return "\(message); did you mean '\(suggestion)'?"
  }

  /// Whether every character of `word` appears in `candidate` in order (a dropped letter).
  static func isSubsequence(_ word: [Unicode.Scalar], of candidate: [Unicode.Scalar]) -> Bool {
    var position = 0
    for scalar in word {
      while position < candidate.count, candidate[position] != scalar { position += 1 }
      guard position < candidate.count else { return false }
      position += 1
    }
    return true
  }

  /// Levenshtein distance, or `nil` when it is more than `limit`.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    guard !a.isEmpty else { return b.count <= limit ? b.count : nil }
    guard !b.isEmpty else { return a.count <= limit ? a.count : nil }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}

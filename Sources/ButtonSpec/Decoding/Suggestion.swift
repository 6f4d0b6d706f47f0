import Foundation

/// "Did you mean" suggestions by edit distance.
///
/// The work is bounded whatever a spec holds: words and candidates longer than a name a person
/// types get no suggestion, candidates whose length alone rules them out are skipped, the
/// distance is computed in a band that stops as soon as it exceeds the limit, and the names a
/// spec defines (palette entries, templates) are looked up through a `SuggestionIndex`, which
/// prepares them once and bounds the comparisons made against them.
enum Suggestion {
  /// The longest word or candidate compared, in Unicode scalars.
  static let maximumLength = 64

  /// The candidate closest to `word` in a short fixed list, if it is close enough to be a
  /// likely typo.
  static func closest(to word: String, in candidates: [String]) -> String? {
    SuggestionIndex(fixed: candidates).closest(to: word)
  }

  /// `message` with "; did you mean 'x'?" appended when a candidate is close to `word`.
  static func message(_ message: String, for word: String, in candidates: [String]) -> String {
    self.message(message, for: word, in: SuggestionIndex(fixed: candidates))
  }

  /// `message` with "; did you mean 'x'?" appended when a name of `index` is close to `word`.
  static func message(_ message: String, for word: String, in index: SuggestionIndex) -> String {
    guard let suggestion = index.closest(to: word) else { return message }
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

  /// Edit distance counting two swapped neighbours as one edit (optimal string alignment:
  /// `tnit` is one edit from `tint`, as from `tin`), or `nil` when it is more than `limit`.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    guard !a.isEmpty else { return b.count <= limit ? b.count : nil }
    guard !b.isEmpty else { return a.count <= limit ? a.count : nil }
    var beforePrevious = Array(0...b.count)
    var previous = beforePrevious
    var current = previous
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
        rowMinimum = min(rowMinimum, current[j])
      }
      // A swap reaches back two rows, but never below the row before: the minimum only grows.
      if rowMinimum > limit { return nil }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}

import Foundation

/// "Did you mean" suggestions by edit distance.
///
/// The work is bounded whatever a spec holds: words and candidates longer than a name a person
/// types get no suggestion, candidates whose length alone rules them out are skipped, the
/// distance is computed in a band that stops as soon as it exceeds the limit, and each word is
/// looked up once per set of candidates (a name misspelt in a template is checked for every
/// button, state and appearance that uses it).
enum Suggestion {
  /// The longest word or candidate compared, in Unicode scalars.
  static let maximumLength = 64

  /// `name` as shown in a message: cut to `maximumLength` characters.
  static func shown(_ name: String) -> String {
    // Only the first characters are looked at, however long the name.
    let head = name.prefix(maximumLength)
    return head.endIndex == name.endIndex ? name : head + "…"
  }

  /// The candidate closest to `word`, if it is close enough to be a likely typo.
  static func closest(to word: String, in candidates: [String]) -> String? {
    // Counting the bytes takes no time; counting the characters of a long word would.
    guard word.utf8.count <= maximumLength * 4, word.unicodeScalars.count <= maximumLength else { return nil }
    var fingerprint = 0
    for candidate in candidates { fingerprint ^= candidate.hashValue }
    let key = CacheKey(word: word, candidates: candidates.count, fingerprint: fingerprint)
    if let known = cache.withLock({ $0[key] }) { return known }
    let result = search(word, in: candidates)
    cache.withLock { $0[key] = result }
    return result
  }

  private struct CacheKey: Hashable {
    var word: String
    var candidates: Int
    var fingerprint: Int
  }

  private static let cache = LockedDictionary<CacheKey, String?>()

  private static func search(_ word: String, in candidates: [String]) -> String? {
    let lowered = Array(word.lowercased().unicodeScalars)
    guard lowered.count <= maximumLength else { return nil }
    let limit = max(2, lowered.count / 3)
    var best: (candidate: String, distance: Int, subsequence: Int)?
    for candidate in candidates {
      let other = Array(candidate.lowercased().unicodeScalars)
      // A candidate that keeps nothing of the word (`t` for `b1`: every character changed) is
      // no likely typo of it.
      guard other.count <= maximumLength, abs(other.count - lowered.count) <= limit,
        let distance = distance(lowered, other, limit: limit), distance < max(lowered.count, other.count)
      else { continue }
      let score = (candidate, distance, isSubsequence(lowered, of: other) ? 0 : 1)
      if let current = best, (current.distance, current.subsequence, current.candidate) <= (score.1, score.2, score.0) {
        continue
      }
      best = score
    }
    return best?.candidate
  }

  /// A dictionary behind a lock, shared by threads.
  private final class LockedDictionary<Key: Hashable, Value>: @unchecked Sendable {
    private var storage: [Key: Value] = [:]
    private let lock = NSLock()

    func withLock<Result>(_ body: (inout [Key: Value]) -> Result) -> Result {
      lock.lock()
      defer { lock.unlock() }
      return body(&storage)
    }
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

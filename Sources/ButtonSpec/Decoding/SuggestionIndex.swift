import Foundation

/// The names a misspelt word may have been meant as (a palette's, the templates'), prepared the
/// first time a word is looked up in them and shared by every look-up after: each name is
/// lowered once, not once a look-up, and a word looked up again is answered from what was
/// found the first time.
///
/// A spec can name thousands of palette entries and misspell thousands of references to them;
/// comparing each word with each name would cost the product of the two. The indexes of one
/// check share a `SuggestionBudget`: once it is spent, words not looked up before get no
/// suggestion (the error is still reported, without "did you mean"), as clang stops
/// spell-checking after a number of corrections.
public final class SuggestionIndex: @unchecked Sendable {
  private struct Name {
    var text: String
    var lowered: [Unicode.Scalar]
  }

  private let source: () -> [String]
  private let budget: SuggestionBudget?
  private let lock = NSLock()
  /// The names by their length in scalars (`Suggestion.maximumLength` at most), once prepared.
  private var byLength: [[Name]]?
  private var answers: [String: String?] = [:]

  /// An index of `names`, read the first time a word is looked up, that spends `budget`.
  public init(budget: SuggestionBudget, names: @escaping () -> [String]) {
    source = names
    self.budget = budget
  }

  /// An index of a short fixed list of names (a mapping's keys, CSS colour names) that any
  /// number of checks may share: a look-up costs at most the list's length, it spends no
  /// budget, and it remembers no answers (which would grow with every word a long-lived process
  /// saw).
  public init(fixed names: [String]) {
    source = { names }
    budget = nil
  }

  /// The name closest to `word`, if it is close enough to be a likely typo of it.
  public func closest(to word: String) -> String? {
    // Counting the bytes takes no time; counting the characters of a long word would.
    guard word.utf8.count <= Suggestion.maximumLength * 4 else { return nil }
    let lowered = Array(word.lowercased().unicodeScalars)
    guard lowered.count <= Suggestion.maximumLength else { return nil }
    lock.lock()
    defer { lock.unlock() }
    if let known = answers[word] { return known }
    let answer = search(lowered)
    if budget != nil { answers[word] = answer }
    return answer
  }

  private func prepared() -> [[Name]]? {
    if let byLength { return byLength }
    let names = source()
    guard budget?.spend(names.count * Suggestion.maximumLength) ?? true else { return nil }
    var groups = [[Name]](repeating: [], count: Suggestion.maximumLength + 1)
    for text in names where text.utf8.count <= Suggestion.maximumLength * 4 {
      let lowered = Array(text.lowercased().unicodeScalars)
      if lowered.count <= Suggestion.maximumLength { groups[lowered.count].append(Name(text: text, lowered: lowered)) }
    }
    byLength = groups
    return groups
  }

  private func search(_ word: [Unicode.Scalar]) -> String? {
    guard let groups = prepared() else { return nil }
    let limit = max(2, word.count / 3)
    let lengths = max(0, word.count - limit)...min(Suggestion.maximumLength, word.count + limit)
    let cells = lengths.reduce(0) { $0 + groups[$1].count * $1 * word.count }
    guard budget?.spend(cells) ?? true else { return nil }
    var best: (name: String, distance: Int, subsequence: Int)?
    for length in lengths {
      for name in groups[length] {
        // A name that keeps nothing of the word (`t` for `b1`: every character changed) is no
        // likely typo of it.
        guard let distance = Suggestion.distance(word, name.lowered, limit: limit),
          distance < max(word.count, name.lowered.count)
        else { continue }
        let score = (name.text, distance, Suggestion.isSubsequence(word, of: name.lowered) ? 0 : 1)
        if let current = best, (current.distance, current.subsequence, current.name) <= (score.1, score.2, score.0) {
          continue
        }
        best = score
      }
    }
    return best?.name
  }
}

/// How much work the "did you mean" look-ups of one check may still do, counted in cells of the
/// edit-distance table (the word's length times the name's, for each name compared; a name
/// prepared counts as many as the longest name): about a tenth of a second in all. A check
/// resolves its buttons in the order written, on one thread, so which words get a suggestion
/// does not vary from run to run.
public final class SuggestionBudget: @unchecked Sendable {
  /// The cells a new budget allows.
  public static let cells = 30_000_000

  private let lock = NSLock()
  private var left: Int

  /// A budget of `cells`.
  public init(cells: Int = SuggestionBudget.cells) {
    left = cells
  }

  /// Takes `count` cells from the budget; `false`, taking nothing, when fewer are left.
  func spend(_ count: Int) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard count <= left else { return false }
    left -= count
    return true
  }
}

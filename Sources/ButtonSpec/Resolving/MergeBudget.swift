/// How many values a button may take from its file's `defaults` and its templates. What they
/// hold is repeated in every button that takes it, so 100 KB of specs could cost gigabytes and
/// minutes; six states of dozens of keys each and a long gradient come to a few hundred. (What
/// the button writes itself costs what it weighs.)
enum MergeBudget {
  /// The most values one button may hold beyond those it writes.
  static let limit = 1_000

  /// Whether `merged`, the button written as `own` with what it inherits, holds no more than
  /// `limit` values beyond the ones `own` holds.
  static func allows(_ merged: SpecNode, own: SpecNode) -> Bool {
    var written = Int.max
    own.count(into: &written)
    var remaining = limit + 1 + (Int.max - written)
    merged.count(into: &remaining)
    return remaining > 0
  }
}

extension SpecNode {
  /// Takes the values the node holds, itself included (keys are not counted), from
  /// `remaining`, stopping once it reaches 0.
  fileprivate func count(into remaining: inout Int) {
    remaining -= 1
    switch value {
    case .scalar: return
    case .sequence(let items):
      for item in items where remaining > 0 { item.count(into: &remaining) }
    case .mapping(let entries):
      for entry in entries where remaining > 0 { entry.value.count(into: &remaining) }
    }
  }
}

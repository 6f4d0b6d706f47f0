import ButtonCore

/// The distinct keys of keyed jobs in the keys' order, each by its first job's position and with
/// the number of jobs that share it: what the render stage draws once per key, and counts per
/// job. (A map from each key to its first job took 10 MB at 150,000 images, and a set of the
/// keys drawn 8 MB more.)
struct KeyGroups: RandomAccessCollection {
  /// Each key's first job, by its position in `keys`.
  private let firstPositions: [Int]
  /// How many jobs have each key.
  private let jobCounts: [Int32]

  /// The distinct keys of `keys`, each job's key at the job's position.
  init(keys: [SHA256Digest]) {
    // Equal keys sorted by position: a key's first job comes first.
    let order = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
    var firstPositions: [Int] = []
    var jobCounts: [Int32] = []
    for position in order {
      if let first = firstPositions.last, keys[first] == keys[position] {
        jobCounts[jobCounts.count - 1] += 1
      } else {
        firstPositions.append(position)
        jobCounts.append(1)
      }
    }
    self.firstPositions = firstPositions
    self.jobCounts = jobCounts
  }

  var startIndex: Int { 0 }
  var endIndex: Int { firstPositions.count }

  /// The position in `keys` of the first job of the key `group`.
  subscript(group: Int) -> Int { firstPositions[group] }

  /// How many jobs share the key of each of `groups`.
  func jobCount(of groups: some Sequence<Int>) -> Int {
    groups.reduce(0) { $0 + Int(jobCounts[$1]) }
  }
}

import Foundation

/// Runs indexed work on a fixed number of threads with large stacks (Cairo and Pango recurse
/// deeply on complex paths; GCD's worker threads have small stacks on some systems). Each
/// thread takes the next index when it is done, so at most `parallelism` items are in flight.
enum WorkerThreads {
  /// Calls `body` for each index below `count`, on `parallelism` threads; once `body` returns
  /// `false`, no further index is handed out. Returns when every thread is done. No more threads
  /// start than the address space leaves room for (`AddressSpace.threadCeiling`).
  static func forEach(_ count: Int, parallelism: Int, _ body: @escaping @Sendable (Int) -> Bool) {
    guard count > 0 else { return }
    let counter = Counter()
    let group = DispatchGroup()
    let threads = min(max(1, parallelism), count, BuildOptions.usefulParallelism, AddressSpace.threadCeiling)
    for _ in 0..<threads {
      let thread = Thread {
        while let index = counter.next(below: count) {
          if !body(index) { counter.stop() }
        }
        group.leave()
      }
      thread.stackSize = 8 << 20
      group.enter()
      thread.start()
    }
    group.wait()
  }

  /// `body` applied to consecutive runs of `0..<count`, one run per thread, in order: the work
  /// split into runs of equal length (within one) over at most `parallelism` threads and
  /// `cores`, and no more runs than `count / minimumRun`; below two, one run on the calling
  /// thread.
  static func mapRuns<Result>(
    _ count: Int, parallelism: Int, minimumRun: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount,
    _ body: @escaping @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    let runs = min(max(1, parallelism), cores, count / max(1, minimumRun))
    guard runs > 1 else { return [body(0..<count)] }
    let results = Results<Result>(count: runs)
    forEach(runs, parallelism: runs) { run in
      results.set(run, body((run * count / runs)..<((run + 1) * count / runs)))
      return true
    }
    return results.values
  }

  /// One result per run, filled in by the threads.
  private final class Results<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    var values: [Value] { lock.withLock { slots.map { $0! } } }
    func set(_ index: Int, _ value: Value) { lock.withLock { slots[index] = value } }
  }

  /// The next index to hand out, behind a lock.
  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    private var stopped = false

    func next(below count: Int) -> Int? {
      lock.withLock {
        guard !stopped, value < count else { return nil }
        value += 1
        return value - 1
      }
    }

    func stop() { lock.withLock { stopped = true } }
  }
}

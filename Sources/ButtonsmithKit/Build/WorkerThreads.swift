import Foundation

/// Runs indexed work on a fixed number of threads with large stacks (Cairo and Pango recurse
/// deeply on complex paths; GCD's worker threads have small stacks on some systems). Each
/// thread takes the next index when it is done, so at most `parallelism` items are in flight.
enum WorkerThreads {
  /// Calls `body` for each index below `count`, on `parallelism` threads; once `body` returns
  /// `false`, no further index is handed out. Returns when every thread is done.
  static func forEach(_ count: Int, parallelism: Int, _ body: @escaping @Sendable (Int) -> Bool) {
    guard count > 0 else { return }
    let counter = Counter()
    let group = DispatchGroup()
    for _ in 0..<min(max(1, parallelism), count, BuildOptions.usefulParallelism) {
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

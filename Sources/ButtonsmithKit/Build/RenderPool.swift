import ButtonCore
import ButtonRender
import Foundation

/// Renders jobs on a fixed number of threads, each taking the next job when it is done, so at
/// most `parallelism` images are in memory whatever the number of jobs, and no more of the
/// largest than a `PixelBudget` allows whatever `parallelism`. Each result is stored as an
/// object as soon as it is drawn; after a failure no further job is started.
struct RenderPool: Sendable {
  let renderer: Renderer
  let store: AssetStore
  let parallelism: Int

  struct Failure: Sendable {
    var job: PlannedJob
    var error: String
    /// Set when the image was drawn but could not be stored: a problem of the output, not of the job.
    var storeError: StoreError?
  }

  struct Outcome {
    /// Whether each job of the work was drawn (and its entry recorded), in the order of the work.
    var drawn: [Bool] = []
    var failures: [Failure] = []
  }

  /// Renders the jobs at `work`'s positions in `keyed`, recording each one drawn in `entries`
  /// under its key as it is drawn, and returns which were drawn, in the order of `work`, and the
  /// failures. The entries are filled in place, behind a lock: a list of the drawn entries kept
  /// beside them until the end took 22 MB at 150,000 images.
  func render(
    _ work: [Int], of keyed: KeyedJobs, into entries: inout [SHA256Digest: CacheIndex.Entry], progress: BuildProgress
  ) -> Outcome {
    guard !work.isEmpty else { return Outcome() }
    progress.willRender(total: work.count)
    let state = SharedState(entries: entries, count: work.count)
    // The state's map is the only one while the threads fill it, so it is never copied.
    entries = [:]
    let budget = PixelBudget()
    WorkerThreads.forEach(work.count, parallelism: parallelism) { position in
      let planned = keyed.jobs[work[position]]
      do {
        let entry = try budget.drawing(planned.job, with: renderer) { try renderAndStore(planned.job) }
        let done = state.record(entry, key: keyed.keys[work[position]], at: position)
        progress.didRender(asset: planned.path, done: done, total: work.count)
        return true
      } catch {
        state.record(Failure(job: planned, error: "\(error)", storeError: error as? StoreError))
        return false
      }
    }
    let finished = state.finish()
    entries = finished.entries
    return finished.outcome
  }

  private func renderAndStore(_ job: RenderJob) throws -> CacheIndex.Entry {
    let rendered = try renderer.render(job)
    let sha256 = try store.storeObject(rendered.png)
    let hitMaskSHA256 = try rendered.hitMask.map { try store.storeObject($0.png) }
    return CacheIndex.Entry(
      sha256: sha256, width: rendered.width, height: rendered.height, content: rendered.content,
      hitMaskSHA256: hitMaskSHA256, hitMaskBounds: rendered.hitMask?.bounds)
  }

  /// The entries, what was drawn and the failures, behind a lock.
  private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [SHA256Digest: CacheIndex.Entry]
    private var outcome: Outcome
    private var drawnCount = 0

    init(entries: [SHA256Digest: CacheIndex.Entry], count: Int) {
      self.entries = entries
      outcome = Outcome(drawn: Array(repeating: false, count: count))
    }

    /// Records the entry of the job drawn at `position` of the work; how many are drawn now.
    func record(_ entry: CacheIndex.Entry, key: SHA256Digest, at position: Int) -> Int {
      lock.withLock {
        entries[key] = entry
        outcome.drawn[position] = true
        drawnCount += 1
        return drawnCount
      }
    }

    func record(_ failure: Failure) {
      lock.withLock { outcome.failures.append(failure) }
    }

    /// The entries and the outcome, handed over once the threads are done.
    func finish() -> (entries: [SHA256Digest: CacheIndex.Entry], outcome: Outcome) {
      lock.withLock {
        defer { entries = [:] }
        return (entries, outcome)
      }
    }
  }
}

import ButtonRender
import Foundation

/// Renders jobs on a fixed number of threads, each taking the next job when it is done, so at
/// most `parallelism` images are in memory whatever the number of jobs. Each result is stored
/// as an object as soon as it is drawn; after a failure no further job is started.
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
    var entries: [String: CacheIndex.Entry] = [:]
    var failures: [Failure] = []
  }

  /// Renders each `(key, job)` and returns the cache entries made and the failures.
  func render(_ work: [(key: String, job: PlannedJob)], progress: BuildProgress) -> Outcome {
    guard !work.isEmpty else { return Outcome() }
    progress.willRender(total: work.count)
    let state = SharedState(capacity: work.count)
    WorkerThreads.forEach(work.count, parallelism: parallelism) { index in
      let (key, planned) = work[index]
      do {
        let entry = try renderAndStore(planned.job)
        let done = state.record(key: key, entry: entry)
        progress.didRender(asset: planned.path, done: done, total: work.count)
        return true
      } catch {
        state.record(Failure(job: planned, error: "\(error)", storeError: error as? StoreError))
        return false
      }
    }
    return state.outcome
  }

  private func renderAndStore(_ job: RenderJob) throws -> CacheIndex.Entry {
    let rendered = try renderer.render(job)
    let sha256 = try store.storeObject(rendered.png)
    let hitMaskSHA256 = try rendered.hitMask.map { try store.storeObject($0.png) }
    return CacheIndex.Entry(
      sha256: sha256, width: rendered.width, height: rendered.height, content: rendered.content,
      hitMaskSHA256: hitMaskSHA256, hitMaskBounds: rendered.hitMask?.bounds)
  }

  /// The pool's counters and results, behind a lock.
  private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var outcome = Outcome()

    init(capacity: Int) {
      outcome.entries.reserveCapacity(capacity)
    }

    func record(key: String, entry: CacheIndex.Entry) -> Int {
      lock.lock()
      defer { lock.unlock() }
      outcome.entries[key] = entry
      return outcome.entries.count
    }

    func record(_ failure: Failure) {
      lock.lock()
      outcome.failures.append(failure)
      lock.unlock()
    }
  }
}

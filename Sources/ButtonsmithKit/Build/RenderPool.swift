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
    /// Each drawn job's cache entry, in the order of the work; `nil` where drawing failed or
    /// was not started. (An array, not a map by key: at 150,000 images a map's room for every
    /// key took 38 MB, twice what the entries take.)
    var entries: [CacheIndex.Entry?] = []
    var failures: [Failure] = []
  }

  /// Renders the jobs at `work`'s positions in `keyed` and returns their cache entries, in the
  /// order of `work`, and the failures.
  func render(_ work: [Int], of keyed: KeyedJobs, progress: BuildProgress) -> Outcome {
    guard !work.isEmpty else { return Outcome() }
    progress.willRender(total: work.count)
    let entries = LockedArray<CacheIndex.Entry?>(repeating: nil, count: work.count)
    let state = SharedState()
    WorkerThreads.forEach(work.count, parallelism: parallelism) { position in
      let planned = keyed.jobs[work[position]]
      do {
        entries[position] = try renderAndStore(planned.job)
        progress.didRender(asset: planned.path, done: state.countDrawn(), total: work.count)
        return true
      } catch {
        state.record(Failure(job: planned, error: "\(error)", storeError: error as? StoreError))
        return false
      }
    }
    return Outcome(entries: entries.elements, failures: state.failures)
  }

  private func renderAndStore(_ job: RenderJob) throws -> CacheIndex.Entry {
    let rendered = try renderer.render(job)
    let sha256 = try store.storeObject(rendered.png)
    let hitMaskSHA256 = try rendered.hitMask.map { try store.storeObject($0.png) }
    return CacheIndex.Entry(
      sha256: sha256, width: rendered.width, height: rendered.height, content: rendered.content,
      hitMaskSHA256: hitMaskSHA256, hitMaskBounds: rendered.hitMask?.bounds)
  }

  /// How many jobs were drawn, and the failures, behind a lock.
  private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private var drawn = 0
    private var recorded: [Failure] = []

    /// Counts one more drawn job; how many there are now.
    func countDrawn() -> Int {
      lock.withLock {
        drawn += 1
        return drawn
      }
    }

    func record(_ failure: Failure) {
      lock.withLock { recorded.append(failure) }
    }

    var failures: [Failure] {
      lock.withLock { recorded }
    }
  }
}

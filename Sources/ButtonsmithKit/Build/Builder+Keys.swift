import ButtonCore
import ButtonSpec
import Foundation

extension Builder {
  /// Each job with its key; a file that cannot be read is a diagnostic.
  func keyJobs(_ jobs: [PlannedJob], into diagnostics: inout Diagnostics) -> KeyedJobs {
    var keys = JobKeys(files: renderer.files)
    return keyJobs(jobs, into: &diagnostics, keys: &keys)
  }

  /// Each job with its key, in order, keyed with `keys`, which keeps the digests of the files it
  /// read; a job that cannot be keyed is left out, with a diagnostic. With `parallelism` above 1
  /// runs of consecutive jobs are keyed at once: a button's jobs mostly stay in one run, which
  /// encodes their shared job once (a button split between two runs has it encoded twice, to the
  /// same key); the files they read come from the one snapshot, `keys.files`, read once whichever
  /// run asks.
  func keyJobs(
    _ jobs: [PlannedJob], into diagnostics: inout Diagnostics, keys: inout JobKeys, parallelism: Int = 1
  ) -> KeyedJobs {
    let files = keys.files
    let runs = WorkerThreads.mapRuns(jobs.count, parallelism: parallelism, minimumRun: 256) { range in
      var runKeys = JobKeys(files: files)
      var runDiagnostics = Diagnostics()
      let found = Self.key(jobs[range], into: &runDiagnostics, keys: &runKeys)
      return KeyedRun(found: found, diagnostics: runDiagnostics, keys: runKeys)
    }
    var found: [SHA256Digest?] = []
    found.reserveCapacity(jobs.count)
    for run in runs {
      found += run.found
      diagnostics.formUnion(run.diagnostics)
      keys.absorb(run.keys)
    }
    let keyed = found.compactMap { $0 }
    guard keyed.count < jobs.count else { return KeyedJobs(jobs: jobs, keys: keyed) }
    let kept = zip(jobs, found).compactMap { job, key in key.map { _ in job } }
    return KeyedJobs(jobs: kept, keys: keyed)
  }

  private struct KeyedRun {
    /// Each job's key, or `nil` for a job that cannot be keyed.
    var found: [SHA256Digest?]
    var diagnostics: Diagnostics
    var keys: JobKeys
  }

  /// Each job's key, or `nil` for a job whose files cannot be read.
  private static func key(
    _ jobs: ArraySlice<PlannedJob>, into diagnostics: inout Diagnostics, keys: inout JobKeys
  ) -> [SHA256Digest?] {
    jobs.map { job in
      do {
        return try keys.key(for: job)
      } catch {
        diagnostics.add(.missingFile, "cannot read a file of '\(job.path)': \(error)", at: job.source)
        return nil
      }
    }
  }
}

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
    // Room for every key at once: keys gathered as they come ended in an array that doubled as
    // it grew, with room for up to twice as many (8 MB rather than 5 at 150,000 images), held
    // to the end of the build.
    var keyed: [SHA256Digest] = []
    keyed.reserveCapacity(jobs.count)
    var unkeyed: [Int] = []
    for run in runs {
      for key in run.found {
        if let key { keyed.append(key) } else { unkeyed.append(keyed.count + unkeyed.count) }
      }
      diagnostics.formUnion(run.diagnostics)
      keys.absorb(run.keys)
    }
    guard !unkeyed.isEmpty else { return KeyedJobs(jobs: jobs, keys: keyed) }
    let left = Set(unkeyed)
    return KeyedJobs(jobs: jobs.indices.filter { !left.contains($0) }.map { jobs[$0] }, keys: keyed)
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

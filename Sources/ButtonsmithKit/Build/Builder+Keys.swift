import ButtonCore
import ButtonSpec
import Foundation

extension Builder {
  /// Each job with its key; a file that cannot be read is a diagnostic.
  func keyJobs(_ jobs: [PlannedJob], into diagnostics: inout Diagnostics) -> [(job: PlannedJob, key: String)] {
    var keys = JobKeys(files: renderer.files)
    return keyJobs(jobs, into: &diagnostics, keys: &keys)
  }

  /// Each job with its key, in order, keyed with `keys`, which keeps the digests of the files it
  /// read. With `parallelism` above 1 runs of consecutive jobs are keyed at once: a button's
  /// jobs mostly stay in one run, which encodes their shared job once (a button split between
  /// two runs has it encoded twice, to the same key); the files they read come from the one
  /// snapshot, `keys.files`, read once whichever run asks.
  func keyJobs(
    _ jobs: [PlannedJob], into diagnostics: inout Diagnostics, keys: inout JobKeys, parallelism: Int = 1
  ) -> [(job: PlannedJob, key: String)] {
    let files = keys.files
    let runs = WorkerThreads.mapRuns(jobs.count, parallelism: parallelism, minimumRun: 256) { range in
      var runKeys = JobKeys(files: files)
      var runDiagnostics = Diagnostics()
      let keyed = Self.key(jobs[range], into: &runDiagnostics, keys: &runKeys)
      return KeyedRun(keyed: keyed, diagnostics: runDiagnostics, keys: runKeys)
    }
    var keyed: [(job: PlannedJob, key: String)] = []
    keyed.reserveCapacity(jobs.count)
    for run in runs {
      keyed += run.keyed
      diagnostics.formUnion(run.diagnostics)
      keys.absorb(run.keys)
    }
    return keyed
  }

  private struct KeyedRun {
    var keyed: [(job: PlannedJob, key: String)]
    var diagnostics: Diagnostics
    var keys: JobKeys
  }

  private static func key(
    _ jobs: ArraySlice<PlannedJob>, into diagnostics: inout Diagnostics, keys: inout JobKeys
  ) -> [(job: PlannedJob, key: String)] {
    var keyed: [(job: PlannedJob, key: String)] = []
    keyed.reserveCapacity(jobs.count)
    for job in jobs {
      do {
        keyed.append((job, try keys.key(for: job)))
      } catch {
        diagnostics.add(.missingFile, "cannot read a file of '\(job.path)': \(error)", at: job.source)
      }
    }
    return keyed
  }
}

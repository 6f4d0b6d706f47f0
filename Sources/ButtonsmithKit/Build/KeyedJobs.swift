import ButtonCore

/// Planned jobs with their cache keys, in order: the plan's own array of jobs (shared, not
/// copied) beside an array of keys. (A list of job and key pairs held a second copy of every
/// job: 16 MB at 150,000 images.)
struct KeyedJobs: RandomAccessCollection, Sendable {
  /// The jobs.
  let jobs: [PlannedJob]
  /// Each job's key, at the job's position.
  let keys: [SHA256Digest]

  /// `jobs` with `keys`, one for each.
  init(jobs: [PlannedJob], keys: [SHA256Digest]) {
    precondition(jobs.count == keys.count, "a key for every job")
    self.jobs = jobs
    self.keys = keys
  }

  var startIndex: Int { 0 }
  var endIndex: Int { keys.count }

  subscript(position: Int) -> (job: PlannedJob, key: SHA256Digest) {
    (jobs[position], keys[position])
  }
}

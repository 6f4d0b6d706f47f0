import ButtonCore
import ButtonRender
import ButtonSpec
import CSystemShim
import Foundation

/// The publish stage: renders the jobs the cache lacks, in parallel, and publishes a new
/// version when the result differs from `current`.
public struct Builder: Sendable {
  /// Draws and encodes jobs.
  public var renderer: Renderer
  /// What a version holds besides images and hit masks.
  public var generated: GeneratedFiles

  /// Creates a builder.
  public init(renderer: Renderer = Renderer(), generated: GeneratedFiles = GeneratedFiles()) {
    self.renderer = renderer
    self.generated = generated
  }

  /// Builds `jobs` into `options.output`. Render failures come back as diagnostics, and then
  /// nothing is published. With `inputsText` (`InputStamp.text(of:)` taken before the specs were
  /// read), a stamp of the inputs and of the `warnings` reported about them is recorded for
  /// `confirmUpToDate`, covering the files the jobs read and `fontFiles`; without, any old
  /// stamp is removed. The jobs are let go of once published, before the stamp and the index are
  /// made: passed without another reference to them (`consume`), they are freed then.
  public func build(
    _ jobs: consuming [PlannedJob], options: BuildOptions, progress: BuildProgress, inputsText: String? = nil,
    warnings: [Diagnostic] = [], fontFiles: [String] = []
  ) throws -> (summary: BuildSummary?, diagnostics: Diagnostics) {
    let started = Date()
    // What checking and planning freed (the specs, their resolved states) goes back to the
    // system before drawing, rather than staying resident under it.
    bs_release_free_memory()
    var diagnostics = Diagnostics()
    var keys = JobKeys(files: renderer.files)
    let keyed = keyJobs(jobs, into: &diagnostics, keys: &keys, parallelism: options.parallelism)
    if diagnostics.hasErrors { return (nil, diagnostics) }
    let jobKeys = keyed.keys

    let store = AssetStore(root: options.output)
    let lock = try store.open(survey: options.survey) { progress.waitingForLock(options.output) }
    defer { withExtendedLifetime(lock) {} }
    // Every object and file is checked or written after this: the statuses the index and the
    // stamp take later are judged racy against it, so bytes changed after their check are hashed.
    let checkedSince = FileStatus.now
    // Opened before anything is written, so that a flush of the file system reports a write-back
    // error of anything this build writes (`nil` where each file is flushed as it is written).
    let flush = BuildFlush(store: store)
    defer { flush?.wait() }
    var index = CacheIndex.read(from: store.indexURL)
    let exchange = try renderMissing(
      keyed, store: store, index: &index, options: options, progress: progress, checkedSince: checkedSince)
    if exchange.drawnJobs > 0 { bs_release_free_memory() }
    for failure in exchange.failures {
      diagnostics.add(.renderFailed, "cannot render '\(failure.job.path)': \(failure.error)", at: failure.job.source)
    }
    // The statuses of the objects this run found or wrote are taken once, after publishing and
    // pruning; before that only when the build stops early.
    func recordStatuses() { index.recordStatuses(of: jobKeys, in: store, checkedSince: checkedSince) }
    // Written once, after publishing and pruning; before that only when the build stops here.
    if diagnostics.hasErrors {
      recordStatuses()
      writeUnflushed(index, store: store)
      return (nil, diagnostics)
    }
    // Counted in jobs, as the summary's contract says: a job whose image was drawn in this run
    // (once for all the jobs that share its key) is rendered; one taken from a cache is reused. A
    // shard answers for its part only: the other parts' jobs are neither.
    let (drawnJobs, downloadedJobs) = (exchange.drawnJobs, exchange.downloadedJobs)
    let partJobs = options.shard.map { shard in keyed.count { shard.contains($0.key) } } ?? jobs.count
    var summary = BuildSummary(
      assets: jobs.count, rendered: drawnJobs, reused: partJobs - drawnJobs, written: 0,
      version: store.currentNumber() ?? 0, newVersion: false, seconds: 0, output: options.output.path,
      downloaded: downloadedJobs, uploaded: exchange.uploaded, remoteProblems: exchange.problems)
    if options.shard != nil {
      // A shard draws and uploads its part; the assembling build publishes. It never flushes
      // what it drew to the disk, so its index does not vouch for that.
      recordStatuses()
      writeUnflushed(index, store: store)
      summary.seconds = Date().timeIntervalSince(started)
      return (summary, diagnostics)
    }
    // What was drawn or downloaded goes to the disk while the manifest is made and linked.
    let changedObjects = drawnJobs > 0 || downloadedJobs > 0
    if changedObjects { flush?.beginEarly() }
    // The index of what was drawn is also written now, while the version is made, without the
    // statuses of what this run wrote, and before the version is published: a build stopped
    // between publishing and the last write of the index (killed, cancelled) would otherwise
    // leave the next build to draw all of it again.
    let earlyIndex = changedObjects ? Background { [index] in writeUnflushed(index, store: store) } : nil

    let (version, files, manifestSHA256, written, published): (Int, [AssetStore.VersionFile], String, Int, Bool)
    do {
      (version, files, manifestSHA256, written, published) = try publishIfChanged(
        keyed, jobs: jobs, store: store, index: index, flush: flush, expectsChange: changedObjects,
        indexWritten: earlyIndex)
    } catch {
      // Each index is written after the early one, never before it.
      earlyIndex?.wait()
      recordStatuses()
      writeUnflushed(index, store: store)
      throw error
    }
    // The plan is most of what a build holds (60 MB at 150,000 images): the stamp takes the files
    // the jobs read, and the jobs go before the stamp and the index are made.
    let jobFiles = inputsText == nil ? [] : InputStamp.externalFiles(of: jobs)
    let assetCount = jobs.count
    _ = consume keyed
    _ = consume jobs
    // Given back to the system: the stamp's and the index's large buffers take new pages, and the
    // jobs' small blocks would otherwise stay resident beside them.
    bs_release_free_memory()
    // Also when nothing changed but more versions are kept than `--keep` says (a smaller one,
    // or a build stopped while it pruned).
    if published || changedObjects || store.versionNumbers().count > options.keep {
      summary.keptVersions = store.prune(keep: options.keep, index: &index)
    }
    // After linking the version (or a version not published after all) and pruning others, which
    // move the objects' change times: statuses taken before would make the next build hash every
    // object to vouch for it.
    recordStatuses()
    // The index is written on another thread while the stamp is made: two independent files
    // (5 and 8 ms for the standard workload).
    earlyIndex?.wait()
    let indexWritten = Background { [index] in try store.writeIndex(index) }
    // After pruning: removing a version's links changes the files' status, which the stamp records.
    do {
      let recorded = inputsText.flatMap {
        stamp(
          text: $0, fileDigests: keys.fileDigests, fontQueries: keys.fontQueries, fontFiles: fontFiles,
          jobFiles: jobFiles, assets: assetCount, version: version, manifestSHA256: manifestSHA256, warnings: warnings)
      }
      if let recorded {
        try store.writeStamp(recorded, files: files, checkedSince: checkedSince)
      } else {
        try store.writeStamp(nil)
      }
    } catch {
      summary.unsavedRecords.append("the input stamp was not saved (\(error)), so the next build checks every input")
    }
    do {
      try indexWritten.value()
    } catch {
      summary.unsavedRecords.append(
        "the cache index was not saved (\(error)), so the next build hashes its objects again or draws them")
    }
    summary.written = written
    summary.version = version
    summary.newVersion = published
    summary.seconds = Date().timeIntervalSince(started)
    return (summary, diagnostics)
  }

  /// What the render stage did: drew, failed to draw, downloaded, uploaded, counted in jobs (every
  /// job of a key drawn once). (What it drew is in the index: a second map of every entry would be
  /// held to the end of the build.)
  struct Exchange {
    var drawnJobs = 0
    var failures: [RenderPool.Failure] = []
    var downloadedJobs = 0
    var uploaded = 0
    var problems: String?
  }

  /// Takes every key the local cache lacks from the remote cache when there is one, draws the
  /// rest (all with `force`; only the shard's with `--shard`), once per key, uploads what was
  /// drawn when uploading is on, and records the results in `index`. A failure to store a drawn
  /// image is a problem of the output and is thrown; the remote's failures are only counted.
  private func renderMissing(
    _ keyed: KeyedJobs, store: AssetStore, index: inout CacheIndex, options: BuildOptions,
    progress: BuildProgress, checkedSince: Int64
  ) throws -> Exchange {
    // Each key's first job, by its position in `keyed` (a copy of the job took 34 MB at 150,000
    // images); the keys are worked on as groups, in their order.
    let groups = KeyGroups(keys: keyed.keys)
    func key(_ group: Int) -> SHA256Digest { keyed.keys[groups[group]] }
    var missing = groups.indices.filter { group in
      guard !options.force, let entry = index.entries[key(group)] else { return true }
      return !index.hasIntactObjects(entry, in: store)
    }
    // Every key's entry and objects are recorded during the build.
    index.entries.reserveCapacity(index.entries.count + missing.count)
    store.reserveVerified(groups.count)
    let problems = RemoteCache.Problems()
    let remote = options.remote.map { RemoteCache(settings: $0) }
    // Without an HTTP client the remote is left alone, said once a request would be made.
    func usable(_ remote: RemoteCache?) -> RemoteCache? {
      guard let remote, let reason = remote.transfers.unavailableReason else { return remote }
      problems.unusable(reason)
      return nil
    }
    if remote?.transfers.unavailableReason == nil, let note = remote?.headerProblem { problems.note(note) }
    var exchange = Exchange()
    // A shard only looks after its own part; the others are other machines' work.
    if let shard = options.shard { missing.removeAll { !shard.contains(key($0)) } }
    // The groups drawn or downloaded.
    var fetched = [Bool](repeating: false, count: groups.count)
    if !options.force, !missing.isEmpty, let remote = usable(remote) {
      // A record is used only for the image its job would draw.
      var expected: [SHA256Digest: RemoteCache.Expected] = [:]
      for group in missing {
        guard case let job = keyed.jobs[groups[group]].job, let size = try? renderer.fileSize(of: job),
          let content = try? renderer.fileContentRect(of: job),
          let pixels = try? renderer.pixelSize(of: job)
        else { continue }
        let mask = job.hitMaskThreshold.map { _ in PNGInfo(width: pixels.width, height: pixels.height) }
        expected[key(group)] = RemoteCache.Expected(
          width: size.width, height: size.height, content: content, hitMaskSize: mask)
      }
      let facts = expected
      let found = remote.download(missing.map(key), into: store, problems: problems) { facts[$0] }
      for (key, entry) in found { index.entries[key] = entry }
      let downloaded = missing.filter { found[key($0)] != nil }
      for group in downloaded { fetched[group] = true }
      exchange.downloadedJobs = groups.jobCount(of: downloaded)
      missing.removeAll { fetched[$0] }
    }
    let pool = RenderPool(renderer: renderer, store: store, parallelism: options.parallelism)
    let outcome = pool.render(missing.map { groups[$0] }, of: keyed, into: &index.entries, progress: progress)
    var drawn = zip(missing, outcome.drawn).compactMap { group, wasDrawn in wasDrawn ? group : nil }
    for group in drawn { fetched[group] = true }
    exchange.drawnJobs = groups.jobCount(of: drawn)
    exchange.failures = outcome.failures
    if let storeError = outcome.failures.lazy.compactMap(\.storeError).first {
      index.recordStatuses(of: groups.indices.lazy.map(key), in: store, checkedSince: checkedSince)
      writeUnflushed(index, store: store)
      throw storeError
    }
    // A remote given up on while looking up is not asked to store either: each upload would
    // wait for its own timeout.
    if remote?.settings.upload == true, outcome.failures.isEmpty, !problems.hasGivenUp,
      !drawn.isEmpty || options.shard != nil, let remote = usable(remote)
    {
      // A shard answers for its whole part: what it had in its local cache goes up too, when the
      // remote lacks it, or the assembling build would have to draw it. (What it downloaded, the
      // remote has: it is not asked again.)
      if let shard = options.shard {
        let local = groups.indices.filter { !fetched[$0] && shard.contains(key($0)) }
        let absent = Set(remote.absentRecords(local.map(key), problems: problems))
        drawn += local.filter { absent.contains(key($0)) }
      }
      let uploads = drawn.compactMap { group in index.entries[key(group)].map { (key: key(group), entry: $0) } }
      exchange.uploaded = remote.upload(uploads, from: store, problems: problems)
    }
    exchange.problems = problems.summary
    return exchange
  }

  /// Writes `index` for a build that stops before the flush that puts what it wrote on the disk
  /// (or whose flush failed): it keeps only the statuses flushed builds recorded
  /// (`CacheIndex.forgettingStatuses(of:where:)`), so the next build hashes the objects this one
  /// wrote or hashed. Elsewhere than on Linux every object is flushed as it is written, and all
  /// are kept.
  private func writeUnflushed(_ index: CacheIndex, store: AssetStore) {
    #if os(Linux)
      try? store.writeIndex(index, forgettingUnflushed: true)
    #else
      try? store.writeIndex(index)
    #endif
  }
}

import ButtonRender
import ButtonSpec
import Foundation

/// The publish stage: renders the jobs the cache lacks, in parallel, and publishes a new
/// version when the result differs from `current`.
public struct Builder: Sendable {
  /// Draws and encodes jobs.
  public var renderer: Renderer

  /// Creates a builder.
  public init(renderer: Renderer = Renderer()) {
    self.renderer = renderer
  }

  /// Builds `jobs` into `options.output`. Render failures come back as diagnostics, and then
  /// nothing is published.
  public func build(_ jobs: [PlannedJob], options: BuildOptions, progress: BuildProgress) throws
    -> (summary: BuildSummary?, diagnostics: Diagnostics)
  {
    let started = Date()
    var diagnostics = Diagnostics()
    let keyed = keyJobs(jobs, into: &diagnostics)
    if diagnostics.hasErrors { return (nil, diagnostics) }

    let store = AssetStore(root: options.output)
    let lock = try store.open { progress.waitingForLock(options.output) }
    defer { withExtendedLifetime(lock) {} }
    var index = CacheIndex.read(from: store.indexURL)
    let rendered = try renderMissing(keyed, store: store, index: &index, options: options, progress: progress)
    try? index.write(to: store.indexURL)
    for failure in rendered.failures {
      diagnostics.add(.renderFailed, "cannot render '\(failure.job.path)': \(failure.error)", at: failure.job.source)
    }
    if diagnostics.hasErrors { return (nil, diagnostics) }

    let (version, written) = try publishIfChanged(keyed, jobs: jobs, store: store, index: index)
    if written > 0 || !rendered.entries.isEmpty {
      store.prune(keep: options.keep, index: &index)
      try? index.write(to: store.indexURL)
    }
    let summary = BuildSummary(
      assets: jobs.count, rendered: rendered.entries.count, reused: jobs.count - rendered.entries.count,
      written: written, version: version, newVersion: written > 0, seconds: Date().timeIntervalSince(started),
      output: options.output.path)
    return (summary, diagnostics)
  }

  /// Draws every key the cache lacks (all with `force`), once per key, and records the results
  /// in `index`. A failure to store a drawn image is a problem of the output and is thrown.
  private func renderMissing(
    _ keyed: [(job: PlannedJob, key: String)], store: AssetStore, index: inout CacheIndex, options: BuildOptions,
    progress: BuildProgress
  ) throws -> RenderPool.Outcome {
    var representatives: [String: PlannedJob] = [:]
    for (job, key) in keyed where representatives[key] == nil { representatives[key] = job }
    let missing = representatives.keys.sorted().filter { key in
      guard !options.force, let entry = index.entries[key] else { return true }
      return !store.hasIntactObject(entry.sha256) || !(entry.hitMaskSHA256.map(store.hasIntactObject) ?? true)
    }
    let pool = RenderPool(renderer: renderer, store: store, parallelism: options.parallelism)
    let outcome = pool.render(missing.map { ($0, representatives[$0]!) }, progress: progress)
    for (key, entry) in outcome.entries { index.entries[key] = entry }
    if let storeError = outcome.failures.lazy.compactMap(\.storeError).first {
      try? index.write(to: store.indexURL)
      throw storeError
    }
    return outcome
  }

  /// Publishes a new version unless `current` already holds exactly this build: the manifest it
  /// would write, numbered as `current`, is `current`'s byte for byte and its files are intact.
  /// Returns the version `current` points to and how many files were written.
  private func publishIfChanged(
    _ keyed: [(job: PlannedJob, key: String)], jobs: [PlannedJob], store: AssetStore, index: CacheIndex
  ) throws -> (version: Int, written: Int) {
    let generated = try AssetCatalog.contentsFiles(for: jobs).map { path, data in
      Manifest.GeneratedFile(path: path, sha256: try store.storeObject(data))
    }
    let currentNumber = store.currentNumber()
    var manifest = ManifestBuilder.manifest(for: keyed, index: index, generated: generated, version: currentNumber ?? 0)
    if let number = currentNumber, (try? Data(contentsOf: store.manifestURL(number))) == (try manifest.encoded()),
      store.isIntact(manifest, version: number)
    {
      return (number, 0)
    }
    manifest.version = (store.versionNumbers().max() ?? 0) + 1
    return (manifest.version, try store.publish(manifest, number: manifest.version))
  }

  /// Each job with its key; a file that cannot be read is a diagnostic.
  func keyJobs(_ jobs: [PlannedJob], into diagnostics: inout Diagnostics) -> [(job: PlannedJob, key: String)] {
    var keys = JobKeys()
    var keyed: [(job: PlannedJob, key: String)] = []
    for job in jobs {
      do {
        keyed.append((job, try keys.key(for: job.job)))
      } catch {
        diagnostics.add(
          .missingFile, "cannot read a file of '\(job.path)': \(error.localizedDescription)", at: job.source)
      }
    }
    return keyed
  }
}

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
    for failure in outcome.failures {
      diagnostics.add(.renderFailed, "cannot render '\(failure.job.path)': \(failure.error)", at: failure.job.source)
    }
    try? index.write(to: store.indexURL)
    if diagnostics.hasErrors { return (nil, diagnostics) }
    let generated = try AssetCatalog.contentsFiles(for: jobs).map { path, data in
      Manifest.GeneratedFile(path: path, sha256: try store.storeObject(data))
    }

    // Up to date when the manifest this build would write, numbered as `current`, is byte for
    // byte `current`'s, and `current`'s files are intact.
    let currentNumber = store.currentNumber()
    var manifest = ManifestBuilder.manifest(for: keyed, index: index, generated: generated, version: currentNumber ?? 0)
    let encoded = try manifest.encoded()
    let upToDate = currentNumber.map { number in
      (try? Data(contentsOf: store.manifestURL(number))) == encoded && store.isIntact(manifest, version: number)
    } ?? false
    var written = 0
    if !upToDate {
      manifest.version = (store.versionNumbers().max() ?? 0) + 1
      written = try store.publish(manifest, number: manifest.version)
    }
    if !upToDate || !outcome.entries.isEmpty {
      store.prune(keep: options.keep, index: &index)
      try? index.write(to: store.indexURL)
    }
    let summary = BuildSummary(
      assets: jobs.count, rendered: outcome.entries.count, reused: jobs.count - outcome.entries.count,
      written: written, version: manifest.version, newVersion: !upToDate, seconds: Date().timeIntervalSince(started),
      output: options.output.path)
    return (summary, diagnostics)
  }

  /// Each job with its key; a file that cannot be read is a diagnostic.
  func keyJobs(_ jobs: [PlannedJob], into diagnostics: inout Diagnostics) -> [(job: PlannedJob, key: String)] {
    var keys = JobKeys()
    var keyed: [(job: PlannedJob, key: String)] = []
    for job in jobs {
      do {
        keyed.append((job, try keys.key(for: job.job)))
      } catch {
        diagnostics.add(.missingFile, "cannot read a file of '\(job.path)': \(error.localizedDescription)", at: job.source)
      }
    }
    return keyed
  }
}

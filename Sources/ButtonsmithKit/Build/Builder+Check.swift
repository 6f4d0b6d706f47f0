import ButtonRender
import ButtonSpec
import Foundation

/// A difference between what the specs would produce now and what `current` holds.
public struct StaleAsset: Sendable, Equatable, CustomStringConvertible {
  /// Why the asset is listed.
  public enum Reason: String, Sendable {
    /// The specs would draw it differently.
    case stale
    /// `current` lacks it.
    case missing
    /// `current` has it but the specs no longer produce it.
    case extra
    /// `current`'s file no longer matches its manifest.
    case damaged
  }

  /// Why.
  public var reason: Reason
  /// The path inside the version.
  public var path: String

  public var description: String { "\(reason.rawValue): \(path)" }
}

/// A planned job with its key and whether the cache already holds its image.
public struct JobStatus: Sendable {
  /// The job.
  public var planned: PlannedJob
  /// Its cache key.
  public var key: String
  /// Whether the cache holds an intact object for the key.
  public var cached: Bool
  /// The image's pixel size.
  public var width: Int
  public var height: Int
}

extension Builder {
  /// What `build --check` reports: every asset of `current` in `output` that differs from
  /// what `jobs` would produce. Reads only; renders and writes nothing.
  public func check(_ jobs: [PlannedJob], output: URL) throws -> (stale: [StaleAsset], diagnostics: Diagnostics) {
    var diagnostics = Diagnostics()
    let keyed = keyJobs(jobs, into: &diagnostics)
    let store = AssetStore(root: output)
    try store.inspectForReading()
    guard let current = store.current() else {
      return (keyed.map { StaleAsset(reason: .missing, path: $0.job.path) }, diagnostics)
    }
    let published = Dictionary(current.manifest.assets.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    var stale: [StaleAsset] = []
    for (job, key) in keyed {
      guard let asset = published[job.path] else {
        stale.append(StaleAsset(reason: .missing, path: job.path))
        continue
      }
      if asset.key != key { stale.append(StaleAsset(reason: .stale, path: job.path)) }
    }
    let planned = Set(keyed.map(\.job.path))
    for asset in current.manifest.assets where !planned.contains(asset.path) {
      stale.append(StaleAsset(reason: .extra, path: asset.path))
    }
    if stale.isEmpty, !store.isIntact(current.manifest, version: current.number) {
      stale.append(StaleAsset(reason: .damaged, path: "versions/v\(current.number)"))
    }
    return (stale.sorted { ($0.path, $0.reason.rawValue) < ($1.path, $1.reason.rawValue) }, diagnostics)
  }

  /// Each job's key, pixel size and cache status in `output`, for `plan`. Reads only.
  public func statuses(_ jobs: [PlannedJob], output: URL) throws -> (statuses: [JobStatus], diagnostics: Diagnostics) {
    var diagnostics = Diagnostics()
    let keyed = keyJobs(jobs, into: &diagnostics)
    let store = AssetStore(root: output)
    try store.inspectForReading()
    let index = CacheIndex.read(from: store.indexURL)
    var intact: [String: Bool] = [:]
    let statuses = keyed.map { job, key -> JobStatus in
      let entry = index.entries[key]
      let cached =
        entry.map { entry in
          if let known = intact[entry.sha256] { return known }
          let result = store.hasIntactObject(entry.sha256)
          intact[entry.sha256] = result
          return result
        } ?? false
      let size = (try? renderer.pixelSize(of: job.job)) ?? (width: 0, height: 0)
      return JobStatus(planned: job, key: key, cached: cached, width: size.width, height: size.height)
    }
    return (statuses, diagnostics)
  }
}

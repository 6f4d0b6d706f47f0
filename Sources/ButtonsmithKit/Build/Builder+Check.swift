import ButtonCore
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
    /// `current`'s file is neither what the specs produce nor what its own manifest says.
    case damaged
  }

  /// Why.
  public var reason: Reason
  /// The path inside the version.
  public var path: String
  /// For a stale image: how many of its pixels differ from what the specs draw now.
  public var pixels: Int?

  public init(reason: Reason, path: String, pixels: Int? = nil) {
    self.reason = reason
    self.path = path
    self.pixels = pixels
  }

  public var description: String {
    "\(reason.rawValue): \(path)" + (pixels.map { " (\($0) pixels differ)" } ?? "")
  }
}

/// A planned job with its key and whether a build would take its image from the cache.
public struct JobStatus: Sendable {
  /// The job.
  public var planned: PlannedJob
  /// Its cache key.
  public var key: String
  /// Whether a build would not draw it: it is confirmed up to date, or the cache holds intact
  /// objects for the key (image and hit mask).
  public var cached: Bool
  /// The image's pixel size.
  public var width: Int
  public var height: Int
}

extension Builder {
  /// What `build --check` reports: every file of `current` in `output` that differs from what
  /// `jobs` produce now, found by drawing every image again in memory and comparing bytes, and
  /// the number of the version compared (0: none). Reads only; writes nothing.
  public func check(
    _ jobs: [PlannedJob], output: URL
  ) throws -> (stale: [StaleAsset], diagnostics: Diagnostics, version: Int) {
    var diagnostics = Diagnostics()
    let keyed = keyJobs(jobs, into: &diagnostics)
    if diagnostics.hasErrors { return ([], diagnostics, 0) }
    let result = try OutputChecker(renderer: renderer, generatedFiles: generated).check(
      keyed, store: AssetStore(root: output))
    diagnostics.formUnion(result.diagnostics)
    return (result.stale, diagnostics, result.version)
  }

  /// Each job's key, pixel size and cache status in `output`, for `plan`: `cached` when a build
  /// would not draw it, as the build decides: `upToDate` (the stamp confirms the build, which
  /// then draws nothing), or the index has the key and its image and hit mask objects are intact.
  /// Reads only.
  public func statuses(
    _ jobs: [PlannedJob], output: URL, upToDate: Bool = false
  ) throws -> (statuses: [JobStatus], diagnostics: Diagnostics) {
    var diagnostics = Diagnostics()
    let keyed = keyJobs(jobs, into: &diagnostics)
    let store = AssetStore(root: output)
    try store.inspectForReading()
    // No build changes the cache while it is looked at.
    let lock = try store.lockForReading()
    defer { withExtendedLifetime(lock) {} }
    let index = CacheIndex.read(from: store.indexURL)
    var intact: [SHA256Digest: Bool] = [:]
    let statuses = keyed.map { job, key -> JobStatus in
      let cached =
        upToDate
        || index.entries[key].map { entry in
          if let known = intact[key] { return known }
          let result = index.hasIntactObjects(entry, in: store)
          intact[key] = result
          return result
        } ?? false
      let size = (try? renderer.fileSize(of: job.job)) ?? (width: 0, height: 0)
      return JobStatus(planned: job, key: key.hex, cached: cached, width: size.width, height: size.height)
    }
    return (statuses, diagnostics)
  }
}

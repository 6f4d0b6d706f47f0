import Foundation

/// How `build` runs.
public struct BuildOptions: Sendable {
  /// The output directory (`-o`).
  public var output: URL
  /// How many renders run at once (`-j`).
  public var parallelism: Int
  /// Render every job even when the cache has it (`--force`).
  public var force: Bool
  /// How many versions to keep (`--keep`).
  public var keep: Int
  /// The team's shared cache, if any.
  public var remote: RemoteCacheSettings?
  /// Draw and upload only this part of the missing keys, and publish nothing (`--shard I/N`).
  public var shard: Shard?
  /// The output directory as inspected while the specs were planned (`Project.surveyOutput()`).
  public var survey: StoreSurvey?

  /// The largest `-j` accepted.
  public static let maximumParallelism = 256
  /// The most renders that run at once whatever `-j` says: each holds an image in memory, and
  /// threads beyond a few per core only add memory.
  public static var usefulParallelism: Int { max(8, 4 * ProcessInfo.processInfo.activeProcessorCount) }

  /// Creates options; parallelism defaults to the number of cores.
  public init(
    output: URL, parallelism: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false, keep: Int = 5
  ) {
    self.output = output
    self.parallelism = max(1, parallelism)
    self.force = force
    self.keep = max(1, keep)
  }
}

/// What a build did: the contract's summary, also printed as `--json`.
public struct BuildSummary: Codable, Equatable, Sendable {
  /// Jobs planned.
  public var assets: Int
  /// Jobs whose image was drawn in this run (jobs with identical keys share one drawing).
  public var rendered: Int
  /// Jobs whose image was taken from a cache (local or remote).
  public var reused: Int
  /// Files written into a new version (images and hit masks); 0 when up to date.
  public var written: Int
  /// The version `current` points to afterwards.
  public var version: Int
  /// Whether this run created a version.
  public var newVersion: Bool
  /// Wall time in seconds.
  public var seconds: Double
  /// The output directory.
  public var output: String
  /// Jobs whose image was taken from the remote cache.
  public var downloaded = 0
  /// Images uploaded to the remote cache.
  public var uploaded = 0
  /// What went wrong with the remote cache, counted, for one warning line; never fatal.
  public var remoteProblems: String?
  /// Versions pruning left whole, because they hold something Buttonsmith did not write.
  public var keptVersions: [KeptVersion] = []
  /// The build's records for the next build (the cache index, the input stamp) that could not be
  /// written, each said with its consequence; the published version is whole either way.
  public var unsavedRecords: [String] = []

  enum CodingKeys: String, CodingKey {
    case assets, rendered, reused, written, version, seconds, output, downloaded, uploaded
    case newVersion = "new_version"
  }
}

/// Receives progress from the worker threads of a build; the CLI draws it.
public protocol BuildProgress: Sendable {
  /// Rendering starts: `total` jobs will be drawn.
  func willRender(total: Int)
  /// One job was drawn; `done` of `total` are finished.
  func didRender(asset: String, done: Int, total: Int)
  /// Another build holds the lock; this one waits.
  func waitingForLock(_ output: URL)
}

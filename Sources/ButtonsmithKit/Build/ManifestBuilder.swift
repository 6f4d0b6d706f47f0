import ButtonCore
import ButtonRender
import ButtonSpec
import Foundation

/// Turns keyed jobs and their cache entries into a version's manifest.
enum ManifestBuilder {
  static func manifest(
    for jobs: KeyedJobs, index: CacheIndex, generated: [Manifest.GeneratedFile], version: Int
  ) -> Manifest {
    var manifest = shell(for: jobs, generated: generated, version: version)
    manifest.assets = publishedOrder(of: jobs, index: index).map {
      asset(for: jobs[$0], entry: index.entries[jobs[$0].key]!)
    }
    return manifest
  }

  /// The positions in `jobs` of the assets a version publishes, in the order of their paths:
  /// the order of `files(...)` and of the assets `write(...)` writes.
  static func publishedOrder(of jobs: KeyedJobs, index: CacheIndex) -> [Int] {
    jobs.indices.filter { index.entries[jobs[$0].key] != nil }.sorted { jobs[$0].job.path < jobs[$1].job.path }
  }

  /// The files a version holds, besides its manifest: each asset's image and hit mask in `order`,
  /// then the generated files, each with its object's SHA-256.
  static func files(
    of jobs: KeyedJobs, in order: [Int], index: CacheIndex, generated: [AssetStore.VersionFile]
  ) -> [AssetStore.VersionFile] {
    var files: [AssetStore.VersionFile] = []
    files.reserveCapacity(order.count + generated.count)
    for position in order {
      let (planned, key) = jobs[position]
      let entry = index.entries[key]!
      files.append((planned.path, entry.sha256))
      if let hitMask = entry.hitMaskSHA256 { files.append((planned.hitMaskPath, hitMask)) }
    }
    for file in generated.sorted(by: { $0.path < $1.path }) { files.append(file) }
    return files
  }

  /// The bytes `manifest(...).encoded()` gives, handed to `output` in pieces as they are made
  /// (`Manifest.write(assets:count:to:)`): no asset is held beyond its own piece, and the bytes are
  /// never held whole.
  static func write(
    _ jobs: KeyedJobs, in order: [Int], index: CacheIndex, generated: [Manifest.GeneratedFile],
    version: Int, to output: (Data) throws -> Void
  ) throws {
    try shell(for: jobs, generated: generated, version: version).write(
      assets: order.lazy.map { asset(for: jobs[$0], entry: index.entries[jobs[$0].key]!) }, count: order.count,
      to: output)
  }

  /// The manifest without its assets.
  private static func shell(
    for jobs: KeyedJobs, generated: [Manifest.GeneratedFile], version: Int
  ) -> Manifest {
    Manifest(
      version: version, generator: "buttonsmith \(ButtonsmithVersion.current)",
      renderer: .current.including(vectorLibraries(of: jobs.lazy.map(\.job))), assets: [],
      files: generated.isEmpty ? nil : generated.sorted { $0.path < $1.path })
  }

  private static func asset(for keyed: (job: PlannedJob, key: SHA256Digest), entry: CacheIndex.Entry) -> Manifest.Asset
  {
    let (planned, key) = keyed
    let job = planned.job
    let isFullImage = entry.content == PixelRect(x: 0, y: 0, width: entry.width, height: entry.height)
    return Manifest.Asset(
      button: job.button, state: job.state.rawValue, appearance: job.appearance.rawValue, scale: job.scale,
      format: planned.format, frame: job.frame, locale: job.locale, path: planned.path, width: entry.width,
      height: entry.height,
      points: [job.size.width, job.size.height], content: isFullImage ? nil : entry.content, sha256: entry.sha256.hex,
      key: key.hex, source: planned.source.description,
      hitMask: entry.hitMaskSHA256.map {
        Manifest.HitMaskEntry(
          path: planned.hitMaskPath, threshold: job.hitMaskThreshold ?? 0.5,
          bounds: entry.hitMaskBounds ?? Manifest.HitMaskEntry.nothingHit, sha256: $0.hex)
      })
  }

  /// The vector libraries (librsvg, poppler) that draw some image or mask of `jobs`.
  static func vectorLibraries(of jobs: some Sequence<PlannedJob>) -> Set<VectorLibrary> {
    var libraries = Set<VectorLibrary>()
    // Scales, frames and formats of a state share one resolved job: look at each once.
    var last: ResolvedJob?
    for planned in jobs where planned.resolved !== last {
      last = planned.resolved
      for case let (_, library?) in planned.resolved.base.drawnFiles { libraries.insert(library) }
    }
    return libraries
  }
}

import ButtonRender
import ButtonSpec

/// Turns keyed jobs and their cache entries into a version's manifest.
enum ManifestBuilder {
  static func manifest(
    for jobs: [(job: PlannedJob, key: String)], index: CacheIndex, generated: [Manifest.GeneratedFile], version: Int
  ) -> Manifest {
    var assets: [Manifest.Asset] = []
    assets.reserveCapacity(jobs.count)
    for (planned, key) in jobs {
      guard let entry = index.entries[key] else { continue }
      let job = planned.job
      let isFullImage = entry.content == PixelRect(x: 0, y: 0, width: entry.width, height: entry.height)
      let asset = Manifest.Asset(
        button: job.button, state: job.state.rawValue, appearance: job.appearance.rawValue, scale: job.scale,
        format: planned.format, frame: job.frame, locale: job.locale, path: planned.path, width: entry.width,
        height: entry.height,
        points: [job.size.width, job.size.height], content: isFullImage ? nil : entry.content, sha256: entry.sha256,
        key: key, source: planned.source.description,
        hitMask: entry.hitMaskSHA256.map {
          Manifest.HitMaskEntry(
            path: planned.hitMaskPath, threshold: job.hitMaskThreshold ?? 0.5, bounds: entry.hitMaskBounds, sha256: $0)
        })
      assets.append(asset)
    }
    // Sorted in place: a sorted copy would hold two arrays of every asset at once.
    assets.sort { $0.path < $1.path }
    return Manifest(
      version: version, generator: "buttonsmith \(ButtonsmithVersion.current)",
      renderer: .current.including(vectorLibraries(of: jobs.lazy.map(\.job))), assets: assets,
      files: generated.isEmpty ? nil : generated.sorted { $0.path < $1.path })
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

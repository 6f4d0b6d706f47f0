import ButtonCore
import ButtonRender
import ButtonSpec
import Foundation

/// `build --check`: compares the bytes `current` holds with what the specs produce now.
///
/// Nothing written in the output directory is trusted: not the manifest's digests, not the
/// cache index, not the objects. Every image is drawn again in memory and its bytes compared
/// with the file in the version; the version's directory is walked (never through a link) for
/// files the specs no longer produce; and when every image matches, the manifest must be the
/// one a build would write now. Reads only.
struct OutputChecker {
  let renderer: Renderer
  let generatedFiles: GeneratedFiles

  /// What is stale in `store`'s current version, and that version's number (0: none).
  func check(_ keyed: KeyedJobs, store: AssetStore) throws -> (
    stale: [StaleAsset], diagnostics: Diagnostics, version: Int
  ) {
    var diagnostics = Diagnostics()
    try store.inspectForReading()
    let allMissing = keyed.map { StaleAsset(reason: .missing, path: $0.job.path) }
    guard store.currentNumber() != nil else { return (allMissing, diagnostics, 0) }
    let index = renderAll(keyed, into: &diagnostics)
    if diagnostics.hasErrors { return ([], diagnostics, 0) }
    // The version is read under the store's lock, taken once everything is drawn: a build that
    // holds it ends first, and none publishes or prunes while the version is read.
    let lock = try store.lockForReading()
    defer { withExtendedLifetime(lock) {} }
    guard let number = store.currentNumber(),
      let version = try? DirectoryHandle(path: store.versionDirectory(number).path)
    else {
      return (allMissing, diagnostics, 0)
    }

    let generated = try generatedFiles.files(for: keyed.map(\.job), renderer: renderer).map { path, data in
      Manifest.GeneratedFile(path: path, sha256: ContentHash.sha256(data))
    }
    let expected = ManifestBuilder.manifest(for: keyed, index: index, generated: generated, version: number)
    let expectedFiles = Dictionary(expected.allFiles.map { ($0.path, $0.sha256) }, uniquingKeysWith: { a, _ in a })
    let committed = try? Manifest.read(from: store.manifestURL(number))
    let recorded = Dictionary(
      (committed?.allFiles ?? []).map { ($0.path, $0.sha256) }, uniquingKeysWith: { a, _ in a })
    var actual: [String: String] = [:]
    Self.collectFiles(in: version, prefix: "", into: &actual)

    var stale: [StaleAsset] = []
    for (path, sha256) in expectedFiles {
      guard let found = actual[path] else {
        stale.append(StaleAsset(reason: .missing, path: path))
        continue
      }
      if found != sha256 {
        // A file that is not what its own manifest says was changed after it was published.
        stale.append(StaleAsset(reason: recorded[path].map { $0 != found } ?? false ? .damaged : .stale, path: path))
      }
    }
    for path in actual.keys where expectedFiles[path] == nil && path != "manifest.json" {
      stale.append(StaleAsset(reason: .extra, path: path))
    }
    countPixels(of: &stale, keyed: keyed, version: store.versionDirectory(number))
    if stale.isEmpty, actual["manifest.json"] != ContentHash.sha256(try expected.encoded()) {
      stale.append(StaleAsset(reason: actual["manifest.json"] == nil ? .missing : .stale, path: "manifest.json"))
    }
    return (stale.sorted { ($0.path, $0.reason.rawValue) < ($1.path, $1.reason.rawValue) }, diagnostics, number)
  }

  /// Gives each stale image the number of its pixels that differ from the image drawn now (drawn
  /// again, on every core: only stale images are).
  private func countPixels(of stale: inout [StaleAsset], keyed: KeyedJobs, version: URL) {
    var images: [String: (job: PlannedJob, hitMask: Bool)] = [:]
    for (planned, _) in keyed {
      images[planned.path] = (planned, false)
      if planned.job.hitMaskThreshold != nil { images[planned.hitMaskPath] = (planned, true) }
    }
    let targets = stale.indices.filter { stale[$0].reason == .stale }
    let counts = LockedArray<Int?>(repeating: nil, count: targets.count)
    let (renderer, paths, jobs) = (self.renderer, targets.map { stale[$0].path }, images)
    let budget = PixelBudget()
    WorkerThreads.forEach(targets.count, parallelism: ProcessInfo.processInfo.activeProcessorCount) { position in
      guard let (planned, isMask) = jobs[paths[position]],
        let committed = AtomicFile.readRegularFile(version.appendingPathComponent(paths[position]).path),
        let old = try? RGBAImage(png: committed)
      else { return true }
      // Compared as published: encoded (a nine-patch framed), then decoded.
      budget.drawing(planned.job, with: renderer) {
        guard let rendered = try? renderer.render(planned.job),
          let png = isMask ? rendered.hitMask?.png : rendered.png, let new = try? RGBAImage(png: png)
        else { return }
        counts[position] = PixelDifference(old, new).count
      }
      return true
    }
    for (position, index) in targets.enumerated() { stale[index].pixels = counts[position] }
  }

  /// Draws every distinct key in memory, on every core, and returns what a build would record.
  private func renderAll(_ keyed: KeyedJobs, into diagnostics: inout Diagnostics) -> CacheIndex {
    var representatives: [SHA256Digest: PlannedJob] = [:]
    for (job, key) in keyed where representatives[key] == nil { representatives[key] = job }
    let work = representatives.sorted { $0.key < $1.key }
    let results = LockedArray<Result<CacheIndex.Entry, Error>?>(repeating: nil, count: work.count)
    let renderer = self.renderer
    let budget = PixelBudget()
    WorkerThreads.forEach(work.count, parallelism: ProcessInfo.processInfo.activeProcessorCount) { position in
      let job = work[position].value.job
      results[position] = Result {
        let rendered = try budget.drawing(job, with: renderer) { try renderer.render(job) }
        return CacheIndex.Entry(
          sha256: ContentHash.digest(rendered.png), width: rendered.width, height: rendered.height,
          content: rendered.content, hitMaskSHA256: rendered.hitMask.map { ContentHash.digest($0.png) },
          hitMaskBounds: rendered.hitMask?.bounds)
      }
      return true
    }
    var index = CacheIndex()
    for (position, (key, planned)) in work.enumerated() {
      switch results[position] {
      case .success(let entry)?: index.entries[key] = entry
      case .failure(let error)?:
        diagnostics.add(.renderFailed, "cannot render '\(planned.path)': \(error)", at: planned.source)
      case nil: break
      }
    }
    return index
  }

  /// Every regular file under `directory` with the digest of its bytes, by relative path.
  /// Links and special files are not followed or read; the store refuses them anyway.
  private static func collectFiles(in directory: DirectoryHandle, prefix: String, into files: inout [String: String]) {
    for (name, kind) in directory.entries() where !StoreNames.isTemporary(name) {
      switch kind {
      case .regular:
        files[prefix + name] =
          ContentHash.sha256(ofRegularFileAt: "\(directory.path)/\(name)", limit: AssetStore.largestFile) ?? ""
      case .directory:
        if let child = directory.directory(name) { collectFiles(in: child, prefix: "\(prefix)\(name)/", into: &files) }
      case .symbolicLink, .other:
        files[prefix + name] = ""
      }
    }
  }
}

/// A fixed-size array that threads fill at distinct positions.
final class LockedArray<Element>: @unchecked Sendable {
  private var storage: [Element]
  private let lock = NSLock()

  init(repeating value: Element, count: Int) {
    storage = Array(repeating: value, count: count)
  }

  subscript(position: Int) -> Element {
    get { lock.withLock { storage[position] } }
    set { lock.withLock { storage[position] = newValue } }
  }
}

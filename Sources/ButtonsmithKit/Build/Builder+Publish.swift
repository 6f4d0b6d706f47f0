import ButtonCore
import Foundation

extension Builder {
  /// Publishes a new version unless `current` already holds exactly this build: the manifest it
  /// would write, numbered as `current`, is `current`'s byte for byte and its files are intact.
  /// Returns the version `current` then points to, that version's files and its manifest's
  /// SHA-256, how many files were written and whether a version was published (one whose jobs
  /// all went to no file still is). Everything is flushed through `flush` when there is one;
  /// `expectsChange` says the build drew or downloaded images. A new version becomes `current`
  /// once `indexWritten` has ended: a build stopped after that leaves an index that knows it.
  func publishIfChanged(
    _ keyed: KeyedJobs, jobs: [PlannedJob], store: AssetStore, index: CacheIndex,
    flush: BuildFlush?, expectsChange: Bool, indexWritten: Background<Void>? = nil
  ) throws -> (version: Int, files: [AssetStore.VersionFile], sha256: String, written: Int, published: Bool) {
    let generatedObjects = try self.generated.files(for: jobs, renderer: renderer).map { path, data in
      (path: path, sha256: try store.storeObject(data))
    }
    let generated = generatedObjects.map { Manifest.GeneratedFile(path: $0.path, sha256: $0.sha256.hex) }
    let currentNumber = store.currentNumber()
    let previous = currentNumber ?? 0
    let order = ManifestBuilder.publishedOrder(of: keyed, index: index)
    let files = ManifestBuilder.files(of: keyed, in: order, index: index, generated: generatedObjects)
    let version = (store.versionNumbers().max() ?? 0) + 1
    func writeManifest(to output: (Data) throws -> Void) throws {
      try ManifestBuilder.write(keyed, in: order, index: index, generated: generated, version: version, to: output)
    }
    // A first build, or one that drew or downloaded images, almost always publishes: its version
    // is staged, and its files linked on another thread while the manifest is written into it
    // (when it turns out to be what `current` holds, as after `--force`, the version is removed).
    // Any other build first hashes the manifest it would write, and writes nothing when that is
    // `current`'s: a full disk does not fail a build that changes nothing.
    var staged: AssetStore.StagedVersion?
    var linking: Background<Int>?
    var published = false
    defer {
      if !published, let staged {
        _ = try? linking?.value()
        store.discard(staged)
      }
    }
    // Numbered as the new version, and compared with `current`'s by the digest it would have
    // numbered as `current`, as a stamp confirms it: neither manifest is held whole.
    var digests = Manifest.PieceDigests()
    if (currentNumber == nil || expectsChange) && version <= StoreNames.largestVersion {
      do {
        let speculative = try store.stage(version: version)
        staged = speculative
        linking = Background { try store.linkFiles(files, into: speculative) }
        try store.writeManifest(into: speculative) { file in
          try writeManifest { piece in
            digests.update(piece)
            try file(piece)
          }
        }
      } catch {
        // A disk too full to stage on fails the guess, not the build: hashed without writing,
        // the build may still change nothing (or fails with the same error when it publishes).
        if let speculative = staged {
          _ = try? linking?.value()
          store.discard(speculative)
        }
        (staged, linking, digests) = (nil, nil, Manifest.PieceDigests())
      }
    }
    if staged == nil { try writeManifest { digests.update($0) } }
    let (sha256, asCurrent) = digests.digests(version: version, other: previous)
    // `current` holds nothing else either: a file it should not hold is `--check`'s `extra:`,
    // and a version without it is published.
    if let number = currentNumber, let asCurrent, store.digestOfFile(store.manifestURL(number).path) == asCurrent,
      store.isIntact(files, version: number), (try? store.inspectCurrentVersion())?.files == files.count + 1
    {
      // What this build drew, downloaded, generated or hashed reaches the disk, or the build
      // fails, even when it publishes nothing: the index is to vouch for it.
      if store.hasWrittenOrHashedObjects { try store.flushWrites(through: flush) }
      return (number, files, asCurrent, 0, false)
    }
    let newVersion = try staged ?? store.stage(version: version)
    staged = newVersion
    if linking == nil { try store.writeManifest(into: newVersion) { try writeManifest(to: $0) } }
    let written = try linking?.value() ?? store.linkFiles(files, into: newVersion)
    indexWritten?.wait()
    try store.publish(newVersion, flush: flush)
    published = true
    return (version, files, sha256, written, true)
  }
}

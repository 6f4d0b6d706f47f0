import Foundation

extension AssetStore {
  /// A version's files, linked under a temporary name in `versions/` and not yet published.
  struct StagedVersion: Sendable {
    /// The version number it is published as.
    let number: Int
    /// Its temporary name in `versions/`.
    let name: String
    /// How many files it holds (the manifest aside).
    let written: Int
  }

  /// Stages version `number`: its `files` hard-linked to their objects under a temporary name
  /// (copied where the file system cannot link), all read-only. Nothing is left behind when it
  /// fails.
  func stage(version number: Int, files: [(path: String, sha256: String)]) throws -> StagedVersion {
    guard number <= StoreNames.largestVersion else { throw StoreError.noVersionLeft(root.path) }
    let fileManager = FileManager.default
    let name = StoreNames.temporaryName("v\(number)")
    let staging = versionsDirectory.appendingPathComponent(name)
    var written = 0
    do {
      try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
      // Paths as strings: this runs for every file of every published version.
      let stagingPath = staging.path
      var directories = Set<Substring>()
      for (path, sha256) in files {
        let target = stagingPath + "/" + path
        if let slash = path.lastIndex(of: "/"), directories.insert(path[..<slash]).inserted {
          try fileManager.createDirectory(atPath: stagingPath + "/" + path[..<slash], withIntermediateDirectories: true)
        }
        if link(objectPath(sha256), target) != 0 {
          // Copied only where the file system cannot link; any other failure is reported.
          guard [EXDEV, EPERM, EMLINK, ENOTSUP, EOPNOTSUPP].contains(errno) else {
            throw StoreError.cannotWrite(target, String(cString: strerror(errno)))
          }
          try fileManager.copyItem(atPath: objectPath(sha256), toPath: target)
          chmod(target, AtomicFile.readOnly)
        }
        written += 1
      }
    } catch {
      discard(StagedVersion(number: number, name: name, written: written))
      throw error as? StoreError ?? StoreError.cannotWrite(staging.path, Self.reason(error))
    }
    return StagedVersion(number: number, name: name, written: written)
  }

  /// Removes a staged version that is not to be published.
  func discard(_ staged: StagedVersion) {
    (try? DirectoryHandle(path: versionsDirectory.path))?.remove(staged.name)
  }

  /// Publishes `staged` with its manifest's `encoded` bytes (released once written: at 15,000
  /// images they are 9 MB): the file system is synced (objects included; through `flush` when
  /// there is one, `EarlyFlush.finish()`), the directory renamed into `versions/`, and `current`
  /// is swapped to it atomically. Returns how many files the version holds besides its manifest.
  /// A staged version that cannot be published is removed.
  func publish(_ staged: StagedVersion, encoded: consuming Data, flush: EarlyFlush? = nil) throws -> Int {
    let versions = try DirectoryHandle(path: versionsDirectory.path)
    let staging = versionsDirectory.appendingPathComponent(staged.name)
    do {
      try AtomicFile.write(
        encoded, to: staging.appendingPathComponent("manifest.json"), mode: AtomicFile.readOnly, durable: false)
      _ = consume encoded
      // The objects, the links and the manifest reach the disk before the version gets its name.
      if let flush { try flush.finish() } else { try AtomicFile.synchronizeFileSystem(of: staging) }
    } catch {
      versions.remove(staged.name)
      throw error as? StoreError ?? StoreError.cannotWrite(staging.path, Self.reason(error))
    }
    let final = versionDirectory(staged.number)
    guard versions.rename(staged.name, to: final.lastPathComponent) else {
      let reason = String(cString: strerror(errno))
      versions.remove(staged.name)
      throw StoreError.cannotWrite(final.path, reason)
    }
    versions.synchronize()
    try swapCurrent(to: staged.number)
    return staged.written
  }

  /// Points `current` at version `number` with one rename over the old link.
  private func swapCurrent(to number: Int) throws {
    let temporary = root.appendingPathComponent(StoreNames.temporaryName("current")).path
    guard symlink(StoreNames.currentTarget(number), temporary) == 0, rename(temporary, currentLink.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw StoreError.cannotWrite(currentLink.path, reason)
    }
    AtomicFile.synchronizeDirectory(root)
  }

  /// Keeps the newest `keep` versions (and always the current one), then removes objects no
  /// kept version uses and their index entries. A version is renamed to a temporary name before
  /// it is emptied, so a prune that is killed never leaves a half-removed version. Only names
  /// the store creates are removed.
  func prune(keep: Int, index: inout CacheIndex) {
    guard let versions = try? DirectoryHandle(path: versionsDirectory.path) else { return }
    let currentNumber = self.currentNumber()
    let numbers = versionNumbers()
    let kept = Set(numbers.suffix(max(keep, 1))).union(currentNumber.map { [$0] } ?? [])
    for number in numbers where !kept.contains(number) {
      versions.removeAtomically("v\(number)")
    }
    var used = Set<String>()
    for number in kept {
      guard let data = AtomicFile.readRegularFile(manifestURL(number).path) else { continue }
      used.formUnion(Manifest.objectDigests(in: data))
    }
    if let objects = try? DirectoryHandle(path: objectsDirectory.path) {
      for (shard, kind) in objects.entries() where kind == .directory && StoreNames.isShard(shard) {
        guard let directory = objects.directory(shard) else { continue }
        for (name, _) in directory.entries() where StoreNames.isObject(name, inShard: shard) && !used.contains(name) {
          directory.remove(name)
        }
      }
    }
    index.entries = index.entries.filter { used.contains($0.value.sha256) }
  }
}

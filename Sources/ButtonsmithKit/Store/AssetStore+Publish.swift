import Foundation

extension AssetStore {
  /// Writes the version `manifest` describes: files hard-linked to their objects (copied where
  /// the file system cannot link), then the manifest's `encoded` bytes; the whole directory is
  /// synced, renamed into `versions/`, and `current` is swapped to it atomically.
  func publish(_ manifest: Manifest, encoded: Data) throws -> Int {
    let number = manifest.version
    let fileManager = FileManager.default
    let staging = versionsDirectory.appendingPathComponent("\(AtomicFile.temporaryPrefix)v\(number)-\(getpid())")
    try? fileManager.removeItem(at: staging)
    var written = 0
    do {
      try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
      var directories = Set<URL>()
      for (path, sha256) in manifest.allFiles {
        let target = staging.appendingPathComponent(path)
        let directory = target.deletingLastPathComponent()
        if directories.insert(directory).inserted {
          try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        if link(objectURL(sha256).path, target.path) != 0 {
          try fileManager.copyItem(at: objectURL(sha256), to: target)
        }
        written += 1
      }
      try AtomicFile.write(encoded, to: staging.appendingPathComponent("manifest.json"))
      for directory in directories { AtomicFile.synchronizeDirectory(directory) }
      AtomicFile.synchronizeDirectory(staging)
    } catch let error as StoreError {
      try? fileManager.removeItem(at: staging)
      throw error
    } catch {
      try? fileManager.removeItem(at: staging)
      throw StoreError.cannotWrite(staging.path, Self.reason(error))
    }
    let final = versionDirectory(number)
    try? fileManager.removeItem(at: final)
    guard rename(staging.path, final.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? fileManager.removeItem(at: staging)
      throw StoreError.cannotWrite(final.path, reason)
    }
    AtomicFile.synchronizeDirectory(versionsDirectory)
    try swapCurrent(to: number)
    return written
  }

  /// Points `current` at version `number` with one rename over the old link.
  private func swapCurrent(to number: Int) throws {
    let temporary = root.appendingPathComponent("\(AtomicFile.temporaryPrefix)current-\(getpid())")
    try? FileManager.default.removeItem(at: temporary)
    guard symlink("versions/v\(number)", temporary.path) == 0, rename(temporary.path, currentLink.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw StoreError.cannotWrite(currentLink.path, reason)
    }
    AtomicFile.synchronizeDirectory(root)
  }

  /// Keeps the newest `keep` versions (and always the current one), then removes objects no
  /// kept version uses and their index entries.
  func prune(keep: Int, index: inout CacheIndex) {
    let fileManager = FileManager.default
    let currentNumber = self.currentNumber()
    let numbers = versionNumbers()
    let kept = Set(numbers.suffix(max(keep, 1))).union(currentNumber.map { [$0] } ?? [])
    for number in numbers where !kept.contains(number) {
      try? fileManager.removeItem(at: versionDirectory(number))
    }
    var used = Set<String>()
    for number in kept {
      guard let data = try? Data(contentsOf: manifestURL(number)) else { continue }
      used.formUnion(Manifest.objectDigests(in: data))
    }
    for shard in (try? fileManager.contentsOfDirectory(atPath: objectsDirectory.path)) ?? [] {
      let directory = objectsDirectory.appendingPathComponent(shard)
      for name in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
      where !name.hasPrefix(AtomicFile.temporaryPrefix) && !used.contains(name) {
        try? fileManager.removeItem(at: directory.appendingPathComponent(name))
      }
    }
    index.entries = index.entries.filter { used.contains($0.value.sha256) }
  }
}

import ButtonCore
import Foundation

extension AssetStore {
  /// A version being made under a temporary name in `versions/`, not yet published.
  struct StagedVersion: Sendable {
    /// The version number it is published as.
    let number: Int
    /// Its temporary name in `versions/`.
    let name: String
    /// Its directory, opened when it was made: its manifest and files are written through it,
    /// never through its path.
    let handle: DirectoryHandle
  }

  /// Creates the empty directory of version `number`, under a temporary name.
  func stage(version number: Int) throws -> StagedVersion {
    guard number <= StoreNames.largestVersion else { throw StoreError.noVersionLeft(root.path) }
    let name = StoreNames.temporaryName("v\(number)")
    let versions = try rootDirectoryHandle().makeDirectory("versions")
    return StagedVersion(number: number, name: name, handle: try versions.makeDirectory(name))
  }

  /// Writes `staged`'s manifest, read-only, from the pieces `pieces` hands to its argument.
  func writeManifest(into staged: StagedVersion, pieces: ((Data) throws -> Void) throws -> Void) throws {
    try AtomicFile.writeNew(named: "manifest.json", in: staged.handle, mode: AtomicFile.readOnly, pieces: pieces)
    unflushedWrites.addFile("versions/\(staged.name)/manifest.json")
  }

  /// Removes a staged version that is not to be published.
  func discard(_ staged: StagedVersion) {
    (try? rootDirectoryHandle().directory("versions"))?.remove(staged.name)
    unflushedWrites.forget("versions/\(staged.name)")
  }

  /// Publishes `staged`, its manifest and files written: everything this run wrote is flushed
  /// (objects included; `flushWrites`), the directory renamed into `versions/`, and `current`
  /// swapped to it atomically. When it throws, the staged version is left under its temporary
  /// name for the caller to `discard`.
  func publish(_ staged: StagedVersion, flush: BuildFlush? = nil) throws {
    let root = try rootDirectoryHandle()
    guard let versions = root.directory("versions") else {
      throw StoreError.unsafe(versionsDirectory.path, "is not a directory")
    }
    // The objects, the links and the manifest reach the disk before the version gets its name.
    try flushWrites(through: flush, directory: directory(of: staged))
    let final = versionDirectory(staged.number)
    // The name is renamed, not the directory written: a link (or another directory) put in
    // its place is never published, before the rename or between it and this check.
    let stagedIdentity = staged.handle.identity
    guard stagedIdentity != nil, versions.directoryIdentity(of: staged.name) == stagedIdentity else {
      throw StoreError.unsafe(directory(of: staged).path, "is no longer the version this build wrote")
    }
    guard versions.rename(staged.name, to: final.lastPathComponent) else {
      throw StoreError.cannotWrite(final.path, String(cString: strerror(errno)))
    }
    guard versions.directoryIdentity(of: final.lastPathComponent) == stagedIdentity else {
      _ = versions.rename(final.lastPathComponent, to: staged.name)
      throw StoreError.unsafe(final.path, "is no longer the version this build wrote")
    }
    do {
      // The version's name reaches the disk before `current` names it: a write-back error here
      // (the disk failing) fails the build, and the version is not published.
      try versions.synchronize()
      try swapCurrent(to: staged.number, in: root)
    } catch {
      // Never current, so never published: the version takes its temporary name back, for the
      // caller to discard (or the next build to sweep), and no command takes it for one.
      _ = versions.rename(final.lastPathComponent, to: staged.name)
      throw error
    }
  }

  /// Puts everything this run wrote on the disk: through the build's own flush when there is
  /// one (`BuildFlush.finish()`). Else, on Linux, each file and directory this run noted
  /// (`unflushedWrites`) is flushed as `BuildFlush` flushes them; elsewhere, where every file
  /// was flushed as it was written, `AtomicFile.synchronizeFileSystem` of `directory` (the
  /// store's root unless given) is the barrier.
  func flushWrites(through flush: BuildFlush?, directory: URL? = nil) throws {
    if let flush { return try flush.finish() }
    #if os(Linux)
      if let failure = BuildFlush.flush(unflushedWrites.take(), in: root) { throw failure }
    #else
      try AtomicFile.synchronizeFileSystem(of: directory ?? root)
    #endif
  }

  private func directory(of staged: StagedVersion) -> URL {
    versionsDirectory.appendingPathComponent(staged.name)
  }

  /// Points `current` in `directory`, the output directory, at version `number` with one
  /// rename over the old link.
  private func swapCurrent(to number: Int, in directory: DirectoryHandle) throws {
    let temporary = StoreNames.temporaryName("current")
    guard directory.makeSymbolicLink(temporary, to: StoreNames.currentTarget(number)),
      directory.rename(temporary, to: currentLink.lastPathComponent)
    else {
      let reason = String(cString: strerror(errno))
      _ = directory.removeFile(temporary)
      throw StoreError.cannotWrite(currentLink.path, reason)
    }
    try? directory.synchronize()
  }

  /// Keeps the newest `keep` versions (and always the current one), then removes objects no
  /// kept version uses and their index entries. A version is renamed to a temporary name before
  /// it is emptied, so a prune that is killed never leaves a half-removed version. Only names
  /// the store creates are removed: a version holding anything else is kept whole, and returned.
  @discardableResult
  func prune(keep: Int, index: inout CacheIndex) -> [KeptVersion] {
    // Through the directory the build locked, as publishing: its path may name another place
    // by now.
    guard let root = try? rootDirectoryHandle(), let versions = root.directory("versions") else { return [] }
    let currentNumber = root.linkTarget(currentLink.lastPathComponent).flatMap(StoreNames.versionNumber(currentTarget:))
    let numbers = versions.entries().compactMap { StoreNames.versionNumber($0.name) }.sorted()
    let kept = Set(numbers.suffix(max(keep, 1))).union(currentNumber.map { [$0] } ?? [])
    // The versions no longer kept are removed while the kept ones' manifests are read and the
    // objects listed: neither reads what the other removes. A version holding a file Buttonsmith
    // did not write stays whole (its files are links, which the objects' removal leaves intact).
    let removing = Background {
      var keptWhole: [KeptVersion] = []
      for number in numbers where !kept.contains(number) {
        if let whole = self.keptVersion(number, in: versions) {
          keptWhole.append(whole)
          continue
        }
        versions.removeAtomically("v\(number)", parallelism: ProcessInfo.processInfo.activeProcessorCount)
      }
      return keptWhole
    }
    var used = Set<SHA256Digest>()
    // Objects are removed only when every kept version's manifest said what it uses: one that
    // does not read (damaged, or not at the path, the directory moved away) would have its
    // objects, and their index entries, taken for unused.
    let readEvery = kept.allSatisfy { Manifest.addObjectDigests(inFileAt: manifestURL($0).path, to: &used) }
    guard readEvery else { return (try? removing.value()) ?? [] }
    if let objects = try? objectsDirectoryHandle() {
      for (shard, kind) in objects.entries() where kind == .directory && StoreNames.isShard(shard) {
        guard let directory = objects.directory(shard) else { continue }
        for (name, _) in directory.entries()
        where StoreNames.isObject(name, inShard: shard) && !(SHA256Digest(hex: name).map(used.contains) ?? false) {
          directory.remove(name)
        }
      }
    }
    // Removed in place: at 150,000 images a filtered copy of the index costs tens of megabytes.
    let unused = index.entries.compactMap { used.contains($0.value.sha256) ? nil : $0.key }
    for key in unused { index.entries[key] = nil }
    // Removing a version's links moves its objects' change times, which the caller records next.
    return (try? removing.value()) ?? []
  }
}

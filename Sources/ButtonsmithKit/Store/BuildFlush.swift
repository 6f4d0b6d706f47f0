import Foundation

/// The flushes of a build's writes to the disk, on Linux: each file the build wrote or hashed in
/// the store is flushed on its own (`fdatasync`; its write-back was started as it was written),
/// and each directory that gained names (`fsync`), on several threads. A build waits for its own
/// writes only: a flush of the whole file system (`syncfs`) also waits for whatever other
/// programs have not written yet (a one-button build took 0.8 s instead of 0.15 s beside another
/// program's 2 GB). Elsewhere every object is flushed as it is written, and publishing ends with
/// one `F_FULLFSYNC` (`AtomicFile.synchronizeFileSystem`).
///
/// `beginEarly()` starts flushing what was written so far on other threads as soon as a build's
/// objects are written, so the disk writes them while the manifest is encoded and the version
/// linked. Publishing then calls `finish()`, which flushes what came after (the generated files,
/// the version's folders and manifest) and throws when either flush failed.
final class BuildFlush {
  private let store: AssetStore
  /// The early flush, once begun: its failure, or `nil`.
  private var early: Background<StoreError?>?

  /// The flushes of what a build writes into `store`; `nil` on systems other than Linux.
  init?(store: AssetStore) {
    #if os(Linux)
      self.store = store
    #else
      return nil
    #endif
  }

  /// Starts flushing what was written so far on other threads; once per build, when its images
  /// are written.
  func beginEarly() {
    guard early == nil else { return }
    let writes = store.unflushedWrites.take()
    let root = store.root
    early = Background { Self.flush(writes, in: root) }
  }

  /// Waits for the early flush to end, without flushing again or reporting its result (which
  /// `finish()` does): a build waits for it before it lets go of the output directory.
  func wait() {
    early?.wait()
  }

  /// Waits for the early flush, if one began, then flushes everything written since, and throws
  /// when either failed.
  func finish() throws {
    if let failure = try early?.value() { throw failure }
    if let failure = Self.flush(store.unflushedWrites.take(), in: store.root) { throw failure }
  }

  /// Flushes each file and directory of `writes` (paths relative to the store at `root`, each
  /// opened without following a link) on up to eight threads: the work waits on the disk, not
  /// the processor, and the file system commits flushes that wait together at once. Returns the
  /// first failure.
  static func flush(_ writes: UnflushedWrites.Batch, in root: URL) -> StoreError? {
    guard !writes.isEmpty else { return nil }
    let store: DirectoryHandle
    do {
      store = try DirectoryHandle(path: root.path, followingLink: true)
    } catch {
      return error as? StoreError ?? .cannotWrite(root.path, "\(error)")
    }
    // In order of their paths, so the files of one directory come together and it is opened once.
    // An object's path is made when it is flushed: at 150,000 images all of them took 10 MB.
    let objects = writes.objects.sorted()
    let others = (writes.files.map { ($0, false) } + writes.directories.map { ($0, true) }).sorted { $0.0 < $1.0 }
    let failures = WorkerThreads.mapRuns(objects.count + others.count, parallelism: 8, minimumRun: 32, cores: 8) {
      run -> StoreError? in
      var parent: (path: Substring, directory: DirectoryHandle)?
      for position in run {
        let (path, isDirectory) =
          position < objects.count
          ? (UnflushedWrites.objectPath(objects[position]), false) : others[position - objects.count]
        do {
          if isDirectory {
            guard let directory = store.descendant(path[...]) else { throw missing(path, in: root) }
            try directory.synchronize()
            continue
          }
          let slash = path.lastIndex(of: "/")
          let folder = slash.map { path[..<$0] } ?? ""
          if parent?.path != folder {
            guard let directory = store.descendant(folder) else { throw missing(String(folder), in: root) }
            parent = (folder, directory)
          }
          try parent!.directory.synchronizeFile(slash.map { String(path[path.index(after: $0)...]) } ?? path)
        } catch {
          return error as? StoreError ?? .cannotWrite("\(root.path)/\(path)", "\(error)")
        }
      }
      return nil
    }
    return failures.lazy.compactMap { $0 }.first
  }

  /// The failure to open the directory at `path` (relative to `root`), said by `errno`.
  private static func missing(_ path: String, in root: URL) -> StoreError {
    .cannotWrite("\(root.path)/\(path)", String(cString: strerror(errno)))
  }
}

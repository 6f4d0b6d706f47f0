import CSystemShim
import Foundation

/// The flushes of a build's writes to the disk, on Linux. A build that wrote few files flushes
/// each file it wrote or hashed in the store (`fdatasync`) and each directory that gained names
/// (`fsync`), on several threads: it waits for its own writes only, where a flush of the whole
/// file system (`syncfs`) also waits for whatever other programs have not written yet (a
/// one-button build of the standard workload took 0.8 s instead of 0.15 s beside another
/// program's 2 GB of unwritten data). A build that wrote more than `largestFileByFileFlush`
/// flushes the file system once: a flush per file costs a journal commit and a flush of the
/// disk's cache each, which a full build of the standard workload paid with 0.1 s more (a disk
/// limited in operations a second, or a spinning one, pays far more), and its own writes are then
/// most of what the file system's flush waits for. Elsewhere every object is flushed as it is
/// written, and publishing ends with one `F_FULLFSYNC` (`AtomicFile.synchronizeFileSystem`).
///
/// `beginEarly()` starts flushing what was written so far on another thread as soon as a build's
/// objects are written, so the disk writes them while the manifest is encoded and the version
/// linked. Publishing then calls `finish()`, which flushes what came after (the generated files,
/// the version's folders and manifest) and throws when either flush failed.
final class BuildFlush {
  /// The most files and directories flushed one by one; more, and the file system is flushed.
  static let largestFileByFileFlush = 256

  private let store: AssetStore
  /// The output directory, opened before the build writes anything: a flush of its file system
  /// reports the write-back errors since then, so one opened later would miss an object whose
  /// write-back failed while others were still being drawn.
  private let fileSystem: Int32
  /// The early flush, once begun: its failure, or `nil`.
  private var early: Background<StoreError?>?

  /// The flushes of what a build writes into `store`, an open store; `nil` when its directory
  /// cannot be opened (publishing then flushes without it, `AssetStore.flushWrites`), and on
  /// systems other than Linux.
  init?(store: AssetStore) {
    #if os(Linux)
      let descriptor = open(store.root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      (self.store, fileSystem) = (store, descriptor)
    #else
      return nil
    #endif
  }

  /// Starts flushing what was written so far on another thread; once per build, when its images
  /// are written.
  func beginEarly() {
    guard early == nil else { return }
    let (writes, root, fileSystem) = (store.unflushedWrites.take(), store.root, self.fileSystem)
    early = Background { Self.flush(writes, in: root, fileSystem: fileSystem) }
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
    if let failure = Self.flush(store.unflushedWrites.take(), in: store.root, fileSystem: fileSystem) {
      throw failure
    }
  }

  deinit {
    // The descriptor outlives the flush that uses it.
    early?.wait()
    close(fileSystem)
  }

  /// Flushes `writes`, made in the store at `root`: each file and directory when there are at
  /// most `largestFileByFileFlush`, else the file system, through `fileSystem` when given (a
  /// descriptor of the store opened before the build wrote anything), else through a descriptor
  /// of its own. Returns the failure.
  static func flush(_ writes: UnflushedWrites.Batch, in root: URL, fileSystem: Int32? = nil) -> StoreError? {
    guard writes.count > largestFileByFileFlush else { return writes.count == 0 ? nil : flushEach(writes, in: root) }
    guard let fileSystem else {
      do {
        try AtomicFile.synchronizeFileSystem(of: root)
        return nil
      } catch {
        return error as? StoreError ?? .cannotWrite(root.path, "\(error)")
      }
    }
    return bs_sync_file_system(fileSystem) == 0 ? nil : .cannotWrite(root.path, String(cString: strerror(errno)))
  }

  /// Flushes each file and directory of `writes` (paths relative to the store at `root`, each
  /// opened without following a link) on up to eight threads: the work waits on the disk, not
  /// the processor, and the file system commits flushes that wait together at once. Returns the
  /// first failure.
  static func flushEach(_ writes: UnflushedWrites.Batch, in root: URL) -> StoreError? {
    let store: DirectoryHandle
    do {
      store = try DirectoryHandle(path: root.path, followingLink: true)
    } catch {
      return error as? StoreError ?? .cannotWrite(root.path, "\(error)")
    }
    // In order of their paths, so the files of one directory come together and it is opened once.
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

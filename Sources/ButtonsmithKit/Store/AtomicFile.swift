import ButtonCore
import CSystemShim
import ButtonSpec
import Foundation

/// File writes that never leave a partial file under the final name: write a temporary file
/// in the same directory, flush it to disk, then rename it over the target.
enum AtomicFile {
  /// The permissions of published files and objects: read-only, because a version's files are
  /// hard links shared with the cache and every other version.
  static let readOnly: mode_t = 0o444

  /// Writes `data` to `url` through a temporary file created with `mode`. The temporary file
  /// is new (`O_EXCL`), so nothing a link points to is ever written. With `durable`, the file
  /// is flushed to disk before the rename. On Linux objects are not: the build flushes what it
  /// wrote before it publishes a version (`BuildFlush`), and an object lost to a power cut no
  /// longer matches its name and is drawn again. Elsewhere every file is flushed, since the
  /// file-system-wide flush does not exist there.
  ///
  /// Returns the status the file had once written (taken from its descriptor, before the rename,
  /// so no other writer can come between).
  @discardableResult
  static func write(_ data: Data, to url: URL, mode: mode_t = 0o644, durable: Bool = true) throws -> FileStatus? {
    try write(toPath: url.path, mode: mode, durable: durable) { try $0(data) }
  }

  /// `write(_:to:mode:durable:)` to a file named by its path: the store's objects are written
  /// this way, since building URLs for each took a fifth of the thread that stores downloads.
  @discardableResult
  static func write(_ data: Data, toPath path: String, mode: mode_t = 0o644, durable: Bool = true) throws
    -> FileStatus?
  {
    try write(toPath: path, mode: mode, durable: durable) { try $0(data) }
  }

  /// Writes what `pieces` hands to its argument, piece after piece, to `url` as
  /// `write(_:to:mode:durable:)` writes one buffer: for a file too large to be held whole (the
  /// cache index and the stamp of 150,000 images). When `pieces` throws, nothing replaces `url`.
  @discardableResult
  static func write(
    to url: URL, mode: mode_t = 0o644, durable: Bool = true, pieces: ((Data) throws -> Void) throws -> Void
  ) throws -> FileStatus? {
    try write(toPath: url.path, mode: mode, durable: durable, pieces: pieces)
  }

  /// Writes `data` as the file `name` of `directory` as `write(_:to:mode:durable:)` writes a
  /// path, through the directory's descriptor: a link put in place of a directory on the way to
  /// it while the build runs is never followed (the store's objects are written this way).
  @discardableResult
  static func write(_ data: Data, named name: String, in directory: DirectoryHandle, mode: mode_t, durable: Bool)
    throws -> FileStatus?
  {
    try write(named: name, in: directory, mode: mode, durable: durable) { try $0(data) }
  }

  /// Writes what `pieces` hands to its argument as the file `name` of `directory`, as
  /// `write(_:named:in:mode:durable:)` writes one buffer: the index and the stamp.
  @discardableResult
  static func write(
    named name: String, in directory: DirectoryHandle, mode: mode_t = 0o644, durable: Bool = true,
    pieces: ((Data) throws -> Void) throws -> Void
  ) throws -> FileStatus? {
    let temporary = StoreNames.temporaryName("file")
    return try write(
      path: "\(directory.path)/\(name)", directory: directory.path, durable: durable, pieces: pieces,
      create: { directory.createFile(temporary, mode: mode) }, commit: { directory.rename(temporary, to: name) },
      discard: { _ = directory.removeFile(temporary) })
  }

  private static func write(
    toPath path: String, mode: mode_t, durable: Bool, pieces: ((Data) throws -> Void) throws -> Void
  ) throws -> FileStatus? {
    // The temporary file goes beside the target, so the rename never crosses file systems.
    let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let temporary = directory + "/" + StoreNames.temporaryName("file")
    return try write(
      path: path, directory: directory.isEmpty ? "/" : directory, durable: durable, pieces: pieces,
      create: { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode) },
      commit: { rename(temporary, path) == 0 }, discard: { unlink(temporary) })
  }

  /// Creates the temporary file (`create`: a descriptor, or -1 with `errno`), writes the pieces,
  /// flushes them when asked, and renames it into place (`commit`), or removes it (`discard`).
  private static func write(
    path: String, directory: String, durable: Bool, pieces: ((Data) throws -> Void) throws -> Void,
    create: () -> Int32, commit: () -> Bool, discard: () -> Void
  ) throws -> FileStatus? {
    let descriptor = create()
    guard descriptor >= 0 else { throw StoreError.cannotWrite(directory, String(cString: strerror(errno))) }
    #if os(Linux)
      let flush = durable
    #else
      let flush = true
    #endif
    let written: FileStatus?
    do {
      try writePieces(pieces, to: descriptor, path: path)
      if flush, fsync(descriptor) != 0 { throw StoreError.cannotWrite(path, String(cString: strerror(errno))) }
      written = FileStatus(ofDescriptor: descriptor)
    } catch {
      close(descriptor)
      discard()
      throw error
    }
    guard close(descriptor) == 0, commit() else {
      let reason = String(cString: strerror(errno))
      discard()
      throw StoreError.cannotWrite(path, reason)
    }
    return written
  }

  /// Creates the file `name` of `directory` (it must not exist, and is not replaced: for a file
  /// of a directory that is renamed into place whole) with `mode`, and writes the pieces `pieces`
  /// hands to its argument in turn. Flushed to disk as `write(_:to:mode:durable:)` flushes a file
  /// that is not durable: on Linux not (the build flushes it before the directory is renamed,
  /// `BuildFlush`), elsewhere before it is closed.
  static func writeNew(
    named name: String, in directory: DirectoryHandle, mode: mode_t, pieces: ((Data) throws -> Void) throws -> Void
  ) throws {
    let path = "\(directory.path)/\(name)"
    let descriptor = directory.createFile(name, mode: mode)
    guard descriptor >= 0 else { throw StoreError.cannotWrite(path, String(cString: strerror(errno))) }
    var closed = false
    defer { if !closed { close(descriptor) } }
    try writePieces(pieces, to: descriptor, path: path)
    #if !os(Linux)
      guard fsync(descriptor) == 0 else { throw StoreError.cannotWrite(path, String(cString: strerror(errno))) }
    #endif
    closed = true
    guard close(descriptor) == 0 else { throw StoreError.cannotWrite(path, String(cString: strerror(errno))) }
  }

  /// Writes the pieces `pieces` hands to its argument to `descriptor`, the file at `path`. The
  /// first failure is thrown to `pieces`, again for any later piece, and once more after it
  /// returns: a `pieces` that swallowed it would otherwise have a partial file kept.
  private static func writePieces(
    _ pieces: ((Data) throws -> Void) throws -> Void, to descriptor: Int32, path: String
  ) throws {
    var failure: StoreError?
    try pieces { piece in
      if let error = failure
        ?? writeAll(piece, to: descriptor).map({ StoreError.cannotWrite(path, String(cString: strerror($0))) })
      {
        failure = error
        throw error
      }
    }
    if let failure { throw failure }
  }

  /// Writes every byte; returns `errno` on failure.
  private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32? in
      var offset = 0
      while offset < buffer.count {
        let count = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += count
      }
      return nil
    }
  }

  /// Flushes everything written to the file system that holds `directory` to disk and waits
  /// for it (`syncfs` on Linux, which also reports write-back errors; `F_FULLFSYNC` elsewhere):
  /// one call for the objects of a whole build instead of one `fsync` each.
  static func synchronizeFileSystem(of directory: URL) throws {
    let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw StoreError.cannotWrite(directory.path, String(cString: strerror(errno))) }
    defer { close(descriptor) }
    guard bs_sync_file_system(descriptor) == 0 else {
      throw StoreError.cannotWrite(directory.path, String(cString: strerror(errno)))
    }
  }

  /// Flushes a directory's entries (new names, renames) to disk.
  static func synchronizeDirectory(_ url: URL) {
    let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// The bytes of the regular file at `path`, opened without following a link and without
  /// blocking on a FIFO; `nil` when it is missing, a link, not a regular file or larger than
  /// `limit` (the store's manifests, index and stamp are far smaller).
  static func readRegularFile(_ path: String, limit: Int = 1 << 30) -> Data? {
    try? BoundedFile.read(at: path, limit: limit, followingLinks: false).get()
  }
}

/// `write(2)`, named apart from `AtomicFile.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// A failure of the asset store, with the path it concerns.
public enum StoreError: Error, Equatable, CustomStringConvertible {
  /// A file or directory could not be written.
  case cannotWrite(String, String)
  /// A file or directory could not be read.
  case cannotRead(String, String)
  /// Another build holds the output directory's lock.
  case locked(String)
  /// The output directory holds a link or special file where the store keeps its own files.
  case unsafe(String, String)
  /// The output directory is not empty and is not a Buttonsmith output directory; `reading`:
  /// a command that only reads it was given it.
  case notAStore(String, example: String, reading: Bool = false)
  /// The output path is empty.
  case emptyPath
  /// Every version number is used.
  case noVersionLeft(String)
  /// `--shard` without a remote cache to upload to.
  case shardWithoutUpload
  /// An export would write over, or into, what it did not write.
  case exportConflict(String, String)
  /// The output directory, or a file a command writes, is inside another store.
  case insideAnotherStore(String, store: String)

  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason): return "cannot write '\(path)': \(reason)"
    case .cannotRead(let path, let reason): return "cannot read '\(path)': \(reason)"
    case .locked(let path): return "another build is using '\(path)'"
    case .unsafe(let path, let reason):
      return "refusing to use the output directory: '\(path)' \(reason); Buttonsmith never follows links "
        + "or opens special files inside its output directory (remove it, or the whole output directory)"
    case .notAStore(let path, let example, let reading):
      return "'\(path)' is not empty and is not a Buttonsmith output directory (it has '\(example)' and no "
        + "\(StoreNames.marker)); \(reading ? "name the output directory a build wrote" : "choose a new or empty directory")"
    case .emptyPath: return "the output directory must not be empty"
    case .noVersionLeft(let path):
      return "'\(path)' has used every version number up to \(StoreNames.largestVersion); start a new output directory"
    case .exportConflict(let path, let reason): return "'\(path)' \(reason)"
    case .insideAnotherStore(let path, let store):
      return "'\(path)' is inside the output directory '\(store)', whose versions only a build of it may change; "
        + "choose a directory outside it"
    case .shardWithoutUpload:
      return "--shard draws a part of the images for another build to assemble, so it needs a remote cache it "
        + "uploads to ('remote-cache' with 'upload: true', or --remote-cache URL --remote-cache-upload)"
    }
  }
}

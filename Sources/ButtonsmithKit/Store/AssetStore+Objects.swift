import ButtonCore
import Foundation

extension AssetStore {
  /// The largest file the store hashes: no image it writes comes near it, so a larger file in
  /// the store is damage, not something to read.
  static let largestFile = 512 << 20

  /// The digest of the regular file at `path` (never through a link); `nil` when there is none
  /// or it is larger than any file the store writes.
  func digestOfFile(_ path: String) -> String? {
    ContentHash.sha256(ofRegularFileAt: path, limit: Self.largestFile)
  }

  /// Stores `data` as a read-only object, unless an intact one is already there; returns its
  /// digest. A damaged object is replaced by renaming over it.
  func storeObject(_ data: Data) throws -> SHA256Digest {
    let digest = ContentHash.digest(data)
    try storeObject(data, digest: digest)
    return digest
  }

  /// Stores `data`, whose SHA-256 the caller has just computed as `digest`, as `storeObject`
  /// does.
  func storeObject(_ data: Data, digest: SHA256Digest) throws {
    assert(ContentHash.digest(data) == digest, "an object stored under another digest")
    if hasIntactObject(digest) { return }
    let name = digest.hex
    let written = try AtomicFile.write(
      data, named: name, in: try shardDirectory(String(name.prefix(2))), mode: AtomicFile.readOnly, durable: false)
    recordVerified(digest, status: written, written: true)
  }

  /// The status of `path` (an object, or a version's file linked to it) if it vouches for the
  /// object `sha256`'s bytes as this run checked them: the same file (device and inode) with the
  /// same size and modification time as when this run checked or wrote it, and then either last
  /// written before the run began checking (`checkedSince`, outside the racy window) or written
  /// by this run. `nil` otherwise: the bytes may have changed after they were checked (a write,
  /// or another file renamed over it, whatever its times), so the file is hashed next time, as
  /// git smudges racy entries. A write of the same size in the same clock tick as this run's own
  /// write, or one that puts the modification time back, goes unseen.
  func vouchingStatus(ofFileAt path: String, object sha256: SHA256Digest, checkedSince: Int64) -> FileStatus? {
    guard let status = FileStatus(ofFileAt: path), let checked = checkedStatus(sha256),
      status.isSameContent(as: checked.status)
    else { return nil }
    return checked.written || !status.isRacy(at: checkedSince) ? status : nil
  }

  /// The objects' shard directory `shard` (a digest's first two digits), opened from the
  /// objects directory without following a link, and created the first time this run needs it.
  /// An object is written through it, so a link put in its place, or in place of `.cache` or
  /// `objects`, while the build runs is refused, never followed out of the store.
  private func shardDirectory(_ shard: String) throws -> DirectoryHandle {
    let objects = try objectsDirectoryHandle()
    if hasShardDirectory(shard), let directory = objects.directory(shard) { return directory }
    let directory = try objects.makeDirectory(shard)
    recordShardDirectory(shard)
    return directory
  }

  /// Whether the object `sha256` exists and its bytes still hash to its name. Reads only: a
  /// modified object is left for the next build to draw again and replace.
  func hasIntactObject(_ sha256: SHA256Digest) -> Bool {
    if isVerified(sha256) { return true }
    let name = sha256.hex
    guard mayHoldEarlierObjects(shard: String(name.prefix(2))) else { return false }
    // Taken before the file is hashed: a change after that moves it. Without one (no file, or
    // times a status cannot hold) the object is taken as missing, and written again.
    let path = objectPath(sha256)
    guard let status = FileStatus(ofFileAt: path), digestOfFile(path) == name else {
      return false
    }
    recordVerified(sha256, status: status, hashed: true)
    return true
  }

  /// Whether the object `sha256` exists and is intact: without reading it when `status` was
  /// taken at `statusTime`, well after its last change, and is still its status; else hashed.
  func hasIntactObject(_ sha256: SHA256Digest, status: FileStatus?, statusTime: Int64) -> Bool {
    if let status, !status.isRacy(at: statusTime), FileStatus(ofFileAt: objectPath(sha256)) == status {
      recordVerified(sha256, status: status)
      return true
    }
    return hasIntactObject(sha256)
  }

  /// Whether each file the stamp recorded is still what it was: a file whose status (inode,
  /// size, modification and change times) is the one recorded is not read again, since any
  /// write, link, unlink or mode change moves its change time; any other is hashed. `nil` when
  /// one is not intact; else each file's status, taken before it was hashed, and whether the
  /// recorded statuses vouched for every file (nothing was hashed).
  func intactStatuses(of files: [InputStamp.File], version number: Int, statusTime: Int64) -> (
    statuses: [FileStatus?], vouched: Bool
  )? {
    let directory = versionDirectory(number).path
    var changed: [VersionFile] = []
    var statuses: [FileStatus?] = []
    statuses.reserveCapacity(files.count)
    for file in files {
      let status = FileStatus(ofFileAt: "\(directory)/\(file.path)")
      statuses.append(status)
      guard let recorded = file.status, !recorded.isRacy(at: statusTime), status == recorded else {
        changed.append((file.path, file.sha256))
        continue
      }
    }
    return isIntact(changed, version: number) ? (statuses, changed.isEmpty) : nil
  }

  /// Whether each `(path, sha256)` of version `number` is the object it names: a regular file
  /// that is the same inode as an intact object (a hard link), or a copy with the right digest.
  func isIntact(_ files: [VersionFile], version number: Int) -> Bool {
    let directory = versionDirectory(number).path
    for (path, sha256) in files {
      let file = "\(directory)/\(path)"
      var fileStatus = stat()
      var objectStatus = stat()
      guard lstat(file, &fileStatus) == 0, fileStatus.st_mode & S_IFMT == S_IFREG else { return false }
      let sameInode =
        lstat(objectPath(sha256), &objectStatus) == 0 && objectStatus.st_ino == fileStatus.st_ino
        && objectStatus.st_dev == fileStatus.st_dev
      let intact = sameInode ? hasIntactObject(sha256) : digestOfFile(file) == sha256.hex
      if !intact { return false }
    }
    return true
  }
}

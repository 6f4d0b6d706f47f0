import ButtonCore
import Foundation

extension AssetStore {
  /// A file of a version: its path in the version and the object it is.
  typealias VersionFile = (path: String, sha256: SHA256Digest)

  /// Hard-links `files` into `staged` to their objects (copied where the file system cannot
  /// link), all read-only; returns how many there are. The folders made and the files copied are
  /// noted for the flush before the version is published (`unflushedWrites`).
  ///
  /// Every link is made between directories opened without following links: the staged
  /// version's own (opened when it was made), each of its folders as it is made, and each object
  /// shard. A link swapped in for any of them while the build runs is refused or not seen: it is
  /// never followed, to make a name outside the store or to link a file from outside into the
  /// version. An object swapped for a link is refused too: `linkat` links a link itself, so
  /// each new name is checked to be a regular file (it shares the object's inode).
  func linkFiles(_ files: [VersionFile], into staged: StagedVersion) throws -> Int {
    var shards = ShardDirectories(objects: try objectsDirectoryHandle())
    var folders = VersionFolders(version: staged.handle)
    // Noted even when linking fails: the version is then discarded, never flushed.
    defer {
      unflushedWrites.addDirectories(["versions/\(staged.name)"] + folders.made.map { "versions/\(staged.name)/\($0)" })
    }
    for (path, sha256) in files {
      let (folder, name) = try folders.folder(holding: path)
      let object = sha256.hex
      let shard = try shards.directory(String(object.prefix(2)))
      guard let failure = folder.link(name, to: object, in: shard) else {
        guard folder.kind(of: name) == .regular else {
          _ = folder.removeFile(name)
          throw StoreError.unsafe("\(shard.path)/\(object)", "is not a regular file")
        }
        continue
      }
      // Copied only where the file system cannot link; any other failure is reported.
      guard [EXDEV, EPERM, EMLINK, ENOTSUP, EOPNOTSUPP].contains(failure) else {
        throw StoreError.cannotWrite("\(folder.path)/\(name)", String(cString: strerror(failure)))
      }
      // With the object's time, as a link has: a version's files are older than its manifest
      // (`keptVersion` tells a file written over by its time).
      try folder.copyFile(object, in: shard, to: name, mode: AtomicFile.readOnly)
      unflushedWrites.addFile("versions/\(staged.name)/\(path)")
    }
    return files.count
  }
}

/// The object shards' directories, each opened from the objects directory (never through a
/// link) the first time a file links to one of its objects, and kept open. When the process runs
/// out of descriptors (macOS allows 256 by default, and there are 256 shards) they are closed,
/// and opened again as files need them.
private struct ShardDirectories {
  let objects: DirectoryHandle
  private var opened: [String: DirectoryHandle] = [:]

  init(objects: DirectoryHandle) {
    self.objects = objects
  }

  mutating func directory(_ shard: String) throws -> DirectoryHandle {
    if let directory = opened[shard] { return directory }
    var directory = objects.directory(shard)
    if directory == nil, errno == EMFILE || errno == ENFILE, !opened.isEmpty {
      opened.removeAll()
      directory = objects.directory(shard)
    }
    guard let directory else {
      throw StoreError.cannotRead("\(objects.path)/\(shard)", String(cString: strerror(errno)))
    }
    opened[shard] = directory
    return directory
  }
}

/// The folders of a staged version, made and opened (never through a link) as files are linked
/// into them in the order of their paths: a file's folder stays open for the files after it that
/// share it, beside the folders above it, and the rest are closed.
private struct VersionFolders {
  /// The open folders from the version's directory (named `""`) down to the last file's folder.
  private var chain: [(name: Substring, directory: DirectoryHandle)]
  /// The folders made, by path relative to the version.
  private(set) var made: [String] = []

  init(version: DirectoryHandle) {
    chain = [("", version)]
  }

  /// The folder that holds `path` (relative to the version), made when missing, and the file's
  /// name in it.
  mutating func folder(holding path: String) throws -> (DirectoryHandle, String) {
    var components = path.split(separator: "/", omittingEmptySubsequences: false)
    let name = String(components.removeLast())
    guard !name.isEmpty, components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
      throw StoreError.unsafe(path, "is not a path inside a version")
    }
    var shared = 0
    while shared < components.count, shared + 1 < chain.count, chain[shared + 1].name == components[shared] {
      shared += 1
    }
    chain.removeSubrange((shared + 1)...)
    for component in components[shared...] {
      chain.append((component, try chain[chain.count - 1].directory.makeDirectory(String(component))))
      made.append(chain.dropFirst().map { $0.name }.joined(separator: "/"))
    }
    return (chain[chain.count - 1].directory, name)
  }
}

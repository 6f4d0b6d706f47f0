import ButtonCore
import Foundation

/// What a run wrote, or hashed, in the store that no flush has put on the disk for sure yet: the
/// objects it wrote or hashed, other files it wrote (a staged version's manifest and copies), and
/// the directories that gained names (object shards, a staged version's folders). `BuildFlush`
/// takes them, and flushes each one when there are few.
final class UnflushedWrites: @unchecked Sendable {
  /// The writes taken at once: objects by digest, other files and directories by their paths
  /// relative to the store.
  struct Batch: Sendable {
    var objects: [SHA256Digest] = []
    var files: [String] = []
    var directories: [String] = []

    /// How many files and directories there are to flush.
    var count: Int { objects.count + files.count + directories.count }
  }

  /// The path of the object `sha256` relative to the store.
  static func objectPath(_ sha256: SHA256Digest) -> String {
    let name = sha256.hex
    return ".cache/objects/\(name.prefix(2))/\(name)"
  }

  private let lock = NSLock()
  /// The object shards that gained an object.
  private var shards = Set<String>()
  private var batch = Batch()

  /// Notes the object `sha256`, which this run wrote (`written`: its shard gained a name) or
  /// hashed (bytes that may have been read from memory, never flushed by the build that wrote
  /// them).
  func addObject(_ sha256: SHA256Digest, written: Bool) {
    lock.withLock {
      batch.objects.append(sha256)
      if written { shards.insert(String(sha256.hex.prefix(2))) }
    }
  }

  /// Notes the file at `path` (relative to the store), written by this run.
  func addFile(_ path: String) {
    lock.withLock { batch.files.append(path) }
  }

  /// Notes the directories at `paths` (relative to the store), made or given names by this run.
  func addDirectories(_ paths: [String]) {
    lock.withLock { batch.directories += paths }
  }

  /// Forgets the files and directories noted at `path` and below (relative to the store): a
  /// staged version that is discarded.
  func forget(_ path: String) {
    func isGone(_ noted: String) -> Bool { noted == path || noted.hasPrefix(path + "/") }
    lock.withLock {
      batch.files.removeAll(where: isGone)
      batch.directories.removeAll(where: isGone)
    }
  }

  /// Everything noted since the last call, which is forgotten here: the caller flushes it.
  func take() -> Batch {
    lock.withLock {
      var taken = batch
      taken.directories += shards.sorted().map { ".cache/objects/\($0)" }
      // A new shard's name is in the objects directory, and on a first build that directory's in
      // the cache directory.
      if !shards.isEmpty { taken.directories += [".cache/objects", ".cache"] }
      (shards, batch) = ([], Batch())
      return taken
    }
  }
}

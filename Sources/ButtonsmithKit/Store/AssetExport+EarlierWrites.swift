import ButtonCore
import Foundation

/// What earlier exports wrote into the directory: read before an export writes, so that only
/// those files are replaced or removed, and what one killed part-way left is cleared.
extension AssetExport {
  /// What earlier exports wrote, by path: the last complete one's manifest (`previous`), and
  /// what one that stopped part-way recorded it might write. A `manifest.json` or a record that
  /// does not read as one belongs to someone else, and stops the export.
  func earlierWrites(in directory: URL, previous: Data?) throws -> ([String: Set<String>], Record?) {
    let old = try previous.map { data in
      guard let old = try? JSONDecoder().decode(Manifest.self, from: data) else {
        throw StoreError.exportConflict(
          directory.appendingPathComponent("manifest.json").path, "is not a manifest an export wrote")
      }
      return old
    }
    let recordPath = directory.appendingPathComponent(Self.recordName).path
    let stopped = try AtomicFile.readRegularFile(recordPath).map { data in
      guard let record = try? JSONDecoder().decode(Record.self, from: data) else {
        throw StoreError.exportConflict(recordPath, "is not a record an export wrote")
      }
      return record
    }
    var written: [String: Set<String>] = [:]
    for (path, sha256) in (old?.allFiles ?? []) + (stopped?.files.map { ($0.path, $0.sha256) } ?? []) {
      written[path, default: []].insert(sha256)
    }
    return (written, stopped)
  }

  /// Removes the files of `written` not in `keeping` that still hold bytes an export wrote
  /// there; how many.
  func removeStale(
    _ written: [String: Set<String>], keeping: Set<String>, in root: DirectoryHandle, _ store: AssetStore
  ) -> Int {
    var removed = 0
    for (path, digests) in written.sorted(by: { $0.key < $1.key })
    where !keeping.contains(path) && PublishedVersion.isInside(path) {
      let components = path.split(separator: "/").map(String.init)
      guard let parent = handle(components.dropLast(), in: root),
        parent.kind(of: components.last!) == .regular,
        let digest = store.digestOfFile(parent.path + "/" + components.last!), digests.contains(digest),
        parent.removeFile(components.last!)
      else { continue }
      removed += 1
      removeEmptyDirectories(components.dropLast(), in: root)
    }
    return removed
  }

  /// Removes the temporary files (`.buttonsmith-tmp-file-…`, as `AtomicFile` names them) a
  /// killed export left in `directory`.
  func removeTemporaries(in directory: DirectoryHandle) {
    for (name, kind) in directory.entries()
    where kind == .regular && name.hasPrefix(StoreNames.temporaryPrefix + "file-") {
      _ = directory.removeFile(name)
    }
  }

  /// The name of the record of what an export under way may write.
  static let recordName = ".buttonsmith-export.json"

  /// What an export may write, recorded before it writes.
  struct Record: Codable {
    struct File: Codable, Hashable {
      var path: String
      var sha256: String
    }
    var files: [File]
  }
}

import ButtonRender
import Foundation

/// `.cache/index`: what each job key rendered to, so a job seen before is not drawn again.
/// JSON, like the manifest and the stamp: one object mapping each key to its entry. (A build
/// that only confirms its stamp never reads it; one that plans reads it once, which costs a few
/// milliseconds at 1,500 images.)
struct CacheIndex: Codable {
  /// What one render produced: the image object and its facts, and its hit mask's object.
  struct Entry: Equatable, Codable {
    var sha256: String
    var width: Int
    var height: Int
    var content: PixelRect
    var hitMaskSHA256: String?
    var hitMaskBounds: PixelRect?
    /// The image object's status when it was last found intact, which vouches for it while it
    /// stays the same (see `FileStatus`); the hit mask's likewise.
    var status: FileStatus?
    var hitMaskStatus: FileStatus?
  }

  var entries: [String: Entry] = [:]
  /// When the statuses were taken.
  var statusTime: Int64?

  /// Whether the objects of `entry` exist and are intact: by their recorded statuses when those
  /// can vouch for them, else by hashing them.
  func hasIntactObjects(_ entry: Entry, in store: AssetStore) -> Bool {
    store.hasIntactObject(entry.sha256, status: entry.status, statusTime: statusTime ?? 0)
      && (entry.hitMaskSHA256.map {
        store.hasIntactObject($0, status: entry.hitMaskStatus, statusTime: statusTime ?? 0)
      }
        ?? true)
  }

  /// Records, now, the status of the objects of the entries at `keys` that this run found intact
  /// or wrote (and no other: a status vouches only for bytes that were checked).
  mutating func recordStatuses(of keys: some Sequence<String>, in store: AssetStore) {
    statusTime = FileStatus.now
    for key in keys {
      guard var entry = entries[key] else { continue }
      entry.status = store.isVerified(entry.sha256) ? FileStatus(ofFileAt: store.objectPath(entry.sha256)) : nil
      entry.hitMaskStatus = entry.hitMaskSHA256.flatMap {
        store.isVerified($0) ? FileStatus(ofFileAt: store.objectPath($0)) : nil
      }
      entries[key] = entry
    }
  }

  /// The index at `url`; an unreadable or damaged index is an empty one (everything renders).
  static func read(from url: URL) -> CacheIndex {
    guard let data = AtomicFile.readRegularFile(url.path),
      let index = try? JSONDecoder().decode(CacheIndex.self, from: data)
    else { return CacheIndex() }
    return index
  }

  func write(to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    try AtomicFile.write(try encoder.encode(self), to: url)
  }
}

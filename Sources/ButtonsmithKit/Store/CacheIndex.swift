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
  /// or wrote (and no other: a status vouches only for bytes that were checked), when it vouches
  /// for the bytes as they were checked (`AssetStore.vouchingStatus`; `checkedSince` is when this
  /// run began checking objects). An entry not re-recorded keeps its status only if that was not
  /// racy when it was taken (it is judged against the new time from now on).
  mutating func recordStatuses(of keys: some Sequence<String>, in store: AssetStore, checkedSince: Int64) {
    let recorded = Set(keys)
    // Without a time (a damaged index), no status that was kept can be judged.
    let previous = statusTime ?? .max
    for (key, entry) in entries where !recorded.contains(key) {
      var kept = entry
      if kept.status?.isRacy(at: previous) == true { kept.status = nil }
      if kept.hitMaskStatus?.isRacy(at: previous) == true { kept.hitMaskStatus = nil }
      if kept != entry { entries[key] = kept }
    }
    statusTime = FileStatus.now
    func status(of sha256: String) -> FileStatus? {
      guard store.isVerified(sha256) else { return nil }
      return store.vouchingStatus(ofFileAt: store.objectPath(sha256), object: sha256, checkedSince: checkedSince)
    }
    for key in recorded {
      guard var entry = entries[key] else { continue }
      entry.status = status(of: entry.sha256)
      entry.hitMaskStatus = entry.hitMaskSHA256.flatMap(status(of:))
      entries[key] = entry
    }
  }

  /// Drops the statuses of the objects this run wrote or hashed, for an index written without
  /// the flush that puts them on the disk (a build stopped by a render failure, a full disk or a
  /// failed flush; a shard, which never flushes): a write-back error can leave an object whose
  /// status is as written and whose bytes are not, and a hash may have read them from memory. So
  /// only statuses that flushed builds recorded are kept, and the next build hashes the rest.
  mutating func forgetUnflushedStatuses(in store: AssetStore) {
    func unflushed(_ sha256: String?) -> Bool { sha256.map(store.wroteOrHashed) ?? false }
    for (key, entry) in entries where unflushed(entry.sha256) || unflushed(entry.hitMaskSHA256) {
      var forgotten = entry
      if unflushed(entry.sha256) { forgotten.status = nil }
      if unflushed(entry.hitMaskSHA256) { forgotten.hitMaskStatus = nil }
      entries[key] = forgotten
    }
  }

  /// The index at `url`; an unreadable or damaged index is an empty one (everything renders).
  static func read(from url: URL) -> CacheIndex {
    guard let data = AtomicFile.readRegularFile(url.path),
      let index = try? JSONDecoder().decode(CacheIndex.self, from: data)
    else { return CacheIndex() }
    return index
  }

  /// Writes the index to `url`, a megabyte at a time: at 150,000 images its bytes are about
  /// 50 MB, and were held whole beside the stamp's at the end of a build.
  func write(to url: URL) throws {
    try AtomicFile.write(to: url) { try write(pieces: $0) }
  }

  /// The index's bytes: `JSONEncoder`'s pretty, sorted bytes, written one entry at a time by
  /// `PrettyJSON` (at 15,000 images `JSONEncoder`'s tree of every entry took 12 MB, the peak of
  /// a build's memory).
  func encoded() throws -> Data {
    var data = Data()
    try write { data.append($0) }
    return data
  }

  /// The bytes `encoded()` gives, handed to `output` in pieces of about a megabyte as they are
  /// made.
  func write(pieces output: (Data) throws -> Void) throws {
    let pieceSize = 1 << 20
    var data = Data(capacity: min(256 + entries.count * 520, pieceSize + 64 * 1024))
    data.append(contentsOf: "{\n  \"entries\" : ".utf8)
    let keys = entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    try PrettyJSON.appendContainer(
      open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: keys.count, to: &data, depth: 1,
      drain: { data in
        guard data.count >= pieceSize else { return }
        try output(data)
        data.removeAll(keepingCapacity: true)
      }
    ) { index, bytes in
      try PrettyJSON.string(keys[index]).write(to: &bytes, depth: 2)
      bytes.append(contentsOf: " : ".utf8)
      try entries[keys[index]]!.json.write(to: &bytes, depth: 2)
    }
    if let statusTime { data.append(contentsOf: ",\n  \"statusTime\" : \(statusTime)".utf8) }
    data.append(contentsOf: "\n}".utf8)
    try output(data)
  }
}

extension CacheIndex.Entry {
  /// The members `Codable` encodes, under their coding keys; absent optionals are left out.
  fileprivate var json: PrettyJSON {
    typealias Key = CodingKeys
    var members: [(key: String, value: PrettyJSON)] = [
      (Key.sha256.stringValue, .string(sha256)),
      (Key.width.stringValue, .integer(width)),
      (Key.height.stringValue, .integer(height)),
      (Key.content.stringValue, content.json),
    ]
    if let hitMaskSHA256 { members.append((Key.hitMaskSHA256.stringValue, .string(hitMaskSHA256))) }
    if let hitMaskBounds { members.append((Key.hitMaskBounds.stringValue, hitMaskBounds.json)) }
    if let status { members.append((Key.status.stringValue, status.json)) }
    if let hitMaskStatus { members.append((Key.hitMaskStatus.stringValue, hitMaskStatus.json)) }
    return .object(members)
  }
}

extension FileStatus {
  /// The members `Codable` encodes (the test compares the two).
  fileprivate var json: PrettyJSON {
    .object([
      ("device", .unsigned(device)), ("inode", .unsigned(inode)), ("size", .integer(Int(size))),
      ("modified", .integer(Int(modified))), ("changed", .integer(Int(changed))),
    ])
  }
}

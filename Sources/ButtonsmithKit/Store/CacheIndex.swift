import ButtonCore
import ButtonRender
import Foundation

/// `.cache/index`: what each job key rendered to, so a job seen before is not drawn again.
/// JSON, like the manifest and the stamp: one object mapping each key to its entry, a line of
/// fields (`CacheIndex.Entry.line`). (A build that only confirms its stamp never reads it; one
/// that plans reads it once, which costs about 4 ms at 1,500 images.)
struct CacheIndex: Codable {
  /// What one render produced: the image object and its facts, and its hit mask's object.
  ///
  /// An index holds an entry per key, 150,000 of them in a large project, so the hit mask's
  /// three facts, which most images have none of, are kept out of line (`OutOfLine`): an entry
  /// takes 120 bytes instead of 216.
  struct Entry: Equatable, Codable, Sendable {
    var sha256: SHA256Digest
    var width: Int
    var height: Int
    var content: PixelRect
    /// The image object's status when it was last found intact, which vouches for it while it
    /// stays the same (see `FileStatus`); `hitMaskStatus` is the hit mask's likewise.
    var status: FileStatus?
    private var hitMask: OutOfLine<HitMask>?

    /// An entry of these facts.
    init(
      sha256: SHA256Digest, width: Int, height: Int, content: PixelRect, hitMaskSHA256: SHA256Digest? = nil,
      hitMaskBounds: PixelRect? = nil, status: FileStatus? = nil, hitMaskStatus: FileStatus? = nil
    ) {
      self.sha256 = sha256
      self.width = width
      self.height = height
      self.content = content
      self.status = status
      setHitMask(HitMask(sha256: hitMaskSHA256, bounds: hitMaskBounds, status: hitMaskStatus))
    }

    var hitMaskSHA256: SHA256Digest? {
      get { hitMask?.value.sha256 }
      set { setHitMask(HitMask(sha256: newValue, bounds: hitMaskBounds, status: hitMaskStatus)) }
    }

    var hitMaskBounds: PixelRect? {
      get { hitMask?.value.bounds }
      set { setHitMask(HitMask(sha256: hitMaskSHA256, bounds: newValue, status: hitMaskStatus)) }
    }

    var hitMaskStatus: FileStatus? {
      get { hitMask?.value.status }
      set { setHitMask(HitMask(sha256: hitMaskSHA256, bounds: hitMaskBounds, status: newValue)) }
    }

    /// Keeps `facts`, or nothing when it has none.
    private mutating func setHitMask(_ facts: HitMask) {
      hitMask = facts == HitMask() ? nil : OutOfLine(facts)
    }

    /// An entry's hit mask facts.
    private struct HitMask: Hashable, Codable, Sendable {
      var sha256: SHA256Digest?
      var bounds: PixelRect?
      var status: FileStatus?
    }
  }

  var entries: [SHA256Digest: Entry] = [:]
  /// When the statuses were taken.
  var statusTime: Int64?

  init() {}

  /// Reads an index entry by entry: one that is damaged (its checksum or a field wrong) is left
  /// out, and its job drawn again, rather than every entry of the index.
  init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    statusTime = try container.decodeIfPresent(Int64.self, forKey: .statusTime)
    let written = try container.nestedContainer(keyedBy: CanonicalCodingKey.self, forKey: .entries)
    entries.reserveCapacity(written.allKeys.count)
    for key in written.allKeys {
      // A key that is no digest keys no job.
      if let digest = SHA256Digest(hex: key.stringValue), let entry = try? written.decode(Entry.self, forKey: key) {
        entries[digest] = entry
      }
    }
  }

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
  mutating func recordStatuses(of keys: some Sequence<SHA256Digest>, in store: AssetStore, checkedSince: Int64) {
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
    func status(of sha256: SHA256Digest) -> FileStatus? {
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

  /// `entry` without the statuses of its objects that `isUnflushed` names: for an index written
  /// without the flush that puts them on the disk (a build stopped by a render failure, a full
  /// disk or a failed flush; a shard, which never flushes), as a write-back error can leave an
  /// object whose status is as written and whose bytes are not, and a hash may have read them
  /// from memory. So only statuses that flushed builds recorded are kept, and the next build
  /// hashes the rest.
  static func forgettingStatuses(of entry: Entry, where isUnflushed: (SHA256Digest) -> Bool) -> Entry {
    var kept = entry
    if isUnflushed(entry.sha256) { kept.status = nil }
    if entry.hitMaskSHA256.map(isUnflushed) == true { kept.hitMaskStatus = nil }
    return kept
  }

  /// The index at `url`; an unreadable index, or one that is not an index's JSON, is an empty one
  /// (everything renders).
  static func read(from url: URL) -> CacheIndex {
    guard let data = AtomicFile.readRegularFile(url.path),
      let index = try? JSONDecoder().decode(CacheIndex.self, from: data)
    else { return CacheIndex() }
    return index
  }

  /// The index's bytes: `JSONEncoder`'s pretty, sorted bytes, written one entry at a time by
  /// `PrettyJSON` (at 15,000 images `JSONEncoder`'s tree of every entry, then an object each,
  /// took 12 MB, the peak of a build's memory).
  func encoded() throws -> Data {
    var data = Data()
    try write { data.append($0) }
    return data
  }

  /// The bytes `encoded()` gives, handed to `output` in pieces of about a megabyte as they are
  /// made; with `isUnflushed`, each entry as `forgettingStatuses(of:where:)` gives it (a copy of
  /// the index without those statuses took 18 MB at 150,000 images).
  func write(pieces output: (Data) throws -> Void, forgettingStatusesWhere isUnflushed: ((SHA256Digest) -> Bool)? = nil)
    throws
  {
    let pieceSize = 1 << 20
    var data = Data(capacity: min(256 + entries.count * 520, pieceSize + 64 * 1024))
    data.append(contentsOf: "{\n  \"entries\" : ".utf8)
    // A digest's order is its hex digits' order.
    let keys = entries.keys.sorted()
    try PrettyJSON.appendContainer(
      open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: keys.count, to: &data, depth: 1,
      drain: { data in
        guard data.count >= pieceSize else { return }
        try output(data)
        data.removeAll(keepingCapacity: true)
      }
    ) { index, bytes in
      let key = keys[index].hex
      try PrettyJSON.string(key).write(to: &bytes, depth: 2)
      bytes.append(contentsOf: " : ".utf8)
      let entry = entries[keys[index]]!
      let written = isUnflushed.map { Self.forgettingStatuses(of: entry, where: $0) } ?? entry
      try PrettyJSON.string(written.line(for: key)).write(to: &bytes, depth: 2)
    }
    if let statusTime { data.append(contentsOf: ",\n  \"statusTime\" : \(statusTime)".utf8) }
    data.append(contentsOf: "\n}".utf8)
    try output(data)
  }
}

extension CacheIndex.Entry {
  /// The entry as the index keeps it under `key`: `line`, then a checksum of the key and the line
  /// (`TextFields.checksum`), so that an entry whose facts were altered (a width, a bounds, an
  /// object's digest) or that was moved under another key reads as damaged, never as another
  /// image's facts.
  func line(for key: String) -> String {
    let line = self.line
    return line + " " + TextFields.checksum(key + " " + line)
  }

  /// The entry as one line of 22 fields: `sha256 width height`, the content rectangle
  /// (`x y width height`), the hit mask's digest and bounds (`-` each when there is none), then
  /// the two statuses' five numbers each (zeros when there is none).
  var line: String {
    let bounds = hitMaskBounds.map { [$0.x, $0.y, $0.width, $0.height].map(String.init) } ?? ["-", "-", "-", "-"]
    let fields =
      [sha256.hex, String(width), String(height)]
      + [content.x, content.y, content.width, content.height].map(String.init) + [hitMaskSHA256?.hex ?? "-"] + bounds
      + ((status?.fields ?? [0, 0, 0, 0, 0]) + (hitMaskStatus?.fields ?? [0, 0, 0, 0, 0])).map(String.init)
    return fields.joined(separator: " ")
  }

  /// The entry `line` gives, read from its bytes; `nil` unless it has its 22 fields, whole
  /// numbers where numbers go (a rectangle's four, or four `-`) and digests (64 lowercase hex
  /// digits, so they name no path outside the objects) where digests go. A status that is not
  /// five numbers is no status.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Self? {
    var fields = TextFields.split(bytes)
    // The checksum, checked with the key (`hasItsChecksum`), is 16 hex digits. An index written
    // before entries had checksums has 22 fields; the next build adds them.
    if fields.count == 23 {
      guard fields[22].count == 16, fields[22].allSatisfy(StoreNames.isLowercaseHex) else { return nil }
      fields.removeLast()
    }
    guard fields.count == 22 else { return nil }
    func number(_ index: Int) -> Int? { TextFields.integer(fields[index]).flatMap { Int(exactly: $0) } }
    func digest(_ index: Int) -> SHA256Digest? {
      SHA256Digest(hexDigits: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: fields[index])))
    }
    func rectangle(at index: Int) -> PixelRect? {
      guard let x = number(index), let y = number(index + 1), let width = number(index + 2),
        let height = number(index + 3)
      else { return nil }
      return PixelRect(x: x, y: y, width: width, height: height)
    }
    func status(at index: Int) -> FileStatus? {
      FileStatus(fields: fields[index..<index + 5].compactMap(TextFields.integer))
    }
    guard let sha256 = digest(0), let width = number(1), let height = number(2), let content = rectangle(at: 3)
    else { return nil }
    var entry = Self(sha256: sha256, width: width, height: height, content: content)
    if !TextFields.isAbsent(fields[7]) {
      guard let mask = digest(7) else { return nil }
      entry.hitMaskSHA256 = mask
    }
    // A hit mask that lets nothing through has no bounds.
    if !fields[8..<12].allSatisfy(TextFields.isAbsent) {
      guard let bounds = rectangle(at: 8) else { return nil }
      entry.hitMaskBounds = bounds
    }
    entry.status = status(at: 12)
    entry.hitMaskStatus = entry.hitMaskSHA256 == nil ? nil : status(at: 17)
    return entry
  }

  init(from decoder: Decoder) throws {
    // An index written before entries were lines has objects for entries.
    let entry =
      if var line = try? decoder.singleValueContainer().decode(String.self) {
        Self.hasItsChecksum(line, key: decoder.codingPath.last?.stringValue) ? line.withUTF8(Self.parse) : nil
      } else {
        try Self(object: decoder)
      }
    guard let entry else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a cache index entry"))
    }
    self = entry
  }

  /// Whether `line`, read under `key`, ends with the checksum `line(for:)` gives it (a line of
  /// 22 fields, from before checksums, has none to check).
  private static func hasItsChecksum(_ line: String, key: String?) -> Bool {
    guard line.utf8.count(where: { $0 == UInt8(ascii: " ") }) == 22 else { return true }
    guard let key, let space = line.lastIndex(of: " ") else { return false }
    return TextFields.checksum(key + " " + line[..<space]) == line[line.index(after: space)...]
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(encoder.codingPath.last.map { line(for: $0.stringValue) } ?? line)
  }

  /// The members of an entry as indexes before lines wrote it, an object.
  private enum ObjectKeys: String, CodingKey {
    case sha256, width, height, content, hitMaskSHA256, hitMaskBounds, status, hitMaskStatus
  }

  /// An entry as indexes before lines wrote it.
  private init(object decoder: Decoder) throws {
    let members = try decoder.container(keyedBy: ObjectKeys.self)
    self.init(
      sha256: try members.decode(SHA256Digest.self, forKey: .sha256),
      width: try members.decode(Int.self, forKey: .width),
      height: try members.decode(Int.self, forKey: .height),
      content: try members.decode(PixelRect.self, forKey: .content),
      hitMaskSHA256: try members.decodeIfPresent(SHA256Digest.self, forKey: .hitMaskSHA256),
      hitMaskBounds: try members.decodeIfPresent(PixelRect.self, forKey: .hitMaskBounds),
      status: try members.decodeIfPresent(FileStatus.self, forKey: .status),
      hitMaskStatus: try members.decodeIfPresent(FileStatus.self, forKey: .hitMaskStatus))
  }
}

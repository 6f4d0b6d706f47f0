import ButtonCore
import ButtonRender
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// `.cache/index` is written one entry at a time; its bytes are `JSONEncoder`'s.
struct CacheIndexTests {
  func encodedByJSONEncoder(_ index: CacheIndex) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(index)
  }

  @Test func writingEntryByEntryGivesTheEncodersBytes() throws {
    let rect = PixelRect(x: 1, y: 2, width: 30, height: 40)
    // Device and inode numbers beyond Int64 (as overlay file systems give), every optional
    // field present or absent.
    let status = try #require(FileStatus(fields: [-1, Int64.min, 3, 1_700_000_000_123_456_789, -5]))
    var index = CacheIndex()
    #expect(try index.encoded() == encodedByJSONEncoder(index), "empty, no time")
    index.statusTime = 1_700_000_000_000_000_001
    #expect(try index.encoded() == encodedByJSONEncoder(index), "empty")
    index.entries[digest("b")] = .init(sha256: digest("b1"), width: 30, height: 40, content: rect)
    index.entries[digest("B")] = .init(
      sha256: digest("B1"), width: 3, height: 4, content: rect, hitMaskSHA256: digest("m"), hitMaskBounds: rect,
      status: status, hitMaskStatus: status)
    index.entries[digest("a")] = .init(
      sha256: digest("a1"), width: 1, height: 1, content: rect, status: status)
    #expect(try index.encoded() == encodedByJSONEncoder(index))
    index.statusTime = nil
    #expect(try index.encoded() == encodedByJSONEncoder(index), "no time")
    let decoded = try JSONDecoder().decode(CacheIndex.self, from: try index.encoded())
    #expect(decoded.entries == index.entries && decoded.statusTime == nil)
  }

  /// A digest of `text`, as an entry names its objects.
  func digest(_ text: String) -> SHA256Digest {
    ContentHash.digest(Data(text.utf8))
  }

  /// Each entry is one line of fields, read back as written: every optional present or absent,
  /// numbers at their extremes.
  @Test func anEntryIsOneLineReadBackAsWritten() throws {
    let rect = PixelRect(x: -3, y: Int.max, width: 0, height: Int.min)
    let status = try #require(FileStatus(fields: [-1, Int64.min, 3, Int64.max, -5]))
    let other = try #require(FileStatus(fields: [1, 2, 3, 4, 5]))
    let entries: [CacheIndex.Entry] = [
      .init(sha256: digest("a"), width: 1, height: 2, content: rect),
      .init(sha256: digest("a"), width: 1, height: 2, content: rect, status: status),
      .init(
        sha256: digest("a"), width: 1, height: 2, content: rect, hitMaskSHA256: digest("m"), hitMaskBounds: rect),
      .init(
        sha256: digest("a"), width: 1, height: 2, content: rect, hitMaskSHA256: digest("m"), hitMaskBounds: rect,
        status: status, hitMaskStatus: other),
      .init(
        sha256: digest("a"), width: 1, height: 2, content: rect, hitMaskSHA256: digest("m"), hitMaskBounds: rect,
        status: nil, hitMaskStatus: other),
      // A hit mask that lets nothing through has no bounds.
      .init(sha256: digest("a"), width: 1, height: 2, content: rect, hitMaskSHA256: digest("m"), status: status),
    ]
    for entry in entries {
      var line = entry.line
      #expect(line.split(separator: " ", omittingEmptySubsequences: false).count == 22)
      #expect(line.withUTF8(CacheIndex.Entry.parse) == entry, "\(line)")
      #expect(try JSONDecoder().decode(CacheIndex.Entry.self, from: JSONEncoder().encode(entry)) == entry)
    }
  }

  /// A line that is not 22 fields, or has something else where a number or a digest goes (a
  /// path that would lead out of the objects, say), is no entry; so are bounds only partly there.
  @Test func aDamagedLineIsNoEntry() throws {
    let good = CacheIndex.Entry(
      sha256: digest("a"), width: 1, height: 2, content: PixelRect(x: 0, y: 0, width: 1, height: 2),
      hitMaskSHA256: digest("m"), hitMaskBounds: PixelRect(x: 0, y: 0, width: 1, height: 2))
    var fields = good.line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    var damaged = [
      fields.dropLast().joined(separator: " "), (fields + ["0"]).joined(separator: " "),
      fields.joined(separator: "  "), fields.joined(separator: " ") + " ",
    ]
    for (index, replacement) in [
      (0, "../../../etc/passwd"), (0, digest("a").hex.uppercased()), (0, "-"), (1, "x"), (2, "99999999999999999999"),
      (3, "-"), (7, "../m"), (8, "-"), (11, "-"), (11, "1.5"),
    ] {
      let original = fields[index]
      fields[index] = replacement
      damaged.append(fields.joined(separator: " "))
      fields[index] = original
    }
    var line = fields.joined(separator: " ")
    #expect(line.withUTF8(CacheIndex.Entry.parse) == good)
    // A status that is not five numbers is no status, as in the stamp: the object is hashed.
    fields[12] = "x"
    line = fields.joined(separator: " ")
    #expect(line.withUTF8(CacheIndex.Entry.parse) == good)
    fields[12] = "0"
    for var line in damaged {
      #expect(line.withUTF8(CacheIndex.Entry.parse) == nil, "\(line)")
      #expect(throws: DecodingError.self, "\(line)") {
        try JSONDecoder().decode(CacheIndex.Entry.self, from: JSONEncoder().encode(line))
      }
    }
  }

  /// An index written before entries were lines (each an object) is still read, so a new
  /// version of the tool does not draw everything again; an object entry is held to the same
  /// digests.
  @Test func anIndexOfObjectEntriesIsStillRead() throws {
    let status = try #require(FileStatus(fields: [1, 2, 3, 4, 5]))
    let entry = CacheIndex.Entry(
      sha256: digest("a"), width: 1, height: 2, content: PixelRect(x: 0, y: 1, width: 2, height: 3),
      hitMaskSHA256: digest("m"), hitMaskBounds: PixelRect(x: 1, y: 1, width: 1, height: 1), status: status,
      hitMaskStatus: nil)
    let text = """
      {"entries": {"\(digest("k"))": {"sha256": "\(entry.sha256)", "width": 1, "height": 2,
        "content": {"x": 0, "y": 1, "width": 2, "height": 3}, "hitMaskSHA256": "\(digest("m"))",
        "hitMaskBounds": {"x": 1, "y": 1, "width": 1, "height": 1},
        "status": {"device": 1, "inode": 2, "size": 3, "modified": 4, "changed": 5}}}, "statusTime": 7}
      """
    let index = try JSONDecoder().decode(CacheIndex.self, from: Data(text.utf8))
    #expect(index.entries == [digest("k"): entry] && index.statusTime == 7)
    let outside = text.replacingOccurrences(of: entry.sha256.hex, with: "../../x")
    // Left out, as a damaged entry is; so is an entry under a key that is no digest.
    #expect(try JSONDecoder().decode(CacheIndex.self, from: Data(outside.utf8)).entries.isEmpty)
    let keyedByName = text.replacingOccurrences(of: digest("k").hex, with: "k")
    #expect(try JSONDecoder().decode(CacheIndex.self, from: Data(keyedByName.utf8)).entries.isEmpty)
  }

  @Test func aLargeIndexIsWrittenInPiecesOfTheEncodersBytes() throws {
    var index = CacheIndex()
    index.statusTime = 5
    let rect = PixelRect(x: 0, y: 0, width: 2, height: 2)
    for number in 0..<10_000 {
      index.entries[try #require(SHA256Digest(hex: String(format: "%064x", number)))] = .init(
        sha256: try #require(SHA256Digest(hex: String(format: "%064x", number * 7))), width: 2, height: 2,
        content: rect)
    }
    var pieces: [Data] = []
    try index.write { pieces.append($0) }
    #expect(pieces.count > 1)
    #expect(pieces.allSatisfy { $0.count < (1 << 20) + 4096 })
    #expect(pieces.reduce(Data(), +) == (try encodedByJSONEncoder(index)))
  }

  @Test func aBuiltIndexIsTheEncodersBytesAndReadsBack() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 3))
    try workspace.build()
    let url = workspace.output.appendingPathComponent(".cache/index")
    let index = CacheIndex.read(from: url)
    #expect(index.entries.count == 3 * 6 && index.statusTime != nil)
    #expect(index.entries.values.allSatisfy { $0.status != nil })
    let written = try Data(contentsOf: url)
    #expect(written == (try encodedByJSONEncoder(index)))
  }

  /// An index written without the flush that would put this run's objects on the disk keeps
  /// only the statuses earlier, flushed builds recorded: those of the objects this run wrote or
  /// hashed go, those it took on their recorded status stay.
  @Test func anUnflushedIndexKeepsOnlyTheStatusesFlushedBuildsRecorded() throws {
    let workspace = try TestWorkspace()
    let earlier = AssetStore(root: workspace.output)
    let vouched = try earlier.storeObject(Data("vouched for by its status".utf8))
    let hashed = try earlier.storeObject(Data("hashed again".utf8))
    let status = try #require(FileStatus(ofFileAt: earlier.objectPath(vouched)))
    // A new run over the same store: one object is vouched for by its status (taken well before
    // now), one is hashed, two are written.
    let run = AssetStore(root: workspace.output)
    #expect(run.hasIntactObject(vouched, status: status, statusTime: FileStatus.now + 10_000_000_000))
    #expect(run.hasIntactObject(hashed))
    let image = try run.storeObject(Data("written".utf8))
    let mask = try run.storeObject(Data("written mask".utf8))
    let rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
    func entry(_ sha256: SHA256Digest, mask: SHA256Digest? = nil) -> CacheIndex.Entry {
      .init(
        sha256: sha256, width: 1, height: 1, content: rect, hitMaskSHA256: mask, hitMaskBounds: mask.map { _ in rect },
        status: status, hitMaskStatus: mask.map { _ in status })
    }
    var index = CacheIndex()
    index.entries = [
      digest("vouched"): entry(vouched), digest("hashed"): entry(hashed), digest("drawn"): entry(image, mask: mask),
      digest("drawn mask"): entry(vouched, mask: mask),
    ]
    try run.writeIndex(index, forgettingUnflushed: true)
    let kept = CacheIndex.read(from: run.indexURL)
    #expect(kept.entries.count == 4)
    #expect(kept.entries[digest("vouched")]?.status == status)
    #expect(kept.entries[digest("hashed")]?.status == nil)
    let drawn = kept.entries[digest("drawn")], drawnMask = kept.entries[digest("drawn mask")]
    #expect(drawn?.status == nil && drawn?.hitMaskStatus == nil)
    #expect(drawnMask?.status == status && drawnMask?.hitMaskStatus == nil)
    // The index in memory keeps them all: only what was written leaves them out.
    #expect(index.entries.values.allSatisfy { $0.status == status })
    try run.writeIndex(index)
    #expect(CacheIndex.read(from: run.indexURL).entries == index.entries)
  }
}

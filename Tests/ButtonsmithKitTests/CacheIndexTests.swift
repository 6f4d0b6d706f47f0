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
    // field present or absent, keys whose order differs by case.
    let status = try #require(FileStatus(fields: [-1, Int64.min, 3, 1_700_000_000_123_456_789, -5]))
    var index = CacheIndex()
    #expect(try index.encoded() == encodedByJSONEncoder(index), "empty, no time")
    index.statusTime = 1_700_000_000_000_000_001
    #expect(try index.encoded() == encodedByJSONEncoder(index), "empty")
    index.entries["b"] = .init(sha256: "b1", width: 30, height: 40, content: rect)
    index.entries["B"] = .init(
      sha256: "B1", width: 3, height: 4, content: rect, hitMaskSHA256: "m", hitMaskBounds: rect, status: status,
      hitMaskStatus: status)
    index.entries["a/\"quoted\"\n"] = .init(sha256: "a1", width: 1, height: 1, content: rect, status: status)
    #expect(try index.encoded() == encodedByJSONEncoder(index))
    index.statusTime = nil
    #expect(try index.encoded() == encodedByJSONEncoder(index), "no time")
    let decoded = try JSONDecoder().decode(CacheIndex.self, from: try index.encoded())
    #expect(decoded.entries == index.entries && decoded.statusTime == nil)
  }

  @Test func aLargeIndexIsWrittenInPiecesOfTheEncodersBytes() throws {
    var index = CacheIndex()
    index.statusTime = 5
    let rect = PixelRect(x: 0, y: 0, width: 2, height: 2)
    for number in 0..<5_000 {
      index.entries[String(format: "%064x", number)] = .init(
        sha256: String(format: "%064x", number * 7), width: 2, height: 2, content: rect)
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
    func entry(_ sha256: String, mask: String? = nil) -> CacheIndex.Entry {
      .init(
        sha256: sha256, width: 1, height: 1, content: rect, hitMaskSHA256: mask, hitMaskBounds: mask.map { _ in rect },
        status: status, hitMaskStatus: mask.map { _ in status })
    }
    var index = CacheIndex()
    index.entries = [
      "vouched": entry(vouched), "hashed": entry(hashed), "drawn": entry(image, mask: mask),
      "drawn mask": entry(vouched, mask: mask),
    ]
    index.forgetUnflushedStatuses(in: run)
    #expect(index.entries["vouched"]?.status == status)
    #expect(index.entries["hashed"]?.status == nil)
    #expect(index.entries["drawn"]?.status == nil && index.entries["drawn"]?.hitMaskStatus == nil)
    #expect(index.entries["drawn mask"]?.status == status && index.entries["drawn mask"]?.hitMaskStatus == nil)
  }
}

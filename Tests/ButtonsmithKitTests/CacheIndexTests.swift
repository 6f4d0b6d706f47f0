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

  /// An index written before the flush that would put this run's objects on the disk does not
  /// vouch for them: their statuses go, everyone else's stay.
  @Test func anUnflushedIndexForgetsTheStatusesOfTheObjectsThisRunWrote() throws {
    let workspace = try TestWorkspace()
    let store = AssetStore(root: workspace.output)
    let rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
    let old = try store.storeObject(Data("checked before".utf8))
    // A new run over the same store: the old object is only checked, two are written.
    let run = AssetStore(root: workspace.output)
    #expect(run.hasIntactObject(old))
    let image = try run.storeObject(Data("written".utf8))
    let mask = try run.storeObject(Data("written mask".utf8))
    let status = try #require(FileStatus(ofFileAt: run.objectPath(old)))
    var index = CacheIndex()
    index.entries["kept"] = .init(sha256: old, width: 1, height: 1, content: rect, status: status)
    index.entries["drawn"] = .init(
      sha256: image, width: 1, height: 1, content: rect, hitMaskSHA256: mask, hitMaskBounds: rect, status: status,
      hitMaskStatus: status)
    index.entries["drawn mask"] = .init(
      sha256: old, width: 1, height: 1, content: rect, hitMaskSHA256: mask, hitMaskBounds: rect, status: status,
      hitMaskStatus: status)
    index.forgetStatusesOfObjectsWritten(by: run)
    #expect(index.entries["kept"]?.status == status)
    #expect(index.entries["drawn"]?.status == nil && index.entries["drawn"]?.hitMaskStatus == nil)
    #expect(index.entries["drawn mask"]?.status == status && index.entries["drawn mask"]?.hitMaskStatus == nil)
  }
}

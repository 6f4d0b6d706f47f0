import ButtonCore
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// Whether the store has an object is asked of the file system only where an earlier build may
/// have left one: in the shard directories there were when this build opened the store.
struct ObjectPresenceTests {
  @Test func objectsAreLookedForOnlyInShardsThatWereThereWhenTheStoreWasOpened() throws {
    let workspace = try TestWorkspace()
    let earlierRun = AssetStore(root: workspace.output)
    let kept = try withExtendedLifetime(try earlierRun.open {}) { try earlierRun.storeObject(Data("kept".utf8)) }
    // Bytes whose object lives in another shard than `kept`'s.
    let planted = try #require(
      (0..<100).lazy.map { Data("planted \($0)".utf8) }.first { ContentHash.sha256($0).prefix(2) != kept.prefix(2) })
    let plantedSHA256 = ContentHash.sha256(planted)

    let run = AssetStore(root: workspace.output)
    try withExtendedLifetime(try run.open {}) {
      #expect(run.hasIntactObject(kept))
      // Put there behind the build's back, in a shard it found missing: not seen, and written
      // again when the build stores it.
      try AssetStore.makeDirectories(atPath: run.shardPath(String(plantedSHA256.prefix(2))))
      try planted.write(to: URL(fileURLWithPath: run.objectPath(plantedSHA256)))
      #expect(!run.hasIntactObject(plantedSHA256))
      #expect(try run.storeObject(planted) == plantedSHA256)
      #expect(run.hasIntactObject(plantedSHA256))
    }
    // A store this process did not open asks the file system about every object.
    let reader = AssetStore(root: workspace.output)
    #expect(reader.hasIntactObject(kept) && reader.hasIntactObject(plantedSHA256))
    #expect(try Data(contentsOf: URL(fileURLWithPath: reader.objectPath(plantedSHA256))) == planted)
  }
}

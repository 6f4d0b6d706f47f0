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
      (0..<100).lazy.map { Data("planted \($0)".utf8) }.first { ContentHash.sha256($0).prefix(2) != kept.hex.prefix(2) }
    )
    let plantedSHA256 = ContentHash.digest(planted)

    let run = AssetStore(root: workspace.output)
    try withExtendedLifetime(try run.open {}) {
      #expect(run.hasIntactObject(kept))
      // Put there behind the build's back, in a shard it found missing: not seen, and written
      // again when the build stores it.
      try FileManager.default.createDirectory(
        atPath: run.shardPath(String(plantedSHA256.hex.prefix(2))), withIntermediateDirectories: true)
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

  /// An object is written through the directories the store opened, never through a path: a
  /// link put in place of its shard directory (after this run wrote there) once the store was
  /// inspected, as another process could while a build runs, is refused; one put in place of the
  /// objects directory is not seen (the directory opened is written to); and the file of the
  /// same name where either link points is not written over.
  @Test(arguments: ["shard", "objects"])
  func aLinkPutInPlaceOfADirectoryWhileABuildRunsIsNotFollowed(replaced: String) throws {
    let workspace = try TestWorkspace()
    let earlierRun = AssetStore(root: workspace.output)
    let first = try withExtendedLifetime(try earlierRun.open {}) { try earlierRun.storeObject(Data("first".utf8)) }
    let run = AssetStore(root: workspace.output)
    try withExtendedLifetime(try run.open {}) {
      let sameShard = (0..<5_000).lazy.map { Data("more \($0)".utf8) }.filter {
        ContentHash.sha256($0).prefix(2) == first.hex.prefix(2)
      }
      let (written, second) = (try #require(sameShard.first), try #require(sameShard.dropFirst().first))
      // This run has written to the shard before it is replaced.
      _ = try run.storeObject(written)
      let secondSHA256 = ContentHash.sha256(second)
      // Outside the store: a folder holding a file of the name the object would have.
      let outside = workspace.url.appendingPathComponent("outside")
      let shard = outside.appendingPathComponent(replaced == "shard" ? "" : String(first.hex.prefix(2)))
      try FileManager.default.createDirectory(at: shard, withIntermediateDirectories: true)
      let theirs = shard.appendingPathComponent(secondSHA256)
      try Data("USER DATA".utf8).write(to: theirs)
      let swapped =
        replaced == "shard"
        ? URL(fileURLWithPath: run.objectPath(first)).deletingLastPathComponent() : run.objectsDirectory
      try FileManager.default.moveItem(at: swapped, to: workspace.url.appendingPathComponent("moved"))
      try FileManager.default.createSymbolicLink(at: swapped, withDestinationURL: replaced == "shard" ? shard : outside)
      if replaced == "shard" {
        #expect(throws: StoreError.self) { try run.storeObject(second) }
      } else {
        // The objects directory this run opened is written to where it now is.
        _ = try run.storeObject(second)
        #expect(
          FileManager.default.fileExists(atPath: "\(workspace.url.path)/moved/\(first.hex.prefix(2))/\(secondSHA256)"))
      }
      #expect(try Data(contentsOf: theirs) == Data("USER DATA".utf8))
      #expect(try FileManager.default.contentsOfDirectory(atPath: shard.path) == [secondSHA256])
    }
  }

  /// The index and the stamp are written, and the stamp removed, through the cache directory the
  /// store opened when it was opened for the build: a link put in place of `.cache` is not seen
  /// (the directory opened is written to, before an object was written or after); the files of
  /// those names where it points are neither written over nor removed.
  @Test(arguments: [false, true])
  func aLinkPutInPlaceOfTheCacheIsNotWrittenThrough(afterAWrite: Bool) throws {
    let workspace = try TestWorkspace()
    let earlierRun = AssetStore(root: workspace.output)
    _ = try withExtendedLifetime(try earlierRun.open {}) { try earlierRun.storeObject(Data("first".utf8)) }
    let run = AssetStore(root: workspace.output)
    try withExtendedLifetime(try run.open {}) {
      if afterAWrite { _ = try run.storeObject(Data("second".utf8)) }
      let outside = workspace.url.appendingPathComponent("outside")
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      for name in ["index", "stamp"] { try Data("USER DATA".utf8).write(to: outside.appendingPathComponent(name)) }
      try FileManager.default.moveItem(at: run.cacheDirectory, to: workspace.url.appendingPathComponent("moved"))
      try FileManager.default.createSymbolicLink(at: run.cacheDirectory, withDestinationURL: outside)
      try run.writeIndex(CacheIndex())
      try run.writeStamp(nil)
      #expect(FileManager.default.fileExists(atPath: "\(workspace.url.path)/moved/index"))
      for name in ["index", "stamp"] {
        #expect(try Data(contentsOf: outside.appendingPathComponent(name)) == Data("USER DATA".utf8), "\(name)")
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted() == ["index", "stamp"])
    }
  }
}

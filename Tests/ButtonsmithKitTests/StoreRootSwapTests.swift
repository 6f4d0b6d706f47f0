import ButtonCore
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A build writes into the output directory it locked, whatever its path names later: the
/// directory moved away during a build and a link to another folder put at its path.
struct StoreRootSwapTests {
  /// A manifest naming `object` as a version's one image, as pruning reads it.
  static func manifest(naming object: SHA256Digest) -> Data {
    Data(#"{ "assets" : [ { "path" : "button/normal.png", "sha256" : "\#(object)" } ] }"#.utf8)
  }

  @Test func publishingAndPruningStayInTheDirectoryTheBuildLocked() throws {
    let workspace = try TestWorkspace()
    let root = workspace.output
    // Versions 1 and 2, the second current.
    for number in 1...2 {
      let store = AssetStore(root: root)
      try withExtendedLifetime(try store.open {}) {
        let object = try store.storeObject(Data("image \(number)".utf8))
        let staged = try store.stage(version: number)
        _ = try store.linkFiles([("button/normal.png", object)], into: staged)
        try store.writeManifest(into: staged) { try $0(Self.manifest(naming: object)) }
        try store.publish(staged)
      }
    }
    // A folder of the user's, holding files named as the store names its own.
    let outside = workspace.url.appendingPathComponent("outside")
    try FileManager.default.createDirectory(
      at: outside.appendingPathComponent("versions/v1"), withIntermediateDirectories: true)
    let userFiles = ["current", "versions/v1/notes.txt"]
    for name in userFiles { try Data("USER DATA".utf8).write(to: outside.appendingPathComponent(name)) }

    let store = AssetStore(root: root)
    let moved = workspace.url.appendingPathComponent("moved")
    try withExtendedLifetime(try store.open {}) {
      let object = try store.storeObject(Data("image 3".utf8))
      let staged = try store.stage(version: 3)
      _ = try store.linkFiles([("button/normal.png", object)], into: staged)
      try store.writeManifest(into: staged) { try $0(Self.manifest(naming: object)) }
      // What was written is on the disk (a flush after the swap finds nothing at the path, and
      // fails the build), and the directory is swapped while the version is renamed into place.
      try store.flushWrites(through: nil)
      try FileManager.default.moveItem(at: root, to: moved)
      try FileManager.default.createSymbolicLink(at: root, withDestinationURL: outside)
      try store.publish(staged)
      var index = CacheIndex()
      store.prune(keep: 1, index: &index)
    }
    // The locked directory was published. (Pruning read the versions' manifests at the path,
    // found none there, and so kept them: a version is removed only when its manifest says
    // what it holds.)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: moved.appendingPathComponent("current").path)
        == "versions/v3")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: moved.appendingPathComponent("versions").path).sorted()
        == ["v1", "v2", "v3"])
    // Nor were the objects those versions use removed: nothing read said what they use.
    for number in 1...3 {
      let digest = ContentHash.sha256(Data("image \(number)".utf8))
      let object = moved.appendingPathComponent(".cache/objects/\(digest.prefix(2))/\(digest)")
      #expect(FileManager.default.fileExists(atPath: object.path), "image \(number)")
    }
    // The folder the path names now is as it was.
    for name in userFiles {
      #expect(try Data(contentsOf: outside.appendingPathComponent(name)) == Data("USER DATA".utf8), "\(name)")
    }
    let entries = try FileManager.default.subpathsOfDirectory(atPath: outside.path).sorted()
    #expect(entries == ["current", "versions", "versions/v1", "versions/v1/notes.txt"])
  }
}

import ButtonCore
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The flushes of a build: each file and directory the store noted, opened without following a
/// link (Linux only: elsewhere each object is flushed as it is written).
struct BuildFlushTests {
  #if os(Linux)
    /// What the store wrote is noted as it is written, with the directories that gained names.
    @Test func whatTheStoreWritesIsNotedWithItsDirectories() throws {
      let workspace = try TestWorkspace()
      let store = AssetStore(root: workspace.output)
      try withExtendedLifetime(try store.open {}) {
        let first = try store.storeObject(Data("first".utf8))
        let noted = store.unflushedWrites.take()
        #expect(noted.objects == [first])
        #expect(noted.files.isEmpty)
        #expect(noted.directories == [".cache/objects/\(first.hex.prefix(2))", ".cache/objects", ".cache"])
        #expect(store.unflushedWrites.take().count == 0)
      }
    }

    /// Up to `largestFileByFileFlush` files and directories are each opened and flushed (a
    /// missing one fails); more, and the file system is flushed once, opening none of them.
    @Test func fewWritesAreFlushedOneByOneAndManyByTheFileSystem() throws {
      let workspace = try TestWorkspace()
      var few = UnflushedWrites.Batch()
      few.files = (0..<BuildFlush.largestFileByFileFlush).map { "missing-\($0)" }
      #expect(
        BuildFlush.flush(few, in: workspace.url)
          == .cannotWrite("\(workspace.url.path)/missing-0", "No such file or directory"))
      var many = few
      many.objects = [ContentHash.digest(Data("missing".utf8))]
      #expect(BuildFlush.flush(many, in: workspace.url) == nil)
      #expect(BuildFlush.flush(UnflushedWrites.Batch(), in: workspace.url.appendingPathComponent("missing")) == nil)
    }

    /// The early flush takes what was written before it, `finish` the rest, and a file either
    /// cannot flush fails the build when it finishes.
    @Test func theEarlyFlushTakesWhatWasWrittenBeforeItAndFinishingTheRest() throws {
      let workspace = try TestWorkspace()
      let store = AssetStore(root: workspace.output)
      try withExtendedLifetime(try store.open {}) {
        let flush = try #require(BuildFlush(store: store))
        _ = try store.storeObject(Data("drawn".utf8))
        store.unflushedWrites.addFile("gone")
        flush.beginEarly()
        _ = try store.storeObject(Data("generated".utf8))
        #expect(throws: StoreError.cannotWrite("\(store.root.path)/gone", "No such file or directory")) {
          try flush.finish()
        }
        flush.wait()

        let second = try #require(BuildFlush(store: store))
        _ = try store.storeObject(Data("drawn again".utf8))
        second.beginEarly()
        store.unflushedWrites.addFile("gone after the early flush")
        #expect(
          throws: StoreError.cannotWrite("\(store.root.path)/gone after the early flush", "No such file or directory")
        ) {
          try second.finish()
        }
      }
    }

    /// A version discarded after its files were linked is not flushed (its folders are gone),
    /// and the objects it linked still are.
    @Test func aDiscardedVersionIsNotFlushed() throws {
      let workspace = try TestWorkspace()
      let store = AssetStore(root: workspace.output)
      try withExtendedLifetime(try store.open {}) {
        let object = try store.storeObject(Data("image".utf8))
        let staged = try store.stage(version: 1)
        #expect(try store.linkFiles([("button/state/normal.png", object)], into: staged) == 1)
        try store.writeManifest(into: staged) { try $0(Data("{}".utf8)) }
        store.discard(staged)
        let noted = store.unflushedWrites.take()
        #expect(noted.objects == [object])
        #expect(noted.files.isEmpty)
        #expect(!noted.directories.contains { $0.hasPrefix("versions/") })
      }
    }

    /// A staged version's folders, each once, and its manifest are noted for the flush before
    /// it is published.
    @Test func aStagedVersionsFoldersAndManifestAreNoted() throws {
      let workspace = try TestWorkspace()
      let store = AssetStore(root: workspace.output)
      try withExtendedLifetime(try store.open {}) {
        let object = try store.storeObject(Data("image".utf8))
        _ = store.unflushedWrites.take()
        let staged = try store.stage(version: 1)
        let files = ["a/normal.png", "a/x/normal.png", "a/x/selected.png", "b/normal.png"].map { ($0, object) }
        #expect(try store.linkFiles(files, into: staged) == 4)
        try store.writeManifest(into: staged) { try $0(Data("{}".utf8)) }
        let noted = store.unflushedWrites.take()
        let version = "versions/\(staged.name)"
        #expect(noted.files == ["\(version)/manifest.json"])
        #expect(noted.directories.sorted() == [version, "\(version)/a", "\(version)/a/x", "\(version)/b"])
        #expect(BuildFlush.flush(noted, in: store.root) == nil)
      }
    }

    /// Nothing noted is opened through a link or waited on: a FIFO in a file's place is refused
    /// at once, a link in a directory's place is refused, not followed.
    @Test func aFIFOOrALinkInPlaceOfWhatWasWrittenIsRefused() throws {
      let workspace = try TestWorkspace()
      let root = workspace.url
      #expect(mkfifo(root.appendingPathComponent("fifo").path, 0o644) == 0)
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("real"), withIntermediateDirectories: true)
      try workspace.write("real/file", "bytes")
      try FileManager.default.createSymbolicLink(
        at: root.appendingPathComponent("link"), withDestinationURL: root.appendingPathComponent("real"))

      var fifo = UnflushedWrites.Batch()
      fifo.files = ["fifo"]
      #expect(BuildFlush.flush(fifo, in: root) == .unsafe("\(root.path)/fifo", "is not a regular file"))
      var linkedFile = UnflushedWrites.Batch()
      linkedFile.files = ["link/file"]
      #expect(
        BuildFlush.flush(linkedFile, in: root) == .cannotWrite("\(root.path)/link", "Not a directory")
      )
      var linkedDirectory = UnflushedWrites.Batch()
      linkedDirectory.directories = ["link"]
      #expect(BuildFlush.flush(linkedDirectory, in: root) != nil)
      var real = UnflushedWrites.Batch()
      (real.files, real.directories) = (["real/file"], ["real", ""])
      #expect(BuildFlush.flush(real, in: root) == nil)
    }
  #else
    @Test func thereIsNoBuildFlushWhereEveryObjectIsFlushedAsItIsWritten() throws {
      let workspace = try TestWorkspace()
      #expect(BuildFlush(store: AssetStore(root: workspace.output)) == nil)
    }
  #endif
}

import ButtonCore
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A staged version's files are linked, and its manifest written, through directories opened
/// without following links, as another process could swap a link in for one while a build runs.
struct VersionLinkingTests {
  /// Each directory a version's file is linked through, replaced by a link to a folder outside
  /// the store after the version was staged and its first file linked: the version's own
  /// directory is not seen (the one opened is written to), a folder of it or an object shard is
  /// refused; nothing is made or linked outside, and nothing outside is linked in.
  @Test(arguments: ["version", "folder", "shard"])
  func aLinkPutInPlaceOfADirectoryOfAStagedVersionIsNotFollowed(replaced: String) throws {
    let workspace = try TestWorkspace()
    let store = AssetStore(root: workspace.output)
    try withExtendedLifetime(try store.open {}) {
      let first = try store.storeObject(Data("first".utf8))
      let second = try #require(
        (0..<100).lazy.map { Data("second \($0)".utf8) }.first {
          ContentHash.sha256($0).prefix(2) != first.hex.prefix(2)
        })
      let secondSHA256 = try store.storeObject(second)
      let staged = try store.stage(version: 1)
      let stagedURL = store.versionsDirectory.appendingPathComponent(staged.name)
      #expect(try store.linkFiles([("button/normal.png", first)], into: staged) == 1)
      // Outside the store: a folder holding a file of the name each link or object would have.
      let outside = workspace.url.appendingPathComponent("outside")
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      for name in ["hover.png", secondSHA256.hex] {
        try Data("USER DATA".utf8).write(to: outside.appendingPathComponent(name))
      }
      let swapped: URL
      switch replaced {
      case "version": swapped = stagedURL
      case "folder": swapped = stagedURL.appendingPathComponent("button")
      default: swapped = URL(fileURLWithPath: store.shardPath(String(secondSHA256.hex.prefix(2))))
      }
      let moved = workspace.url.appendingPathComponent("moved")
      try FileManager.default.moveItem(at: swapped, to: moved)
      try FileManager.default.createSymbolicLink(at: swapped, withDestinationURL: outside)

      let files = [("button/hover.png", secondSHA256)]
      if replaced == "version" {
        #expect(try store.linkFiles(files, into: staged) == 1)
        try store.writeManifest(into: staged) { try $0(Data("{}".utf8)) }
        // The directory the store staged, wherever it is now, holds the file and the manifest.
        #expect(try Data(contentsOf: moved.appendingPathComponent("button/hover.png")) == second)
        #expect(FileManager.default.fileExists(atPath: moved.appendingPathComponent("manifest.json").path))
      } else {
        #expect(throws: StoreError.self) { try store.linkFiles(files, into: staged) }
        // No file from outside was linked into the version.
        let version = replaced == "folder" ? moved : stagedURL.appendingPathComponent("button")
        #expect(try FileManager.default.contentsOfDirectory(atPath: version.path) == ["normal.png"])
      }
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted()
          == ["hover.png", secondSHA256.hex].sorted())
      for name in ["hover.png", secondSHA256.hex] {
        #expect(try Data(contentsOf: outside.appendingPathComponent(name)) == Data("USER DATA".utf8))
      }
    }
  }

  /// A path that would leave the version's folders is refused before anything is made.
  @Test(arguments: ["../escaped.png", "button/../../escaped.png", "button//normal.png", "button/", "/normal.png"])
  func aPathOutsideTheVersionIsRefused(path: String) throws {
    let workspace = try TestWorkspace()
    let store = AssetStore(root: workspace.output)
    try withExtendedLifetime(try store.open {}) {
      let object = try store.storeObject(Data("object".utf8))
      let staged = try store.stage(version: 1)
      #expect(throws: StoreError.self) { try store.linkFiles([(path, object)], into: staged) }
      #expect(
        !FileManager.default.fileExists(atPath: store.versionsDirectory.appendingPathComponent("escaped.png").path))
    }
  }

  /// Where a file system cannot link, a file is copied: the object's bytes, read-only, with the
  /// object's modification time; never from a link.
  @Test func aCopyHasTheObjectsBytesModeAndTime() throws {
    let workspace = try TestWorkspace()
    let source = try workspace.write("source/object", "the object's bytes")
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: source.path)
    try FileManager.default.createSymbolicLink(
      at: workspace.url.appendingPathComponent("source/link"), withDestinationURL: source)
    try FileManager.default.createDirectory(
      at: workspace.url.appendingPathComponent("copies"), withIntermediateDirectories: true)
    let from = try DirectoryHandle(path: workspace.url.appendingPathComponent("source").path)
    let to = try DirectoryHandle(path: workspace.url.appendingPathComponent("copies").path)
    try to.copyFile("object", in: from, to: "copy", mode: AtomicFile.readOnly)
    let copy = workspace.url.appendingPathComponent("copies/copy")
    #expect(try Data(contentsOf: copy) == Data("the object's bytes".utf8))
    let attributes = try FileManager.default.attributesOfItem(atPath: copy.path)
    #expect(attributes[.modificationDate] as? Date == old)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == Int(AtomicFile.readOnly))
    #expect(throws: StoreError.self) { try to.copyFile("link", in: from, to: "from-link", mode: AtomicFile.readOnly) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: to.path) == ["copy"])
  }

  /// An object replaced by a link to a file outside the store after the store inspected it:
  /// `linkat` would link the link itself, so the version would hold a link out of the store.
  @Test func anObjectSwappedForALinkIsNotLinkedIntoAVersion() throws {
    let workspace = try TestWorkspace()
    let store = AssetStore(root: workspace.output)
    try withExtendedLifetime(try store.open {}) {
      let object = try store.storeObject(Data("object".utf8))
      let outside = try workspace.write("outside/secret", "USER DATA")
      let objectPath = store.objectPath(object)
      try FileManager.default.removeItem(atPath: objectPath)
      try FileManager.default.createSymbolicLink(atPath: objectPath, withDestinationPath: outside.path)
      let staged = try store.stage(version: 1)
      #expect(throws: StoreError.self) { try store.linkFiles([("button/normal.png", object)], into: staged) }
      let folder = store.versionsDirectory.appendingPathComponent(staged.name).appendingPathComponent("button")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
      #expect(try String(contentsOf: outside, encoding: .utf8) == "USER DATA")
    }
  }

  /// The staged version's name taken by a link to a folder outside the store before it is
  /// published: the link is never renamed into `versions/`, nor `current` pointed through it.
  @Test func aLinkInPlaceOfTheStagedVersionIsNotPublished() throws {
    let workspace = try TestWorkspace()
    let store = AssetStore(root: workspace.output)
    try withExtendedLifetime(try store.open {}) {
      let object = try store.storeObject(Data("object".utf8))
      let staged = try store.stage(version: 1)
      #expect(try store.linkFiles([("button/normal.png", object)], into: staged) == 1)
      try store.writeManifest(into: staged) { try $0(Data("{}".utf8)) }
      let stagedURL = store.versionsDirectory.appendingPathComponent(staged.name)
      let outside = workspace.url.appendingPathComponent("outside")
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      try FileManager.default.moveItem(at: stagedURL, to: workspace.url.appendingPathComponent("moved"))
      try FileManager.default.createSymbolicLink(at: stagedURL, withDestinationURL: outside)
      #expect(throws: StoreError.self) { try store.publish(staged) }
      #expect(!FileManager.default.fileExists(atPath: store.versionsDirectory.appendingPathComponent("v1").path))
      #expect(store.currentNumber() == nil)
    }
  }
}

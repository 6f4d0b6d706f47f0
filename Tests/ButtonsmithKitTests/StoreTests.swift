import ButtonCore
import ButtonRender
import ButtonSpec
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// Versions, determinism, pruning and repair of the asset store.
struct StoreTests {
  /// Every file under `directory` (following no links) with its bytes, by relative path.
  func contents(of directory: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
      if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        result[String(url.path.dropFirst(directory.path.count))] = try Data(contentsOf: url)
      }
    }
    return result
  }

  @Test func temporaryNamesAreFreshAndKnownAsTemporary() {
    // Each write goes through a temporary name beside its target: two alike would make one
    // write fail (O_EXCL), and one not known as temporary would be left behind by a cleanup.
    let names = (0..<10_000).map { _ in StoreNames.temporaryName("file") }
    #expect(Set(names).count == names.count)
    let prefix = "\(StoreNames.temporaryPrefix)file-\(getpid())-"
    for name in names.prefix(100) {
      #expect(StoreNames.isTemporary(name))
      #expect(name.hasPrefix(prefix))
      let random = name.dropFirst(prefix.count)
      #expect(random.count == 32 && random.allSatisfy(\.isHexDigit))
    }
  }

  @Test(arguments: [1, 2, 4])
  func aDirectoryIsRemovedWholeOnAnyNumberOfThreadsWithoutFollowingLinks(parallelism: Int) throws {
    let workspace = try TestWorkspace()
    let outside = try workspace.write("outside/precious.txt", "keep me")
    for button in 0..<20 {
      for file in ["normal.png", "normal@2x.png", "deep/er/still.png"] {
        try workspace.write("versions/v1/button-\(button)/\(file)", "image")
      }
    }
    try workspace.write("versions/v1/manifest.json", "{}")
    let versions = workspace.url.appendingPathComponent("versions")
    try FileManager.default.createSymbolicLink(
      atPath: versions.appendingPathComponent("v1/button-3/link").path, withDestinationPath: outside.path)
    try FileManager.default.createSymbolicLink(
      atPath: versions.appendingPathComponent("v1/button-4/directory-link").path,
      withDestinationPath: outside.deletingLastPathComponent().path)
    try workspace.write("versions/v2/kept.png", "image")

    try DirectoryHandle(path: versions.path).removeAtomically("v1", parallelism: parallelism)

    #expect(try FileManager.default.contentsOfDirectory(atPath: versions.path) == ["v2"])
    #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me")
  }

  @Test func oneDirectoryIsListedWholeByThreadsAtOnce() throws {
    // Each listing reads through a descriptor of its own: one shared read position would have
    // each thread miss what the other read.
    let workspace = try TestWorkspace()
    for index in 0..<3000 { try workspace.write("many/file-\(index)", "") }
    let directory = try DirectoryHandle(path: workspace.url.appendingPathComponent("many").path)
    let counts = WorkerThreads.mapRuns(8, parallelism: 4, minimumRun: 1, cores: 4) { run in
      run.map { _ in directory.entries().count }
    }
    #expect(counts.flatMap { $0 } == Array(repeating: 3000, count: 8))
  }

  @Test func oneAndEightThreadsGiveByteIdenticalVersions() throws {
    let one = try TestWorkspace()
    let eight = try TestWorkspace()
    for workspace in [one, eight] { try workspace.write("specs/a.yaml", smallSpec(buttons: 6)) }
    try one.build(parallelism: 1)
    try eight.build(parallelism: 8)
    let a = try contents(of: one.output.appendingPathComponent("versions/v1"))
    let b = try contents(of: eight.output.appendingPathComponent("versions/v1"))
    #expect(a.count == 6 * 6 + 1)
    #expect(a == b)
  }

  @Test func aVectorFileIsStampedWithTheLibraryThatDrawsIt() throws {
    // A librsvg or poppler upgrade must not be confirmed as up to date for the files it draws,
    // and must not touch any other file's digest.
    let workspace = try TestWorkspace()
    let bytes = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>".utf8)
    for name in ["a.svg", "a.SVG", "a.pdf", "a.png"] { try workspace.write(name, bytes: bytes) }
    let files = InputFiles()
    let digest = { (name: String) in
      InputStamp.digest(ofExternal: workspace.url.appendingPathComponent(name).path, files: files)
    }
    let sha256 = ContentHash.sha256(Data(bytes))
    #expect(digest("a.png") == sha256)
    #expect(digest("a.svg") == "\(sha256) \(VectorLibrary.librsvg.identity)")
    #expect(digest("a.SVG") == digest("a.svg"))
    #expect(digest("a.pdf") == "\(sha256) \(VectorLibrary.poppler.identity)")
    #expect(VectorLibrary.librsvg.identity.hasPrefix("librsvg 2."))
  }

  @Test func theManifestIsDeterministicAndComplete() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        checkout:
          size: [200, 44]
          scales: [2]
          gradient: red
          shadow: true
          hit-mask: true
          states: { normal: {} }
      """)
    try workspace.build()
    let manifest = try workspace.currentManifest()
    #expect(
      manifest.format == 1 && manifest.version == 1 && manifest.generator == "buttonsmith \(ButtonsmithVersion.current)"
    )
    let asset = try #require(manifest.assets.first)
    #expect(asset.path == "checkout/normal@2x.png" && asset.points == [200, 44] && asset.scale == 2)
    #expect(asset.width > 400 && asset.content?.width == 400 && asset.content?.height == 88)
    #expect(asset.source == "specs/a.yaml:3:3")
    #expect(asset.hitMask?.path == "checkout/normal@2x.hitmask.png" && asset.hitMask?.threshold == 0.5)
    let file = workspace.output.appendingPathComponent("current/\(asset.path)")
    #expect(ContentHash.sha256(ofFileAt: file) == asset.sha256)
    let text = try String(contentsOf: workspace.output.appendingPathComponent("current/manifest.json"), encoding: .utf8)
    #expect(text.contains("\"hit_mask\"") && !text.contains("date") && !text.contains("time"))
    // The same inputs elsewhere give the same bytes.
    let again = try TestWorkspace()
    try again.write(
      "specs/a.yaml", try String(contentsOf: workspace.url.appendingPathComponent("specs/a.yaml"), encoding: .utf8))
    try again.build()
    #expect(try Data(contentsOf: again.output.appendingPathComponent("current/manifest.json")) == Data(text.utf8))
  }

  @Test func keepPrunesOldVersionsAndTheObjectsOnlyTheyUsed() throws {
    let workspace = try TestWorkspace()
    for round in 0..<4 {
      try workspace.write("specs/a.yaml", smallSpec(buttons: 1) { _ in "Round \(round)" })
      try workspace.build(keep: 2)
    }
    let versions = try FileManager.default.contentsOfDirectory(
      atPath: workspace.output.appendingPathComponent("versions").path)
    #expect(versions.sorted() == ["v3", "v4"])
    let objects = try contents(of: workspace.output.appendingPathComponent(".cache/objects"))
    #expect(objects.count == 12)  // 6 images of v3 and 6 of v4
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: workspace.output.appendingPathComponent("current").path)
        == "versions/v4")
  }

  /// Publishing links every object into the new version and pruning unlinks old versions' files,
  /// which moves the objects' change times: the index records their statuses after both, so the
  /// next build vouches for every object by its status instead of hashing it.
  @Test func theIndexRecordsTheObjectsStatusesAsPublishingAndPruningLeaveThem() throws {
    let workspace = try TestWorkspace()
    for label in ["First", "Second", "Third"] {
      // Builds moments apart would find the objects the one before wrote still racy.
      Thread.sleep(forTimeInterval: 0.1)
      try workspace.write("specs/a.yaml", smallSpec(buttons: 3) { $0 == 1 ? label : "Button \($0)" })
      try workspace.build(keep: 1)
    }
    let store = AssetStore(root: workspace.output)
    let index = CacheIndex.read(from: store.indexURL)
    #expect(index.entries.count == 18)
    for entry in index.entries.values {
      #expect(entry.status != nil && entry.status == FileStatus(ofFileAt: store.objectPath(entry.sha256)))
    }
  }

  /// Every hit mask has bounds: a mask no pixel passes (the highlighted state draws at a
  /// quarter of its opacity, under the threshold of one half) has empty ones at the origin.
  @Test func aHitMaskNothingPassesHasEmptyBounds() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  go: { size: [40, 20], scales: [1], tint: red, hit-mask: true, states: { normal: {}, highlighted: {} } }\n"
    )
    try workspace.build()
    let masks = try workspace.currentManifest().assets.compactMap(\.hitMask)
    #expect(masks.map(\.path) == ["go/highlighted.hitmask.png", "go/normal.hitmask.png"])
    #expect(masks.first?.bounds == Manifest.HitMaskEntry.nothingHit)
    #expect(masks.last?.bounds.map { $0.width > 0 && $0.height > 0 } == true)
    let text = try String(contentsOf: workspace.output.appendingPathComponent("current/manifest.json"), encoding: .utf8)
    #expect(text.components(separatedBy: "\"bounds\" : {").count == 3)
  }

  @Test func aDeletedCacheIsRebuiltWithoutANewVersion() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    try FileManager.default.removeItem(at: workspace.output.appendingPathComponent(".cache"))
    let summary = try workspace.build()
    #expect(summary.rendered == 12 && summary.version == 1)
    #expect(try workspace.currentIsIntact())
  }

  @Test func aDeletedCurrentLinkIsRepaired() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    try FileManager.default.removeItem(at: workspace.output.appendingPathComponent("current"))
    let summary = try workspace.build()
    #expect(summary.rendered == 0 && summary.newVersion && summary.version == 2)
    #expect(try workspace.currentIsIntact())
  }

  @Test func aVersionRemovedByHandIsRepaired() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    try FileManager.default.removeItem(at: workspace.output.appendingPathComponent("versions/v1"))
    let summary = try workspace.build()
    #expect(summary.newVersion && summary.version == 1)
    #expect(try workspace.currentIsIntact())
  }

  @Test func aFileDeletedFromTheCurrentVersionIsRepaired() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    try FileManager.default.removeItem(at: workspace.output.appendingPathComponent("versions/v1/b0/normal.png"))
    let summary = try workspace.build()
    #expect(summary.newVersion && summary.version == 2 && summary.rendered == 0)
    #expect(try workspace.currentIsIntact())
  }

  /// An object's shard that is a link (planted where no inspection looked) is refused, and
  /// nothing is written where it points.
  @Test func anObjectIsNeverWrittenThroughAShardThatIsALink() throws {
    let workspace = try TestWorkspace()
    let victim = workspace.url.appendingPathComponent("victim")
    try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
    let data = Data("an object".utf8)
    let shard = workspace.output.appendingPathComponent(".cache/objects/\(ContentHash.sha256(data).prefix(2))")
    try FileManager.default.createDirectory(at: shard.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: shard, withDestinationURL: victim)
    #expect(throws: StoreError.unsafe(shard.path, "is not a directory")) {
      try AssetStore(root: workspace.output).storeObject(data)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path).isEmpty)
  }
}

/// A small tmpfs mounted for one test: a full disk, then a read-only one.
final class SmallDisk {
  let url: URL

  /// Whether this process may mount file systems (root, with the capability).
  static let canMount: Bool = {
    guard let disk = try? SmallDisk(kilobytes: 64) else { return false }
    _ = disk
    return true
  }()

  init(kilobytes: Int) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("buttonsmith-disk-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    guard Self.run(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", url.path]) else {
      try? FileManager.default.removeItem(at: url)
      throw CocoaError(.featureUnsupported)
    }
  }

  func remountReadOnly() -> Bool {
    Self.run(["mount", "-o", "remount,ro", url.path])
  }

  deinit {
    _ = Self.run(["umount", url.path])
    try? FileManager.default.removeItem(at: url)
  }

  @discardableResult
  static func run(_ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}

@Suite(.enabled(if: SmallDisk.canMount, "needs permission to mount a tmpfs"), .serialized)
struct DiskFaultTests {
  /// Builds `specs/` of `workspace` into `output`, returning the thrown error if any.
  func build(_ workspace: TestWorkspace, into output: URL, force: Bool = false) -> Error? {
    let checked = workspace.checkAll()
    let jobs = Planner().plan(checked.buttons).jobs
    do {
      _ = try Builder().build(
        jobs, options: BuildOptions(output: output, force: force), progress: SilentProgress())
      return nil
    } catch {
      return error
    }
  }

  /// Fills the file system of `disk` to the last block.
  func fill(_ disk: SmallDisk) throws {
    let path = disk.url.appendingPathComponent("filler").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let filler = try #require(FileHandle(forWritingAtPath: path))
    let block = Data(count: 4096)
    while (try? filler.write(contentsOf: block)) != nil {}
    try? filler.close()
  }

  func intact(_ output: URL) throws -> Bool {
    let manifest = try Manifest.read(from: output.appendingPathComponent("current/manifest.json"))
    return manifest.assets.allSatisfy {
      ContentHash.sha256(ofFileAt: output.appendingPathComponent("current/\($0.path)")) == $0.sha256
    }
  }

  @Test func aFullDiskFailsClearlyAndKeepsTheCurrentVersion() throws {
    let disk = try SmallDisk(kilobytes: 400)
    let workspace = try TestWorkspace()
    let output = disk.url.appendingPathComponent("assets")
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    #expect(build(workspace, into: output) == nil)
    try workspace.write("specs/a.yaml", smallSpec(buttons: 200))
    let error = try #require(build(workspace, into: output) as? StoreError)
    #expect("\(error)".lowercased().contains("space"), "\(error)")
    #expect(try intact(output))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent("current").path)
        == "versions/v1")
  }

  /// A file written in pieces on a full disk is not replaced, and leaves no temporary file: also
  /// when the code making the pieces swallows the error of writing one and goes on.
  @Test(arguments: [false, true])
  func aFileWrittenInPiecesIsNotReplacedByAPartialOne(swallowing: Bool) throws {
    let disk = try SmallDisk(kilobytes: 400)
    let url = disk.url.appendingPathComponent("index")
    try AtomicFile.write(Data("good".utf8), to: url)
    try fill(disk)
    func pieces(_ output: (Data) throws -> Void) throws {
      for _ in 0..<64 {
        if swallowing { try? output(Data(count: 64 * 1024)) } else { try output(Data(count: 64 * 1024)) }
      }
    }
    #expect(throws: StoreError.self) { try AtomicFile.write(to: url, pieces: pieces) }
    #expect(try Data(contentsOf: url) == Data("good".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path).sorted() == ["filler", "index"])
    // A file of a staged directory (a manifest) is written the same way: its writer fails too.
    #expect(throws: StoreError.self) {
      try AtomicFile.writeNew(
        named: "manifest", in: try DirectoryHandle(path: disk.url.path), mode: 0o444, pieces: pieces)
    }
  }

  /// A build that changes nothing succeeds on a full disk and leaves no staged version: one its
  /// stamp does not confirm (a comment was added), which writes nothing it would have to remove;
  /// and one that draws (`--force`), which expects to publish and stages its version while it
  /// writes the manifest, and falls back to hashing it when the disk is too full for that.
  @Test(arguments: [false, true])
  func aBuildThatChangesNothingSucceedsOnAFullDisk(force: Bool) throws {
    let disk = try SmallDisk(kilobytes: 400)
    let workspace = try TestWorkspace()
    let output = disk.url.appendingPathComponent("assets")
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    #expect(build(workspace, into: output) == nil)
    try fill(disk)
    if !force { try workspace.write("specs/a.yaml", smallSpec(buttons: 1) + "\n# nothing published changes\n") }
    #expect(build(workspace, into: output, force: force) == nil)
    #expect(try intact(output))
    let versions = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("versions").path)
    #expect(versions == ["v1"])
  }

  @Test func aReadOnlyDiskFailsClearlyAndKeepsTheCurrentVersion() throws {
    let disk = try SmallDisk(kilobytes: 2048)
    let workspace = try TestWorkspace()
    let output = disk.url.appendingPathComponent("assets")
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    #expect(build(workspace, into: output) == nil)
    try #require(disk.remountReadOnly())
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    let error = try #require(build(workspace, into: output) as? StoreError)
    #expect("\(error)".contains("Read-only file system"), "\(error)")
    #expect(try intact(output))
  }
}

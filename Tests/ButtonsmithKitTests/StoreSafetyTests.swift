import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The output directory never leads a build, a prune or a check outside itself.
struct StoreSafetyTests {
  /// A workspace built once into `build/assets`, with a precious directory beside it that a
  /// link planted in the store will point to.
  struct Planted {
    let workspace: TestWorkspace
    let victim: URL

    init() throws {
      workspace = try TestWorkspace()
      try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
      try workspace.build(keep: 1)
      victim = workspace.url.appendingPathComponent("precious")
      try workspace.write("precious/notes.txt", "keep me")
      try workspace.write("precious/v1/manifest.json", "{}")
      try workspace.write("precious/.buttonsmith-tmp-mine", "keep me too")
      try workspace.write("precious/ab/ab\(String(repeating: "0", count: 62))", "looks like an object")
    }

    /// Replaces (or adds) `path` in the output directory with a link to `target`.
    func plant(_ path: String, to target: String) throws {
      let url = workspace.output.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: url.path) || (try? url.checkResourceIsReachable()) == true {
        try FileManager.default.removeItem(at: url)
      }
      try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// Changes the spec, so that a build publishes a new version and prunes the old one.
    func changeSpec() throws {
      try workspace.write("specs/a.yaml", smallSpec(buttons: 2) { "Changed \($0)" })
    }

    func buildError() -> Error? {
      do {
        try workspace.build(keep: 1)
        return nil
      } catch {
        return error
      }
    }
  }

  /// Each place in the store a link can be planted, and where it points (relative to the
  /// link's own directory, as `ln -s` would write it).
  static let plantings: [(path: String, target: String)] = [
    (".cache", "../../precious"),
    (".cache/objects", "../../../precious"),
    (".cache/objects/zz", "../../../.."),
    (".cache/objects/zz", "../../../../precious"),
    (".cache/index", "../../../precious/notes.txt"),
    (".cache/stamp", "../../../precious/notes.txt"),
    ("versions", "../../precious"),
    ("versions/v1", "../../../precious"),
    ("versions/v0", "../../../precious"),
    ("versions/.buttonsmith-tmp-v2-1", "../../../precious"),
    ("versions/v1/b0", "../../../../precious"),
    ("versions/v1/b0/normal.png", "../../../../../precious/notes.txt"),
    ("versions/v1/manifest.json", "../../../../precious/notes.txt"),
    (".lock", "../../precious/lockfile"),
    (".buttonsmith-tmp-x", "../../precious"),
    ("current", "../../precious"),
    ("current", "/"),
  ]

  @Test(arguments: plantings)
  func aLinkAnywhereInTheStoreIsRefusedAndNothingOutsideChanges(path: String, target: String) throws {
    let planted = try Planted()
    try planted.plant(path, to: target)
    let before = snapshot(of: planted.workspace.url.appendingPathComponent("precious"))
    let specs = snapshot(of: planted.workspace.url.appendingPathComponent("specs"))
    try planted.changeSpec()
    let error = try #require(planted.buildError() as? StoreError, "the build went ahead with \(path) -> \(target)")
    #expect("\(error)".contains("refusing to use the output directory"), "\(error)")
    let checked = planted.workspace.checkAll()
    let jobs = Planner().plan(checked.buttons).jobs
    #expect(throws: StoreError.self) { try Builder().check(jobs, output: planted.workspace.output) }
    #expect(throws: StoreError.self) { try Builder().statuses(jobs, output: planted.workspace.output) }
    #expect(snapshot(of: planted.workspace.url.appendingPathComponent("precious")) == before)
    #expect(snapshot(of: planted.workspace.url.appendingPathComponent("specs")).count == specs.count)
    #expect(
      !FileManager.default.fileExists(atPath: planted.workspace.url.appendingPathComponent("precious/lockfile").path))
  }

  @Test func anObjectThatIsALinkIsRefused() throws {
    let planted = try Planted()
    let manifest = try planted.workspace.currentManifest()
    let digest = try #require(manifest.assets.first?.sha256)
    try planted.plant(".cache/objects/\(digest.prefix(2))/\(digest)", to: "../../../../precious/notes.txt")
    let before = snapshot(of: planted.victim)
    try planted.changeSpec()
    #expect(planted.buildError() is StoreError)
    #expect(snapshot(of: planted.victim) == before)
  }

  @Test func aFIFOInTheStoreIsRefusedWithoutBlocking() throws {
    let planted = try Planted()
    let fifo = planted.workspace.output.appendingPathComponent(".cache/index").path
    try FileManager.default.removeItem(atPath: fifo)
    #expect(mkfifo(fifo, 0o644) == 0)
    let error = try #require(planted.buildError() as? StoreError)
    #expect("\(error)".contains("not a regular file or directory"), "\(error)")
  }

  @Test func aNonEmptyDirectoryThatIsNotAStoreIsRefusedUntouched() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    try workspace.write("build/assets/.tmp-mywork/draft.txt", "mine")
    try workspace.write("build/assets/notes.txt", "mine")
    let before = snapshot(of: workspace.output)
    let error = try #require(
      { () -> Error? in
        do { try workspace.build() } catch { return error }
        return nil
      }() as? StoreError)
    #expect("\(error)".contains("is not empty and is not a Buttonsmith output directory"), "\(error)")
    #expect(snapshot(of: workspace.output) == before)
  }

  @Test func filesOfTheUsersInsideAStoreAreNeverSwept() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    try workspace.build(keep: 1)
    let mine = [
      "build/assets/.tmp-mywork/draft.txt", "build/assets/versions/.tmp-mine", "build/assets/.cache/.tmp-mine",
      "build/assets/.cache/objects/ab/.tmp-mine", "build/assets/.cache/objects/ab/readme.txt",
      "build/assets/.cache/objects/notes/x", "build/assets/versions/notes.txt", "build/assets/README.md",
      "build/assets/.DS_Store",
    ]
    for path in mine { try workspace.write(path, "mine") }
    for round in 0..<2 {
      try workspace.write("specs/a.yaml", smallSpec(buttons: 1) { "Round \(round) \($0)" })
      try workspace.build(keep: 1)
    }
    for path in mine {
      #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent(path).path), "\(path)")
    }
  }

  /// A version holds only what its manifest names, in every format (hit masks, spinner frames,
  /// catalogs, resources, the Swift file): pruning removes it whole, with what file managers
  /// leave in folders they show. A file or folder of the user's inside it, a file written over
  /// one of its own, or a manifest that does not read keeps the whole version, which the summary
  /// names, until that is put right.
  @Test func aVersionHoldingAUsersFileIsNotPruned() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, xcassets, android, swift]\n")
    var round = 0
    /// Builds a new version with `--keep 1`; the paths of the versions it kept whole.
    func buildChanged() throws -> [String] {
      round += 1
      try workspace.write(
        "specs/a.yaml",
        """
        buttonsmith: 1
        buttons:
          go:
            size: [60, 48]
            scales: [1, 2]
            background: "#1020\(String(format: "%02d", round))"
            hit-mask: true
            states: { normal: {}, loading: { spinner: { frames: 2 } } }
        """)
      return try workspace.build(keep: 1).keptVersions.map(\.path)
    }
    let versions = workspace.output.appendingPathComponent("versions")
    func versionNames() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: versions.path).sorted()
    }
    func remove(_ path: String) throws { try FileManager.default.removeItem(at: versions.appendingPathComponent(path)) }
    #expect(try buildChanged().isEmpty)
    try workspace.write("build/assets/versions/v1/.DS_Store", "Finder")
    try workspace.write("build/assets/versions/v1/go/._normal.png", "Finder")
    #expect(try buildChanged().isEmpty)
    #expect(try versionNames() == ["v2"])

    try workspace.write("build/assets/versions/v2/NOTES.txt", "mine")
    try FileManager.default.createDirectory(
      at: versions.appendingPathComponent("v2/go/mine"), withIntermediateDirectories: false)
    #expect(try buildChanged() == ["versions/v2/NOTES.txt"])
    #expect(try buildChanged() == ["versions/v2/NOTES.txt"])
    #expect(try versionNames() == ["v2", "v4"])
    #expect(try Manifest.read(from: versions.appendingPathComponent("v2/manifest.json")).version == 2)
    try remove("v2/NOTES.txt")
    #expect(try buildChanged() == ["versions/v2/go/mine"])
    try remove("v2/go/mine")
    // A file written over one of the version's own (an editor saving a retouched image).
    try remove("v2/go/normal@2x.png")
    try workspace.write("build/assets/versions/v2/go/normal@2x.png", "retouched")
    #expect(try buildChanged() == ["versions/v2/go/normal@2x.png"])
    try remove("v2/go/normal@2x.png")
    // Saved over with the mode kept (`sed -i`, an editor saving by renaming), or written in
    // place and made read-only again (as root writes a read-only file): the time tells.
    let catalog = "v2/Buttons.xcassets/go.imageset/Contents.json"
    let edited = try String(contentsOf: versions.appendingPathComponent(catalog), encoding: .utf8) + "\n"
    try remove(catalog)
    try workspace.write("build/assets/versions/\(catalog)", edited)
    let readOnly: [FileAttributeKey: Any] = [.posixPermissions: 0o444]
    try FileManager.default.setAttributes(readOnly, ofItemAtPath: versions.appendingPathComponent(catalog).path)
    #expect(try buildChanged() == ["versions/\(catalog)"])
    try remove(catalog)
    let image = versions.appendingPathComponent("v2/go/normal.png")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: image.path)
    let handle = try FileHandle(forWritingTo: image)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("retouched".utf8))
    try handle.close()
    try FileManager.default.setAttributes(readOnly, ofItemAtPath: image.path)
    // The catalog's image is the same file (one object, linked twice), first by name.
    #expect(try buildChanged() == ["versions/v2/Buttons.xcassets/go.imageset/normal.png"])
    try remove("v2/manifest.json")
    #expect(try buildChanged() == ["versions/v2/manifest.json"])
    try remove("v2")
    #expect(try buildChanged().isEmpty)
    #expect(try versionNames().count == 1)
    // A file system that keeps no modes shows every file writable, the manifest too: the
    // version's files are told by their names, and it is pruned.
    let last = versions.appendingPathComponent(try versionNames()[0])
    let walker = try #require(FileManager.default.enumerator(atPath: last.path))
    var madeWritable = 0
    for case let path as String in walker where walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o644], ofItemAtPath: last.appendingPathComponent(path).path)
      madeWritable += 1
    }
    #expect(madeWritable > 10)
    #expect(try buildChanged().isEmpty)
    #expect(try versionNames().count == 1 && !FileManager.default.fileExists(atPath: last.path))
  }

  /// A copy of the store (`cp -r` keeps the modes and gives the files new times) is pruned as
  /// the store is: a file newer than its manifest is the version's own while it holds the bytes
  /// the manifest names.
  @Test func aCopiedStoreIsPrunedAsTheStoreIs() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2) { "Other \($0)" })
    try workspace.build()
    let copy = workspace.url.appendingPathComponent("build/copy")
    let cp = try Process.run(URL(fileURLWithPath: "/bin/cp"), arguments: ["-r", workspace.output.path, copy.path])
    cp.waitUntilExit()
    try FileManager.default.removeItem(at: workspace.output)
    try FileManager.default.moveItem(at: copy, to: workspace.output)
    let later = Date().addingTimeInterval(60)
    let versions = workspace.output.appendingPathComponent("versions")
    let walker = try #require(FileManager.default.enumerator(atPath: versions.path))
    var touched = 0
    for case let path as String in walker where walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
      guard !path.hasSuffix("manifest.json") else { continue }
      try FileManager.default.setAttributes(
        [.modificationDate: later], ofItemAtPath: versions.appendingPathComponent(path).path)
      touched += 1
    }
    #expect(touched > 10)
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2) { "Third \($0)" })
    #expect(try workspace.build(keep: 1).keptVersions.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: versions.path) == ["v3"])
  }

  @Test func theLinkAKilledBuildLeftForCurrentIsRemovedNotFollowed() throws {
    let planted = try Planted()
    let link = ".buttonsmith-tmp-current-1-X"
    try planted.plant(link, to: "../../precious")
    let before = snapshot(of: planted.victim)
    try planted.changeSpec()
    #expect(planted.buildError() == nil)
    #expect(snapshot(of: planted.victim) == before)
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(
        atPath: planted.workspace.output.appendingPathComponent(link).path)) == nil)
  }

  @Test func leftoversOfAKilledBuildAreRemoved() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    try workspace.build()
    let leftovers = [
      "versions/.buttonsmith-tmp-v2-999-X/b0/normal.png", ".cache/objects/ab/.buttonsmith-tmp-file-1-X",
      "versions/.buttonsmith-tmp-removing-v1-1-X/b0/normal.png", ".buttonsmith-tmp-current-1-X",
    ]
    for path in leftovers { try workspace.write("build/assets/\(path)", "partial") }
    try workspace.build()
    for path in leftovers {
      let top = path.split(separator: "/").prefix(while: { !$0.hasPrefix(".buttonsmith-tmp") }).joined(separator: "/")
      let name = path.split(separator: "/").first(where: { $0.hasPrefix(".buttonsmith-tmp") })!
      let leftover = workspace.output.appendingPathComponent(top).appendingPathComponent(String(name))
      #expect(!FileManager.default.fileExists(atPath: leftover.path), "\(path)")
    }
  }

  @Test func onlyCanonicalVersionNamesAreVersions() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    try workspace.build(keep: 1)
    let odd = ["v9223372036854775807", "v1000000000", "v0099", "v+3", "v-1", "v0", "v", "V7", "v2a"]
    for name in odd { try workspace.write("build/assets/versions/\(name)/mine.txt", "mine") }
    for round in 0..<2 {
      try workspace.write("specs/a.yaml", smallSpec(buttons: 1) { "Round \(round) \($0)" })
      let summary = try workspace.build(keep: 1)
      #expect(summary.version == round + 2)
    }
    for name in odd {
      #expect(FileManager.default.fileExists(atPath: workspace.output.appendingPathComponent("versions/\(name)").path))
    }
    #expect(!FileManager.default.fileExists(atPath: workspace.output.appendingPathComponent("versions/v1").path))
  }

  @Test func aCurrentLinkToANonCanonicalVersionIsRefused() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    try workspace.build()
    for target in ["versions/v0001", "versions/v1/../v1", "./versions/v1", "versions/v+1"] {
      let current = workspace.output.appendingPathComponent("current").path
      try FileManager.default.removeItem(atPath: current)
      try FileManager.default.createSymbolicLink(atPath: current, withDestinationPath: target)
      #expect(throws: StoreError.self) { try workspace.build() }
    }
  }

  @Test func publishedFilesAndObjectsAreReadOnly() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml", smallSpec(buttons: 1).replacingOccurrences(of: "  scales", with: "  hit-mask: true\n  scales"))
    try workspace.build()
    for (directory, count) in [("versions/v1", 13), (".cache/objects", 12)] {
      let root = workspace.output.appendingPathComponent(directory)
      let files = snapshot(of: root).filter { $0.value.hasPrefix("file") }.map(\.key)
      #expect(files.count == count, "\(directory): \(files)")
      for file in files {
        var status = stat()
        #expect(lstat(root.path + file, &status) == 0)
        #expect(status.st_mode & 0o222 == 0, "\(directory)\(file) is writable")
      }
    }
  }

  @Test func aFileEditedInPlaceIsDetectedAndRepaired() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    try workspace.build()
    let file = workspace.output.appendingPathComponent("current/b0/normal.png")
    chmod(file.path, 0o644)
    let handle = try FileHandle(forWritingTo: file)
    try handle.write(contentsOf: Data("damage".utf8))
    try handle.close()
    let summary = try workspace.build()
    #expect(summary.rendered == 1 && summary.newVersion)
    #expect(try workspace.currentIsIntact())
  }
}

/// Which directories are taken for output directories.
struct StoreRecognitionTests {
  func build(_ workspace: TestWorkspace) -> Error? {
    do {
      try workspace.build()
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    [".cache/index"], ["versions/v1/a.txt", "versions/v2/a.txt", "versions/v9/a.txt"], [".cache/x", "versions/v3/y"],
  ])
  func aDirectoryWithOnlyTheStoresNamesButNoCurrentIsNotAStore(files: [String]) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    for file in files { try workspace.write("build/assets/\(file)", "someone else's") }
    let before = snapshot(of: workspace.output)
    #expect("\(build(workspace).map { "\($0)" } ?? "")".contains("is not a Buttonsmith output directory"))
    #expect(snapshot(of: workspace.output) == before)
  }

  @Test func aStoreFromBeforeTheMarkIsAdoptedAndMarked() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    try workspace.build()
    try FileManager.default.removeItem(at: workspace.output.appendingPathComponent(".buttonsmith-store"))
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1) { "Again \($0)" })
    #expect(try workspace.build().version == 2)
    #expect(FileManager.default.fileExists(atPath: workspace.output.appendingPathComponent(".buttonsmith-store").path))
  }

  @Test func aFirstBuildStoppedBeforeTheMarkIsResumed() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    try workspace.write("build/assets/.lock", "")
    #expect(try workspace.build().version == 1)
  }

  @Test func aHugeFileInAVersionIsDamageNotSomethingToRead() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 1))
    try workspace.build()
    let file = workspace.output.appendingPathComponent("current/b0/normal.png")
    try FileManager.default.removeItem(at: file)
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    #expect(truncate(file.path, 1 << 40) == 0)
    let checked = workspace.checkAll()
    let jobs = Planner().plan(checked.buttons).jobs
    let stale = try Builder().check(jobs, output: workspace.output).stale.map(\.description)
    #expect(stale == ["damaged: b0/normal.png"])
    #expect(try workspace.build().newVersion)
  }
}

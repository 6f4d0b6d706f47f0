import ButtonsmithTestSupport
import Foundation
import Testing

/// `build --export DIR`: a plain copy of `current`, updated in place without losing anything.
struct ExportTests {
  func project() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, swift]\n")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { style: fill, size: [100, 44], background: "#0A84FF", scales: [1, 2] }
      buttons:
        go: { text: Go, hit-mask: true }
        stop: { text: Stop }
        wait: { text: Wait }

      """)
    return workspace
  }

  func build(_ workspace: TestWorkspace, _ extra: [String] = []) throws -> CLIRunner.Result {
    try CLIRunner.run(["build", "--export", "out"] + extra, in: workspace.url)
  }

  /// Every regular file under `directory` by relative path, with its bytes; links and other
  /// kinds are reported as such.
  func files(in directory: URL) -> [String: String] {
    snapshot(of: directory).filter { $0.value != "directory" }
  }

  @Test func anExportIsAPlainCopyOfCurrent() throws {
    let workspace = try project()
    let run = try build(workspace)
    #expect(run.status == 0, "\(run.stderr)")
    let exported = files(in: workspace.url.appendingPathComponent("out"))
    let version = try FileManager.default.destinationOfSymbolicLink(
      atPath: workspace.url.appendingPathComponent("build/assets/current").path)
    let current = files(in: workspace.url.appendingPathComponent("build/assets").appendingPathComponent(version))
    #expect(exported.keys.contains("/go/normal@2x.hitmask.png") && exported.keys.contains("/Buttons.swift"))
    #expect(exported.keys.contains("/manifest.json"))
    #expect(Set(exported.keys) == Set(current.keys))
    #expect(exported.keys.filter { exported[$0] != current[$0] }.isEmpty)
    #expect(exported.values.allSatisfy { $0.hasPrefix("file ") })
    // Written files are the user's to read and replace: not read-only like the store's.
    let attributes = try FileManager.default.attributesOfItem(
      atPath: workspace.url.appendingPathComponent("out/go/normal.png").path)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o200 != 0 } == true)
  }

  @Test func anUnchangedExportWritesNothing() throws {
    let workspace = try project()
    #expect(try build(workspace).status == 0)
    let file = workspace.url.appendingPathComponent("out/go/normal.png")
    let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
    let inode = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
    Thread.sleep(forTimeInterval: 0.05)
    #expect(try build(workspace).status == 0)
    #expect(try build(workspace, ["--force"]).status == 0)
    let after = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect(after[.modificationDate] as? Date == before && after[.systemFileNumber] as? Int == inode)
  }

  @Test func whatTheVersionNoLongerHasGoesAndNothingElse() throws {
    let workspace = try project()
    #expect(try build(workspace).status == 0)
    let out = workspace.url.appendingPathComponent("out")
    // The user's own files, and one exported file the user changed.
    try workspace.write("out/notes.txt", "mine")
    try workspace.write("out/stop/mine.png", "mine too")
    try workspace.write("out/go/normal.png", "edited")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { style: fill, size: [100, 44], background: "#0A84FF", scales: [1, 2] }
      buttons:
        start: { text: Start }

      """)
    let run = try build(workspace)
    #expect(run.status == 0, "\(run.stderr)")
    let exported = Set(files(in: out).keys)
    #expect(exported.contains("/start/normal@2x.png"))
    #expect(!exported.contains("/stop/normal.png") && !exported.contains("/go/normal@2x.png"))
    #expect(!exported.contains("/go/normal.hitmask.png"))
    #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
    #expect(try String(contentsOf: out.appendingPathComponent("stop/mine.png"), encoding: .utf8) == "mine too")
    #expect(try String(contentsOf: out.appendingPathComponent("go/normal.png"), encoding: .utf8) == "edited")
    // A folder the export emptied goes; one that still holds a file stays.
    #expect(!exported.contains { $0.hasPrefix("/go/") && $0 != "/go/normal.png" })
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("stop").path))
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("wait").path))
  }

  /// An export that stops part-way (killed, or failing at a file) recorded first what it may
  /// write: the next export removes what the version does not have of it, and the record goes.
  @Test func whatAStoppedExportWroteIsRemovedByTheNext() throws {
    let workspace = try project()
    #expect(try build(workspace).status == 0)
    let extra = """
      buttonsmith: 1
      defaults: { style: fill, size: [100, 44], background: "#0A84FF", scales: [1, 2] }
      buttons:
        extra: { text: Extra }
        zebra: { text: Zebra }

      """
    try workspace.write("specs/b.yaml", extra)
    // A file where the export needs a folder stops it after `extra` is copied.
    try workspace.write("out/zebra", "in the way")
    let stopped = try build(workspace)
    #expect(stopped.status == 1 && stopped.stderr.contains("zebra"), "\(stopped.stderr)")
    let out = workspace.url.appendingPathComponent("out")
    #expect(files(in: out).keys.contains("/extra/normal@2x.png"))
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(".buttonsmith-export.json").path))
    try FileManager.default.removeItem(at: out.appendingPathComponent("zebra"))
    try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("specs/b.yaml"))
    // A killed export leaves the temporary files it was writing, where its record says it
    // wrote; they go too. A folder it never wrote in is not looked into.
    let partial = ["out/go/.buttonsmith-tmp-file-7-a", "out/.buttonsmith-tmp-file-7-b"]
    for path in partial + ["out/notes/.buttonsmith-tmp-file-7-c"] { try workspace.write(path, "partial") }
    let run = try build(workspace)
    #expect(run.status == 0, "\(run.stderr)")
    for path in partial {
      #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent(path).path), "\(path)")
    }
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("notes/.buttonsmith-tmp-file-7-c").path))
    try FileManager.default.removeItem(at: out.appendingPathComponent("notes"))
    let exported = files(in: out).keys
    #expect(!exported.contains { $0.hasPrefix("/extra") || $0.hasPrefix("/zebra") }, "\(exported.sorted())")
    #expect(exported.contains("/go/normal@2x.png") && exported.contains("/manifest.json"))
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(".buttonsmith-export.json").path))
  }

  /// A file the export never wrote, where the version has one, stops the export before it
  /// writes anything: the first export into a folder replaces nothing of the user's.
  @Test func aUsersFileWhereTheVersionHasOneStopsTheExport() throws {
    let workspace = try project()
    try workspace.write("out/go/normal.png", "mine")
    let run = try build(workspace)
    #expect(run.status == 1 && run.stderr.contains("go/normal.png' is not a file an export wrote"), "\(run.stderr)")
    let out = workspace.url.appendingPathComponent("out")
    #expect(files(in: out) == ["/go/normal.png": "file " + Data("mine".utf8).base64EncodedString()])
  }

  /// A file an earlier export wrote becomes the user's once they change it, or put a link in
  /// its place: the next export stops before writing anything, unchanged specs or not.
  @Test func aFileOfAnEarlierExportTheUserChangedStopsTheExport() throws {
    let workspace = try project()
    #expect(try build(workspace).status == 0)
    let out = workspace.url.appendingPathComponent("out")
    try workspace.write("out/go/normal.png", "edited")
    try FileManager.default.removeItem(at: out.appendingPathComponent("stop/normal.png"))
    try FileManager.default.createSymbolicLink(
      at: out.appendingPathComponent("stop/normal.png"),
      withDestinationURL: workspace.url.appendingPathComponent("buttonsmith.yml"))
    let before = snapshot(of: out)
    for respec in [false, true] {
      if respec {
        let spec = workspace.url.appendingPathComponent("specs/a.yaml")
        try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "text: Wait", with: "text: Later")
          .write(to: spec, atomically: true, encoding: .utf8)
      }
      let run = try build(workspace)
      #expect(run.status == 1 && run.stderr.contains("is not a file an export wrote"), "\(run.stderr)")
      #expect(snapshot(of: out) == before)
    }
  }

  /// Files whose bytes Buttonsmith drew are its own, though the manifest that named them is
  /// gone (a repository that ignores `manifest.json` and keeps the images): the next export
  /// replaces them. The Swift file is checked like the images, before anything is written; a
  /// record of another's is never written over.
  @Test func whatIsOursIsToldByItsBytesAndTheSwiftFileIsChecked() throws {
    let workspace = try project()
    #expect(try build(workspace).status == 0)
    try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("out/manifest.json"))
    try workspace.write(
      "specs/a.yaml",
      try String(contentsOf: workspace.url.appendingPathComponent("specs/a.yaml"), encoding: .utf8)
        .replacingOccurrences(of: "#0A84FF", with: "#FF3B30"))
    let again = try build(workspace)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("out/manifest.json").path))

    try workspace.write("Mine.swift", "// mine\n")
    let out = workspace.url.appendingPathComponent("out")
    let before = snapshot(of: out)
    try workspace.write(
      "specs/a.yaml",
      try String(contentsOf: workspace.url.appendingPathComponent("specs/a.yaml"), encoding: .utf8)
        .replacingOccurrences(of: "#FF3B30", with: "#34C759"))
    let swift = try build(workspace, ["--export-swift", "Mine.swift"])
    #expect(swift.status == 1 && swift.stderr.contains("Mine.swift' is not a file an export wrote"), "\(swift.stderr)")
    #expect(try String(contentsOf: workspace.url.appendingPathComponent("Mine.swift"), encoding: .utf8) == "// mine\n")
    #expect(snapshot(of: out) == before)

    try workspace.write("out/.buttonsmith-export.json", "my notes")
    let record = try build(workspace)
    #expect(record.status == 1 && record.stderr.contains("is not a record an export wrote"), "\(record.stderr)")
    #expect(
      try String(contentsOf: out.appendingPathComponent(".buttonsmith-export.json"), encoding: .utf8) == "my notes")
    try FileManager.default.removeItem(at: out.appendingPathComponent(".buttonsmith-export.json"))

    // One of Buttonsmith's images put where no version published it is the user's.
    try FileManager.default.createDirectory(at: out.appendingPathComponent("halt"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: out.appendingPathComponent("go/normal.png"), to: out.appendingPathComponent("halt/normal.png"))
    func respec(_ from: String, _ to: String) throws {
      let spec = workspace.url.appendingPathComponent("specs/a.yaml")
      try workspace.write(
        "specs/a.yaml", try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: from, with: to))
    }
    try respec("  stop: { text: Stop }", "  stop: { text: Stop }\n  halt: { text: Halt }")
    let copied = try build(workspace)
    #expect(
      copied.status == 1 && copied.stderr.contains("halt/normal.png' is not a file an export wrote"), "\(copied.stderr)"
    )
    try FileManager.default.removeItem(at: out.appendingPathComponent("halt"))

    // A Swift file Buttonsmith generated is its own, though the store that vouched for it is
    // gone; a link in its place is the user's, whatever it points to.
    #expect(try build(workspace, ["--export-swift", "Generated.swift"]).status == 0)
    try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("build"))
    try FileManager.default.removeItem(at: out)
    try respec("  halt: { text: Halt }", "  halt: { text: Stop now }")
    let clean = try build(workspace, ["--export-swift", "Generated.swift"])
    #expect(clean.status == 0, "\(clean.stderr)")
    let generated = workspace.url.appendingPathComponent("Generated.swift")
    try FileManager.default.moveItem(at: generated, to: workspace.url.appendingPathComponent("Kept.swift"))
    try FileManager.default.createSymbolicLink(atPath: generated.path, withDestinationPath: "Kept.swift")
    try respec("  halt: { text: Stop now }", "  halt: { text: Stop here }")
    let linked = try build(workspace, ["--export-swift", "Generated.swift"])
    #expect(
      linked.status == 1 && linked.stderr.contains("Generated.swift' is not a file an export wrote"), "\(linked.stderr)"
    )
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: generated.path) == "Kept.swift")
  }

  /// An export into the output directory, or anywhere inside it, would write over a published
  /// version: it is refused before anything is built, and the store is left as it was, though
  /// the specs changed since the last build.
  @Test(arguments: [
    ["--export", "build/assets"], ["--export", "build/assets/versions/v1"], ["--export", "build/assets/current"],
    ["--export", "build/assets/new/folder"], ["--export", "elsewhere", "--export-swift", "build/assets/Buttons.swift"],
  ])
  func anExportInsideTheOutputDirectoryIsRefused(arguments: [String]) throws {
    let workspace = try project()
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    let spec = workspace.url.appendingPathComponent("specs/a.yaml")
    try Data(try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "Wait", with: "Hold").utf8)
      .write(to: spec)
    let store = workspace.url.appendingPathComponent("build/assets")
    let before = snapshot(of: store)
    let run = try CLIRunner.run(["build"] + arguments, in: workspace.url)
    #expect(run.status == 1 && run.stderr.contains("is inside the output directory"), "\(run.stderr)")
    #expect(snapshot(of: store) == before)
  }

  @Test func aLinkInTheExportDirectoryIsNeverFollowed() throws {
    let workspace = try project()
    let elsewhere = try TestWorkspace()
    try elsewhere.write("keep.txt", "untouched")
    try FileManager.default.createDirectory(
      at: workspace.url.appendingPathComponent("out"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: workspace.url.appendingPathComponent("out/go"), withDestinationURL: elsewhere.url)
    let before = snapshot(of: elsewhere.url)
    let run = try build(workspace)
    #expect(run.status == 1)
    #expect(run.stderr.contains("cannot export into 'out'"), "\(run.stderr)")
    #expect(snapshot(of: elsewhere.url) == before)
  }

  @Test func theSwiftFileGoesWhereItIsAskedAndAFailedBuildExportsNothing() throws {
    let workspace = try project()
    let run = try build(workspace, ["--export-swift", "generated/Buttons.swift"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("generated/Buttons.swift").path))
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("out/Buttons.swift").path))
    let before = snapshot(of: workspace.url.appendingPathComponent("out"))
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  go: { size: [0, 44] }\n")
    #expect(try build(workspace, ["--export-swift", "generated/Buttons.swift"]).status == 1)
    #expect(snapshot(of: workspace.url.appendingPathComponent("out")) == before)
  }

  @Test func aSwiftFileInsideTheExportIsKeptWhenOnlyImagesChange() throws {
    let workspace = try project()
    let options = ["--export-swift", "out/Buttons.swift"]
    #expect(try build(workspace, options).status == 0)
    // Another colour: every image changes, the Swift file does not.
    let spec = try String(contentsOf: workspace.url.appendingPathComponent("specs/a.yaml"), encoding: .utf8)
    try workspace.write("specs/a.yaml", spec.replacingOccurrences(of: "#0A84FF", with: "#FF9500"))
    for _ in 0..<2 {
      #expect(try build(workspace, options).status == 0)
      #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("out/Buttons.swift").path))
    }
  }

  @Test func aManifestThatIsNotOursIsNeverReplaced() throws {
    let workspace = try project()
    try workspace.write("out/manifest.json", "{\"name\": \"my web app\"}")
    let run = try build(workspace)
    #expect(run.status == 1)
    #expect(run.stderr.contains("is not a manifest an export wrote"), "\(run.stderr)")
    #expect(
      try String(contentsOf: workspace.url.appendingPathComponent("out/manifest.json"), encoding: .utf8)
        == "{\"name\": \"my web app\"}")
  }

  @Test func exportNeedsAPublishedBuild() throws {
    let workspace = try project()
    #expect(try CLIRunner.run(["build", "--export-swift", "x.swift"], in: workspace.url).status == 2)
    #expect(try CLIRunner.run(["build", "--check", "--export", "out"], in: workspace.url).status == 2)
    #expect(try CLIRunner.run(["build", "--config", "buttonsmith.yml", "--no-config"], in: workspace.url).status == 2)
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files]\n")
    let noSwift = try CLIRunner.run(["build", "--export", "out", "--export-swift", "x.swift"], in: workspace.url)
    #expect(noSwift.status == 1 && noSwift.stderr.contains("--export-swift needs the swift format"))
  }
}

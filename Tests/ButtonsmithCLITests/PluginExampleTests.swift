import ButtonsmithTestSupport
import Foundation
import Testing

/// `Examples/ButtonsmithExample`, built with `swift build` as its users would: the plugin draws
/// its specs into resources reached through `Bundle.module`, and the generated `Buttons` reads
/// their hit masks. Built from a copy (so the test can change a spec) in a scratch directory
/// of its own, kept between runs, with SwiftPM's default build system.
struct PluginExampleTests {
  static let example = repositoryRoot.appendingPathComponent("Examples/ButtonsmithExample")
  static let base = repositoryRoot.appendingPathComponent(".build/example-test")
  static let package = base.appendingPathComponent("ButtonsmithExample")
  static let scratch = base.appendingPathComponent("scratch")
  static let spec = "Sources/ButtonsmithExample/specs/buttons.yaml"

  /// Copies the example's files whose bytes differ (so an unchanged file keeps its time), its
  /// dependency pointed at this repository.
  func syncCopy() throws {
    let fileManager = FileManager.default
    let enumerator = try #require(fileManager.enumerator(atPath: Self.example.path))
    while let path = enumerator.nextObject() as? String {
      let source = Self.example.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      guard fileManager.fileExists(atPath: source.path, isDirectory: &isDirectory), !isDirectory.boolValue,
        !path.hasPrefix(".build"), path != "Package.resolved"
      else { continue }
      var data = try Data(contentsOf: source)
      if path == "Package.swift" {
        let text = String(decoding: data, as: UTF8.self)
          .replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(repositoryRoot.path)\"")
        data = Data(text.utf8)
      }
      let target = Self.package.appendingPathComponent(path)
      if (try? Data(contentsOf: target)) != data {
        try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
      }
    }
  }

  /// Without debug information or an index store, which neither the plugin nor the test uses:
  /// the example's first build compiles the tool and its dependencies twice (below), and this
  /// takes about 25 s off the 200 s that costs on two cores.
  static let buildArguments = [
    "--package-path", package.path, "--scratch-path", scratch.path, "-debug-info-format", "none",
    "--disable-index-store",
  ]

  /// Removes the kept scratch directory when this repository's source files are not the ones
  /// it was built from: SwiftPM's native build system, planning from a kept directory, does not
  /// see a file added since ("cannot find ... in scope") and misses one removed ("missing
  /// inputs"). The list is kept beside the directory.
  func forgetScratchBuiltFromOtherFiles() throws {
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    let files = (enumerator.allObjects as? [String] ?? []).sorted().joined(separator: "\n")
    let record = Self.base.appendingPathComponent("scratch-sources")
    guard (try? String(contentsOf: record, encoding: .utf8)) != files else { return }
    try? FileManager.default.removeItem(at: Self.scratch)
    try files.write(to: record, atomically: true, encoding: .utf8)
  }

  /// `swift build` of the copy.
  func build() throws -> SwiftToolchain.Result {
    try SwiftToolchain.run("swift", ["build"] + Self.buildArguments, in: Self.base)
  }

  /// In a new scratch directory, builds one small target of the graph first. Whenever SwiftPM
  /// plans, it builds a plugin's tool in a pass of its own (`plugin-tools.db`); the build's own
  /// pass (`build.db`) compiles it again; and a new directory is planned on its first two
  /// builds. So those two builds would compile the tool, its dependencies included, four times
  /// between them. After this step, which plans without building the tool in the build's pass,
  /// it is compiled twice: about 180 s instead of 350 s on two cores.
  func planNewScratchDirectoryFirst() throws {
    guard !FileManager.default.fileExists(atPath: Self.scratch.path) else { return }
    let tool = try SwiftToolchain.run(
      "swift", ["build", "--target", "CSystemShim"] + Self.buildArguments, in: Self.base)
    #expect(tool.status == 0, "\(tool.output.suffix(3000))")
  }

  func runExample() throws -> String {
    let binaries = try SwiftToolchain.run("swift", ["build", "--show-bin-path"] + Self.buildArguments, in: Self.base)
    let directory = binaries.output.split(separator: "\n").last.map(String.init) ?? ""
    return try SwiftToolchain.run(directory + "/ButtonsmithExample", [], in: Self.base).output
  }

  /// The output directory the plugin's command builds into, in the plugin's work directory.
  func pluginStore() throws -> URL? {
    let plugins = Self.scratch.appendingPathComponent("plugins")
    let enumerator = try #require(FileManager.default.enumerator(atPath: plugins.path))
    while let found = enumerator.nextObject() as? String {
      if found.hasSuffix("ButtonsmithPlugin/store") { return plugins.appendingPathComponent(found) }
    }
    return nil
  }

  /// The identity of the build stamp the tool rewrites on every run (with file lists, every
  /// run plans): it changes exactly when the plugin's command ran.
  func commandRun() throws -> Int? {
    try pluginStore().flatMap {
      try FileManager.default.attributesOfItem(atPath: $0.appendingPathComponent(".cache/stamp").path)[
        .systemFileNumber] as? Int
    }
  }

  @Test func theExampleGetsItsImagesThroughThePluginAndRebuildsOnlyWhenASpecChanges() throws {
    try FileManager.default.createDirectory(at: Self.base, withIntermediateDirectories: true)
    try syncCopy()
    // A file of the target named as the version's generated one: both are compiled.
    let own = Self.package.appendingPathComponent("Sources/ButtonsmithExample/Buttons.swift")
    let ownText = "// The target's own file of this name, beside the generated Swift.\nenum OwnButtons {}\n"
    if (try? String(contentsOf: own, encoding: .utf8)) != ownText {
      try ownText.write(to: own, atomically: true, encoding: .utf8)
    }
    try forgetScratchBuiltFromOtherFiles()
    try planNewScratchDirectoryFirst()
    let first = try build()
    #expect(first.status == 0, "\(first.output.suffix(3000))")
    let output = try runExample()
    #expect(output.contains("capsule/normal@2x.png: 240 x 88 pixels (120 x 44 points at 2x)"), "\(output)")
    #expect(output.contains("corner (2, 2) inside: false"), "\(output)")
    #expect(output.contains("centre (120, 44) inside: true"), "\(output)")
    #expect(output.contains("buttons: capsule, plain"), "\(output)")
    // Named from the target's folder, whichever directory SwiftPM started the command in.
    let store = try #require(try pluginStore())
    let manifest = try String(contentsOf: store.appendingPathComponent("current/manifest.json"), encoding: .utf8)
    #expect(manifest.contains("\"source\" : \"specs/buttons.yaml:"), "\(manifest)")

    // Nothing changed: the plugin's command does not run. (Without the first step, the second
    // build in a new directory would plan again, build the tool once more and run the command.)
    #expect(try build().status == 0)
    let ran = try #require(try commandRun())
    let unchanged = try build()
    #expect(unchanged.status == 0)
    #expect(try commandRun() == ran)

    // A spec changed: it runs, and the app sees the new image.
    let spec = Self.package.appendingPathComponent(Self.spec)
    let original = try String(contentsOf: spec, encoding: .utf8)
    defer { try? original.write(to: spec, atomically: true, encoding: .utf8) }
    try original.replacingOccurrences(of: "size: [120, 44]", with: "size: [130, 44]")
      .write(to: spec, atomically: true, encoding: .utf8)
    let changed = try build()
    #expect(changed.status == 0, "\(changed.output.suffix(3000))")
    #expect(try commandRun() != ran)
    #expect(try runExample().contains("capsule/normal@2x.png: 260 x 88 pixels (130 x 44 points at 2x)"))
  }
}

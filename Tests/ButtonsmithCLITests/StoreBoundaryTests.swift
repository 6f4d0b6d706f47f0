import ButtonsmithTestSupport
import Foundation
import Testing

/// No command writes inside an output directory it is not building: not its own (a build
/// writes there), and not another project's or another format's (`build/ios` beside
/// `build/android`), whose published versions would change under it.
struct StoreBoundaryTests {
  static let spec = """
    buttonsmith: 1
    buttons:
      k: { size: [60, 44], background: "#3366FF", scales: [1], states: { normal: {} } }

    """

  /// Every path under `directory` with its size, modification date and inode.
  func snapshot(_ directory: URL) -> [String: String] {
    var result: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    while let path = enumerator?.nextObject() as? String {
      let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)
      result[path] =
        "\(attributes?[.size] ?? "") \(attributes?[.modificationDate] ?? "") \(attributes?[.systemFileNumber] ?? "")"
    }
    return result
  }

  /// A project whose specs are built into its output directory, `build/assets`, and into
  /// `build/ios` (marked as a store, or with `marked` false, as a store made before the mark:
  /// a `current` link into its versions).
  func project(marked: Bool = true) throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    let build = try CLIRunner.run(
      ["build", "--quiet", "-o", "build/ios", "--format", "files,swift"], in: workspace.url)
    #expect(build.status == 0, "\(build.stderr)")
    if !marked {
      try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("build/ios/.buttonsmith-store"))
    }
    // A link from outside leads into the store too.
    try FileManager.default.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("into").path, withDestinationPath: "build/ios/current/k")
    return workspace
  }

  /// Commands that would write inside `build/ios`, and the status each exits with.
  static let writers: [(arguments: [String], status: Int32)] = [
    (["build", "-o", "build/ios/current/x"], 1),
    (["build", "-o", "build/ios/versions/v1/k/y"], 1),
    (["build", "-o", "build/ios/.cache/z"], 1),
    (["build", "-o", "build/ios/sub"], 1),
    (["build", "-o", "into/deeper"], 1),
    (["build", "--export", "build/ios/versions/v1/k"], 1),
    (["build", "--export", "into"], 1),
    (["build", "--format", "files,swift", "--export", "out", "--export-swift", "build/ios/current/A.swift"], 1),
    (["build", "--xcfilelists", "build/ios/current/lists"], 2),
    (["preview", "-o", "build/ios/current/k/normal.png"], 2),
    (["preview", "-o", "into/sheet.png"], 2),
    (["report", "-o", "build/ios/current/report"], 2),
    (["report", "-o", "build/ios"], 2),
  ]

  @Test(arguments: Self.writers)
  func aCommandRefusesToWriteInsideAnotherOutputDirectory(arguments: [String], status: Int32) throws {
    for marked in [true, false] {
      let workspace = try project(marked: marked)
      let store = workspace.url.appendingPathComponent("build/ios")
      let before = snapshot(store)
      let run = try CLIRunner.run(arguments, in: workspace.url)
      #expect(run.status == status, "\(arguments) \(run.stdout)\(run.stderr)")
      #expect(run.stderr.contains("is inside the output directory"), "\(arguments) \(run.stderr)")
      #expect(snapshot(store) == before, "\(arguments) changed build/ios (marked: \(marked))")
      let check = try CLIRunner.run(
        ["build", "--check", "-o", "build/ios", "--format", "files,swift"], in: workspace.url)
      #expect(check.status == 0, "\(arguments) \(check.stdout)\(check.stderr)")
    }
  }

  @Test func initRefusesADirectoryInsideAnOutputDirectory() throws {
    let workspace = try project()
    let version = workspace.url.appendingPathComponent("build/ios/versions/v1/k")
    let before = snapshot(workspace.url.appendingPathComponent("build/ios"))
    let run = try CLIRunner.run(["init"], in: version)
    #expect(run.status == 1 && run.stderr.contains("init writes nothing"), "\(run.stderr)")
    #expect(snapshot(workspace.url.appendingPathComponent("build/ios")) == before)
  }

  /// An export into the folder that holds output directories, with buttons named like them,
  /// would write `ios/normal.png` into `build/ios` (another store) and `assets/normal.png` into
  /// `build/assets` (its own): refused before anything is written.
  @Test(arguments: ["ios", "assets"])
  func anExportDoesNotWriteIntoAnOutputDirectoryNamedLikeAButton(name: String) throws {
    let workspace = try project()
    try workspace.write("specs/a.yaml", Self.spec.replacingOccurrences(of: "  k:", with: "  \(name):"))
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    let store = workspace.url.appendingPathComponent("build/\(name)")
    let before = snapshot(store)
    let run = try CLIRunner.run(["build", "--quiet", "--export", "build"], in: workspace.url)
    #expect(run.status == 1 && run.stderr.contains("is inside the output directory"), "\(run.stderr)")
    #expect(snapshot(store) == before)
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build/manifest.json").path))
  }

  /// Beside, not inside: two output directories side by side, and a build of the store itself.
  @Test func outputsSideBySideAreFine() throws {
    let workspace = try project()
    #expect(
      try CLIRunner.run(["build", "--quiet", "-o", "build/android", "--format", "android"], in: workspace.url).status
        == 0)
    #expect(
      try CLIRunner.run(["build", "--quiet", "-o", "build/ios", "--format", "files,swift"], in: workspace.url).status
        == 0)
    #expect(try CLIRunner.run(["preview", "-o", "build/sheet.png"], in: workspace.url).status == 0)
    #expect(try CLIRunner.run(["build", "--quiet", "--export", "build/exported"], in: workspace.url).status == 0)
  }
}

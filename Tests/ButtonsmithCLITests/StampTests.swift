import DiagnosticExamples
import ButtonRender
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// The input stamp: an unchanged project is confirmed without planning, and any change to any
/// input (spec, template, image) or damage to `current` goes through a full build.
struct StampTests {
  static let spec = """
    buttonsmith: 1
    buttons:
      a: { size: [60, 30], scales: [1, 2], gradient: "#203060", extends: round, image: { file: icon.png }, states: { normal: {} } }
    """

  func workspace() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    try workspace.write("specs/icon.png", bytes: DiagnosticRule.tinyPNG)
    try workspace.write("templates/round.yaml", "buttonsmith: 1\ncorner-radius: 6\n")
    return workspace
  }

  func build(_ workspace: TestWorkspace) throws -> [String: Any] {
    let result = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  var stamp: String { "build/assets/.cache/stamp" }

  @Test func anUnchangedProjectIsConfirmedByItsStamp() throws {
    let workspace = try workspace()
    #expect(try build(workspace)["rendered"] as? Int == 2)
    #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent(stamp).path))
    let again = try build(workspace)
    #expect(again["rendered"] as? Int == 0 && again["new_version"] as? Bool == false && again["assets"] as? Int == 2)
  }

  @Test(arguments: ["svg", "pdf"])
  func aProjectWithAVectorImageIsConfirmedByItsStamp(format: String) throws {
    // The stamp records the file with the library that draws it, and a build confirming it
    // computes the same. Only a build that plans writes the cache index (by a new file), so the
    // index left as it was shows the second build was confirmed by the stamp.
    let workspace = try workspace()
    let fixture = repositoryRoot.appendingPathComponent("Tests/ButtonsmithCLITests/Fixtures/vector/circle.pdf")
    try workspace.write("specs/icon.svg", VectorImageTests.circle)
    try workspace.write("specs/icon.pdf", bytes: Array(try Data(contentsOf: fixture)))
    try workspace.write("specs/a.yaml", Self.spec.replacingOccurrences(of: "icon.png", with: "icon.\(format)"))
    #expect(try build(workspace)["rendered"] as? Int == 2)
    let stamped = try String(contentsOf: workspace.url.appendingPathComponent(stamp), encoding: .utf8)
    #expect(stamped.contains("icon.\(format)"))
    let index = workspace.url.appendingPathComponent("build/assets/.cache/index").path
    let written = try FileManager.default.attributesOfItem(atPath: index)[.systemFileNumber] as? Int
    let confirmed = try build(workspace)
    #expect(confirmed["rendered"] as? Int == 0 && confirmed["new_version"] as? Bool == false)
    let after = try FileManager.default.attributesOfItem(atPath: index)[.systemFileNumber] as? Int
    #expect(written != nil && after == written, "confirmed by the stamp, not planned again")
  }

  @Test(arguments: ["spec", "template", "image"])
  func changingAnyInputBuildsAgain(input: String) throws {
    let workspace = try workspace()
    _ = try build(workspace)
    switch input {
    case "spec": try workspace.write("specs/a.yaml", Self.spec.replacingOccurrences(of: "#203060", with: "#306020"))
    case "template": try workspace.write("templates/round.yaml", "buttonsmith: 1\ncorner-radius: 9\n")
    default:
      let red = try RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255]).pngData()
      try workspace.write("specs/icon.png", bytes: Array(red))
    }
    let summary = try build(workspace)
    #expect(summary["rendered"] as? Int == 2 && summary["new_version"] as? Bool == true, "\(input)")
  }

  @Test func damageToCurrentIsRepairedDespiteTheStamp() throws {
    let workspace = try workspace()
    _ = try build(workspace)
    try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("build/assets/current/a/normal@2x.png"))
    let summary = try build(workspace)
    #expect(summary["new_version"] as? Bool == true && summary["version"] as? Int == 2)
    #expect(
      FileManager.default.fileExists(
        atPath: workspace.url.appendingPathComponent("build/assets/current/a/normal@2x.png").path))
  }

  @Test func aBuildWithWarningsIsConfirmedByItsStampAndWarnsEveryTime() throws {
    let workspace = try workspace()
    try workspace.write(
      "specs/a.yaml", Self.spec.replacingOccurrences(of: "states: { normal: {} }", with: "states: { disabled: {} }"))
    let first = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(first.status == 0 && first.stderr.contains("[identical-state]"), "\(first.stderr)")
    #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent(stamp).path))
    // Without the cache index a planning build would draw everything again: drawing nothing
    // shows the stamp confirmed the build, and it printed the same warnings.
    try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("build/assets/.cache/index"))
    let second = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(second.status == 0 && second.stdout.contains("\"rendered\":0"), "\(second.stdout)")
    #expect(second.stderr == first.stderr)
  }

  /// The stamp vouches for unchanged files by their status; an edit that keeps the size and
  /// puts the modification time back still moves the change time.
  @Test func anEditThatHidesItsTracesIsStillFound() throws {
    let workspace = try workspace()
    _ = try build(workspace)
    Thread.sleep(forTimeInterval: 0.2)
    let file = workspace.url.appendingPathComponent("build/assets/current/a/normal@2x.png").path
    let attributes = try FileManager.default.attributesOfItem(atPath: file)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    bytes[bytes.count - 20] ^= 0xFF
    chmod(file, 0o644)
    let handle = try #require(FileHandle(forWritingAtPath: file))
    try handle.write(contentsOf: bytes)
    try handle.close()
    try FileManager.default.setAttributes(
      [.modificationDate: attributes[.modificationDate]!, .posixPermissions: 0o444], ofItemAtPath: file)
    let summary = try build(workspace)
    #expect(summary["new_version"] as? Bool == true && summary["rendered"] as? Int == 1, "\(summary)")
  }

  /// A file the stamp cannot vouch for by its status (touched, or changed just before the
  /// stamp) is hashed once; found intact, the stamp is refreshed so the next build reads nothing.
  @Test func aTouchedFileIsHashedOnceAndTheStampRefreshed() throws {
    let workspace = try workspace()
    _ = try build(workspace)
    Thread.sleep(forTimeInterval: 0.1)
    let file = workspace.url.appendingPathComponent("build/assets/current/a/normal.png").path
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file)
    Thread.sleep(forTimeInterval: 0.1)
    let stampURL = workspace.url.appendingPathComponent(stamp)
    let before = try Data(contentsOf: stampURL)
    let confirmed = try build(workspace)
    #expect(confirmed["rendered"] as? Int == 0 && confirmed["new_version"] as? Bool == false)
    let refreshed = try Data(contentsOf: stampURL)
    #expect(refreshed != before)
    _ = try build(workspace)
    #expect(try Data(contentsOf: stampURL) == refreshed)
  }

  /// A build that publishes images drawn earlier links them into its version moments before
  /// it writes the stamp: new change times, bytes written long before. Their statuses vouch for
  /// them at once (raciness goes by the modification time, as in git), so the next build reads
  /// none of them and leaves the stamp as it is.
  @Test func filesLinkedJustBeforeTheStampAreVouchedForAtOnce() throws {
    let workspace = try workspace()
    _ = try build(workspace)
    Thread.sleep(forTimeInterval: 0.1)
    try workspace.write("specs/a.yaml", Self.spec.replacingOccurrences(of: "#203060", with: "#602030"))
    _ = try build(workspace)
    Thread.sleep(forTimeInterval: 0.1)
    try workspace.write("specs/a.yaml", Self.spec)
    let relinked = try build(workspace)
    #expect(relinked["rendered"] as? Int == 0 && relinked["new_version"] as? Bool == true, "\(relinked)")
    let stampURL = workspace.url.appendingPathComponent(stamp)
    let written = try Data(contentsOf: stampURL)
    // Past the racy window, a build that had to hash any file would refresh the stamp.
    Thread.sleep(forTimeInterval: 0.1)
    let confirmed = try build(workspace)
    #expect(confirmed["rendered"] as? Int == 0 && confirmed["new_version"] as? Bool == false)
    #expect(try Data(contentsOf: stampURL) == written, "every file vouched for by the stamp as written")
  }

  @Test(arguments: [["specs", "nowhere"], ["--templates", "nothere"], ["specs", "empty"]])
  func aPathThatIsNotThereIsNotConfirmed(arguments: [String]) throws {
    let workspace = try workspace()
    _ = try build(workspace)
    try FileManager.default.createDirectory(
      at: workspace.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let result = try CLIRunner.run(["build"] + arguments, in: workspace.url)
    #expect(result.status == 1, "\(arguments): \(result.stdout)")
    #expect(result.stderr.contains("[missing-path]") || result.stderr.contains("[no-spec-files]"), "\(result.stderr)")
  }

  @Test func forceAndCheckDoNotTrustTheStamp() throws {
    let workspace = try workspace()
    _ = try build(workspace)
    let forced = try CLIRunner.run(["build", "--force", "--json"], in: workspace.url)
    #expect(forced.stdout.contains("\"rendered\":2"))
    try workspace.write("specs/a.yaml", Self.spec.replacingOccurrences(of: "#203060", with: "#306020"))
    #expect(try CLIRunner.run(["build", "--check"], in: workspace.url).status == 1)
  }
}

import ButtonCore
import ButtonSpec
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// `build --check` trusts nothing written in the output directory: it compares the committed
/// bytes with what the specs produce now.
struct CheckTests {
  func check(_ workspace: TestWorkspace, output: URL? = nil) throws -> [String] {
    let checked = workspace.checkAll()
    let jobs = Planner().plan(checked.buttons).jobs
    let (stale, diagnostics, _) = try Builder().check(jobs, output: output ?? workspace.output)
    #expect(!diagnostics.hasErrors)
    return stale.map(\.description)
  }

  func built(buttons: Int = 2) throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: buttons))
    try workspace.build()
    #expect(try check(workspace) == [])
    return workspace
  }

  /// Replaces `path` of the current version with `data` (the file is read-only, like a
  /// committed file a pull request changes).
  func replace(_ workspace: TestWorkspace, _ path: String, with data: Data) throws {
    let url = workspace.output.appendingPathComponent("current/\(path)")
    try FileManager.default.removeItem(at: url)
    try data.write(to: url)
  }

  @Test func aReplacedImageWithARewrittenManifestIsCaught() throws {
    let workspace = try built()
    let manifestPath = workspace.output.appendingPathComponent("current/manifest.json")
    let other = try Data(contentsOf: workspace.output.appendingPathComponent("current/b1/normal.png"))
    let original = try Data(contentsOf: workspace.output.appendingPathComponent("current/b0/normal.png"))
    let text = try String(contentsOf: manifestPath, encoding: .utf8)
      .replacingOccurrences(of: ContentHash.sha256(original), with: ContentHash.sha256(other))
    try replace(workspace, "b0/normal.png", with: other)
    try replace(workspace, "manifest.json", with: Data(text.utf8))
    // Listed with the number of pixels that differ: the labels "Button 0" and "Button 1".
    let stale = try check(workspace)
    #expect(stale.count == 1 && stale.first?.hasPrefix("stale: b0/normal.png (") == true, "\(stale)")
    let pixels = stale.first.flatMap { Int($0.split(separator: "(")[1].split(separator: " ")[0]) } ?? 0
    #expect(pixels > 20 && pixels < 120 * 36, "\(stale)")
  }

  @Test func aReplacedImageAloneIsReportedDamaged() throws {
    let workspace = try built()
    let other = try Data(contentsOf: workspace.output.appendingPathComponent("current/b1/normal@2x.png"))
    try replace(workspace, "b0/normal@2x.png", with: other)
    #expect(try check(workspace) == ["damaged: b0/normal@2x.png"])
  }

  @Test func aPoisonedCacheIndexIsCaught() throws {
    let workspace = try built()
    let manifest = try workspace.currentManifest()
    let b0 = try #require(manifest.assets.first { $0.path == "b0/normal.png" })
    let b1 = try #require(manifest.assets.first { $0.path == "b1/normal.png" })
    let indexURL = workspace.output.appendingPathComponent(".cache/index")
    var index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: indexURL)) as? [String: Any])
    var entries = try #require(index["entries"] as? [String: String])
    // An entry is a line whose first field is the image's digest, and whose last is a checksum
    // of the key and the rest: forged here as one who meant to would.
    let line = try #require(entries[b0.key])
    let body = b1.sha256 + line.drop { $0 != " " }.dropLast(17)
    entries[b0.key] = body + " " + TextFields.checksum(b0.key + " " + body)
    index["entries"] = entries
    try JSONSerialization.data(withJSONObject: index).write(to: indexURL)
    // A change elsewhere makes the build publish, reusing the poisoned entry.
    try workspace.write("specs/a.yaml", smallSpec(buttons: 3))
    try workspace.build()
    #expect(try check(workspace).contains { $0.hasPrefix("stale: b0/normal.png (") })
  }

  /// An entry altered without its checksum (a disk's damage, a hand's edit) is left out of the
  /// index: the build draws its job again rather than publish what the entry says, and takes
  /// every other entry as it stands.
  @Test func anAlteredCacheIndexEntryIsNotBelieved() throws {
    let workspace = try built()
    let b0 = try #require(try workspace.currentManifest().assets.first { $0.path == "b0/normal.png" })
    let indexURL = workspace.output.appendingPathComponent(".cache/index")
    var index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: indexURL)) as? [String: Any])
    var entries = try #require(index["entries"] as? [String: String])
    // The width, one more.
    var fields = try #require(entries[b0.key]).split(separator: " ").map(String.init)
    fields[1] = String(Int(fields[1])! + 1)
    entries[b0.key] = fields.joined(separator: " ")
    index["entries"] = entries
    try JSONSerialization.data(withJSONObject: index).write(to: indexURL)
    try workspace.write("specs/a.yaml", smallSpec(buttons: 3))
    let summary = try workspace.build()
    #expect(try check(workspace).isEmpty)
    #expect(try workspace.currentManifest().assets.first { $0.path == "b0/normal.png" }?.width == b0.width)
    // The new button's six jobs and the altered entry's; b0's other jobs and b1's come from
    // the index.
    #expect(summary.rendered == 7)
  }

  @Test func aManifestWhoseKeysWereEditedIsCaught() throws {
    let workspace = try built()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2) { "Edited \($0)" })
    let checked = workspace.checkAll()
    let jobs = Planner().plan(checked.buttons).jobs
    var manifest = try workspace.currentManifest()
    var keys: [String: String] = [:]
    var diagnostics = Diagnostics()
    for (job, key) in Builder().keyJobs(jobs, into: &diagnostics) { keys[job.path] = key.hex }
    for position in manifest.assets.indices { manifest.assets[position].key = keys[manifest.assets[position].path]! }
    try replace(workspace, "manifest.json", with: try manifest.encoded())
    #expect(try check(workspace).count == 12)
  }

  @Test func anExtraFileInTheVersionIsListed() throws {
    let workspace = try built()
    try Data("x".utf8).write(to: workspace.output.appendingPathComponent("current/b0/sneaky.png"))
    #expect(try check(workspace) == ["extra: b0/sneaky.png"])
  }

  /// A build publishes a version without a file `current` should not hold rather than call the
  /// output up to date, so that `--check` passes after it; the file stays, in the older version.
  @Test func aBuildRepublishesAVersionHoldingAnExtraFile() throws {
    let workspace = try built()
    #expect(try workspace.project().confirmUpToDate() != nil)
    try Data("x".utf8).write(to: workspace.output.appendingPathComponent("current/b0/sneaky.png"))
    #expect(try workspace.project().confirmUpToDate() == nil)
    #expect(try workspace.build().newVersion)
    #expect(try check(workspace).isEmpty)
    #expect(
      FileManager.default.fileExists(atPath: workspace.output.appendingPathComponent("versions/v1/b0/sneaky.png").path))
  }

  @Test func aManifestThatNoLongerMatchesIsStaleWhenEveryImageIs() throws {
    let workspace = try built()
    try workspace.write("specs/a.yaml", "# a comment moves every button down a line\n" + smallSpec(buttons: 2))
    #expect(try check(workspace) == ["stale: manifest.json"])
  }

  @Test func currentPointingIntoAnotherOutputDirectoryIsRefused() throws {
    let workspace = try built()
    let other = try built()
    let current = workspace.output.appendingPathComponent("current").path
    try FileManager.default.removeItem(atPath: current)
    try FileManager.default.createSymbolicLink(
      atPath: current, withDestinationPath: other.output.appendingPathComponent("versions/v1").path)
    #expect(throws: StoreError.self) { try check(workspace) }
    #expect(throws: StoreError.self) { try workspace.build() }
  }

  @Test func planAndCheckLeaveADamagedObjectWhereItIs() throws {
    let workspace = try built()
    let digest = try #require(try workspace.currentManifest().assets.first?.sha256)
    let object = workspace.output.appendingPathComponent(".cache/objects/\(digest.prefix(2))/\(digest)")
    chmod(object.path, 0o644)
    try Data("damaged".utf8).write(to: object)
    let checked = workspace.checkAll()
    let jobs = Planner().plan(checked.buttons).jobs
    let statuses = try Builder().statuses(jobs, output: workspace.output).statuses
    #expect(statuses.count { !$0.cached } == 1)
    _ = try Builder().check(jobs, output: workspace.output)
    #expect(try Data(contentsOf: object) == Data("damaged".utf8))
    #expect(try workspace.build().rendered == 1)
  }
}

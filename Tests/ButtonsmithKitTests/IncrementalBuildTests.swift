import ButtonRender
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The consequences of "Incremental rebuilds by content hash", each counted in renders.
struct IncrementalBuildTests {
  @Test func aSecondBuildWithNoChangeRendersNothingAndMakesNoVersion() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 3))
    let first = try workspace.build()
    #expect(first.assets == 18 && first.rendered == 18 && first.newVersion && first.version == 1)
    let second = try workspace.build()
    #expect(second.rendered == 0 && second.reused == 18 && !second.newVersion && second.version == 1)
    #expect(second.written == 0)
  }

  @Test func changingOneButtonRerendersOnlyItsJobs() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 4))
    try workspace.build()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 4) { $0 == 2 ? "Changed" : "Button \($0)" })
    let summary = try workspace.build()
    #expect(summary.rendered == 6 && summary.newVersion && summary.version == 2)
    #expect(try workspace.currentIsIntact())
  }

  @Test func changingATemplateRerendersExactlyTheButtonsThatExtendIt() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/round.yaml", "buttonsmith: 1\ncorner-radius: 12\n")
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2, extends: "round"))
    try workspace.write("specs/b.yaml", smallSpec(buttons: 3).replacingOccurrences(of: "  b", with: "  other"))
    #expect(try workspace.build().rendered == 30)
    try workspace.write("templates/round.yaml", "buttonsmith: 1\ncorner-radius: 18\n")
    #expect(try workspace.build().rendered == 12)
  }

  @Test func replacingAFilesContentsRerendersTheJobsThatUseIt() throws {
    let workspace = try TestWorkspace()
    let red = try RGBAImage(width: 4, height: 4, pixels: Array(repeating: 255, count: 64)).pngData()
    try workspace.write("specs/icon.png", bytes: Array(red))
    try workspace.write(
      "specs/a.yaml",
      smallSpec(buttons: 3).replacingOccurrences(
        of: "  b0: { text: \"Button 0\",", with: "  b0: { image: { file: icon.png }, text: \"Button 0\","))
    try workspace.build()
    #expect(try workspace.build().rendered == 0)
    var pixels = [UInt8](repeating: 0, count: 64)
    for index in stride(from: 3, to: 64, by: 4) { pixels[index] = 255 }
    try workspace.write("specs/icon.png", bytes: Array(try RGBAImage(width: 4, height: 4, pixels: pixels).pngData()))
    #expect(try workspace.build().rendered == 6)
  }

  @Test func reorderingButtonsOrMovingThemBetweenFilesRendersNothing() throws {
    let workspace = try TestWorkspace()
    let spec = smallSpec(buttons: 4)
    try workspace.write("specs/a.yaml", spec)
    try workspace.build()
    var lines = spec.split(separator: "\n").map(String.init)
    lines.swapAt(7, 9)
    try workspace.write("specs/a.yaml", lines.joined(separator: "\n") + "\n")
    #expect(try workspace.build().rendered == 0)
    let moved = lines.remove(at: 10)
    try workspace.write("specs/a.yaml", lines.joined(separator: "\n") + "\n")
    try workspace.write("specs/z.yaml", lines.prefix(7).joined(separator: "\n") + "\n" + moved + "\n")
    #expect(try workspace.build().rendered == 0)
  }

  @Test func aModifiedCacheObjectIsRenderedAgainAndNeverPublished() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    let manifest = try workspace.currentManifest()
    let victim = manifest.assets[0]
    let object = workspace.output.appendingPathComponent(".cache/objects/\(victim.sha256.prefix(2))/\(victim.sha256)")
    // Damage the object; the published file is a hard link to it, so it is damaged too.
    let handle = try FileHandle(forWritingTo: object)
    try handle.seek(toOffset: 40)
    try handle.write(contentsOf: Data([0xFF, 0x00, 0xFF]))
    try handle.close()
    let summary = try workspace.build()
    #expect(summary.rendered == 1)
    #expect(summary.newVersion)
    #expect(try workspace.currentIsIntact())
  }

  @Test func unchangedFilesAreHardLinksToCacheObjects() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2) { $0 == 0 ? "New" : "Button \($0)" })
    try workspace.build()
    let asset = try #require(try workspace.currentManifest().assets.first { $0.button == "b1" })
    let file = workspace.output.appendingPathComponent("versions/v2/\(asset.path)")
    let object = workspace.output.appendingPathComponent(".cache/objects/\(asset.sha256.prefix(2))/\(asset.sha256)")
    let fileInode = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? NSNumber
    let objectInode = try FileManager.default.attributesOfItem(atPath: object.path)[.systemFileNumber] as? NSNumber
    #expect(fileInode != nil && fileInode == objectInode)
  }

  @Test func forceRendersEverythingButPublishesNothingNewWhenEqual() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    let forced = try workspace.build(force: true)
    #expect(forced.rendered == 12 && !forced.newVersion)
    // A build that draws links its version while the manifest is encoded; what it linked for
    // nothing is removed.
    let versions = try FileManager.default.contentsOfDirectory(
      atPath: workspace.output.appendingPathComponent("versions").path)
    #expect(versions == ["v1"])
  }

  /// The stamp describes what the build read: a spec saved while a build runs is built next time.
  @Test func aSpecChangedDuringABuildIsNotConfirmedAfterIt() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    let project = try workspace.project()
    let plan = project.plan()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2) { "Saved during the build \($0)" })
    _ = try project.build(plan, progress: SilentProgress())
    #expect(project.confirmUpToDate() == nil)
    #expect(try workspace.build().rendered == 12)
    #expect(project.confirmUpToDate() != nil)
  }
}

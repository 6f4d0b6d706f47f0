import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A build its stamp confirms reads the stamp, `current`, the current version's manifest and
/// files, and nothing else of the store; it inspects exactly that, and never follows a link.
struct StampSafetyTests {
  /// A directory of the current version replaced by a link to a faithful copy outside the
  /// store: the copy's files hash to the stamp's digests, so only the inspection stands between
  /// the confirmation and a read outside the store.
  @Test func aLinkInTheCurrentVersionIsNeverFollowedToConfirmIt() throws {
    let planted = try StoreSafetyTests.Planted()
    let project = try planted.workspace.project()
    #expect(project.confirmUpToDate() != nil)
    let directory = planted.workspace.output.appendingPathComponent("versions/v1/b0")
    let copy = planted.victim.appendingPathComponent("b0")
    try FileManager.default.copyItem(at: directory, to: copy)
    try planted.plant("versions/v1/b0", to: "../../../../precious/b0")
    #expect(project.confirmUpToDate() == nil)
    let error = try #require(planted.buildError() as? StoreError)
    #expect("\(error)".contains("versions/v1/b0' is a symbolic link"), "\(error)")
  }

  /// An object shard replaced by a link to a faithful copy outside the store: a confirmed
  /// build reads objects by path (a version file its status does not vouch for, an export), so
  /// the shards are inspected too.
  @Test func aLinkedObjectShardIsNeverFollowedToConfirmIt() throws {
    let planted = try StoreSafetyTests.Planted()
    let digest = try #require(try planted.workspace.currentManifest().assets.first?.sha256)
    let shard = ".cache/objects/\(digest.prefix(2))"
    try FileManager.default.copyItem(
      at: planted.workspace.output.appendingPathComponent(shard), to: planted.victim.appendingPathComponent("shard"))
    try planted.plant(shard, to: "../../../../precious/shard")
    #expect(try planted.workspace.project().confirmUpToDate() == nil)
  }

  /// Older versions are not read by a confirmed build, so a link there does not stop the
  /// confirmation (and is not followed); the next build that plans refuses it.
  @Test func aLinkWhereAConfirmedBuildDoesNotLookWaitsForTheNextBuild() throws {
    let planted = try StoreSafetyTests.Planted()
    try planted.changeSpec()
    try planted.workspace.build(keep: 2)
    try FileManager.default.copyItem(
      at: planted.workspace.output.appendingPathComponent("versions/v1/b0"),
      to: planted.victim.appendingPathComponent("b0"))
    try planted.plant("versions/v1/b0", to: "../../../../precious/b0")
    let before = snapshot(of: planted.victim)
    #expect(try planted.workspace.project().confirmUpToDate() != nil)
    #expect(snapshot(of: planted.victim) == before)
    try planted.workspace.write("specs/a.yaml", smallSpec(buttons: 2) { "Again \($0)" })
    #expect(planted.buildError() is StoreError)
    #expect(snapshot(of: planted.victim) == before)
  }
}

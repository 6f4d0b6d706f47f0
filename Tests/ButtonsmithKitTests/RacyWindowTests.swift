import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// Statuses are judged against when the build checked the bytes, not when it took them: an
/// object changed after the build vouched for it, while the build was still running, is hashed
/// by the next build (and never confirmed by the stamp) however long before the end it changed.
struct RacyWindowTests {
  /// Writes other bytes into `object` the first time an image is drawn, then lets time pass
  /// beyond the racy window before the build goes on.
  final class TamperingProgress: BuildProgress, @unchecked Sendable {
    let object: String
    private let lock = NSLock()
    private var done = false

    init(object: String) { self.object = object }

    func willRender(total: Int) {}
    func waitingForLock(_ output: URL) {}
    func didRender(asset: String, done: Int, total: Int) {
      lock.withLock {
        guard !self.done else { return }
        self.done = true
        chmod(object, 0o644)
        FileManager.default.createFile(atPath: object, contents: Data("not the image".utf8))
        chmod(object, 0o444)
        Thread.sleep(forTimeInterval: 0.2)
      }
    }
  }

  @Test func anObjectChangedWhileTheBuildRunsIsNeverVouchedFor() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    let reused = try #require(try workspace.currentManifest().assets.first { $0.path.hasPrefix("b0/") })
    let object = workspace.output.appendingPathComponent(
      ".cache/objects/\(reused.sha256.prefix(2))/\(reused.sha256)"
    ).path
    Thread.sleep(forTimeInterval: 0.1)
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2) { $0 == 1 ? "Changed" : "Button \($0)" })
    let project = try workspace.project()
    let (summary, diagnostics) = try project.build(project.plan(), progress: TamperingProgress(object: object))
    #expect(!diagnostics.hasErrors && summary?.rendered == 6)
    #expect(project.confirmUpToDate() == nil, "the stamp vouched for bytes changed after they were checked")
    let repaired = try workspace.build()
    #expect(repaired.rendered >= 1)
    #expect(try workspace.currentIsIntact())
  }
}

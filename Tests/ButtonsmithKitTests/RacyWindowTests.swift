import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A status vouches only for bytes as the build checked them: an object changed while a build
/// runs, after the build checked it (a reused object) or wrote it (a drawn one), written into
/// or replaced by an older file, is hashed by the next build and never confirmed by the stamp,
/// however long before the end it changed.
struct RacyWindowTests {
  /// The first time an image is drawn, waits past a clock tick, writes other bytes into every
  /// object there is (reused ones, and those drawn so far), then lets time pass beyond the
  /// racy window before the build goes on.
  final class TamperingProgress: BuildProgress, @unchecked Sendable {
    let objects: URL
    /// Renames a file with other bytes and a modification time an hour old over each object,
    /// instead of writing into it (as `mv`, `cp -p` or `rsync -t` would leave it).
    let renamingOldFile: Bool
    private let lock = NSLock()
    private var done = false
    private(set) var tampered = 0

    init(objects: URL, renamingOldFile: Bool) {
      self.objects = objects
      self.renamingOldFile = renamingOldFile
    }

    func willRender(total: Int) {}
    func waitingForLock(_ output: URL) {}
    func didRender(asset: String, done: Int, total: Int) {
      lock.withLock {
        guard !self.done else { return }
        self.done = true
        Thread.sleep(forTimeInterval: 0.05)
        let files = FileManager.default.enumerator(at: objects, includingPropertiesForKeys: nil)?.allObjects ?? []
        for case let file as URL in files where file.lastPathComponent.count == 64 {
          if renamingOldFile {
            let other = file.deletingLastPathComponent().appendingPathComponent("other").path
            FileManager.default.createFile(atPath: other, contents: Data("not the image".utf8))
            try? FileManager.default.setAttributes(
              [.modificationDate: Date(timeIntervalSinceNow: -3600), .posixPermissions: 0o444], ofItemAtPath: other)
            rename(other, file.path)
          } else {
            chmod(file.path, 0o644)
            FileManager.default.createFile(atPath: file.path, contents: Data("not the image".utf8))
            chmod(file.path, 0o444)
          }
          tampered += 1
        }
        Thread.sleep(forTimeInterval: 0.2)
      }
    }
  }

  @Test(arguments: [false, true])
  func anObjectChangedWhileTheBuildRunsIsNeverVouchedFor(renamingOldFile: Bool) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    Thread.sleep(forTimeInterval: 0.1)
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2) { $0 == 1 ? "Changed" : "Button \($0)" })
    let project = try workspace.project()
    let tampering = TamperingProgress(
      objects: workspace.output.appendingPathComponent(".cache/objects"), renamingOldFile: renamingOldFile)
    let (summary, diagnostics) = try project.build(project.plan(), progress: tampering)
    #expect(!diagnostics.hasErrors && summary?.rendered == 6)
    #expect(tampering.tampered > 12, "the 12 objects of the first build and at least one drawn one")
    #expect(project.confirmUpToDate() == nil, "the stamp vouched for bytes changed after they were checked")
    let repaired = try workspace.build()
    #expect(repaired.rendered >= 1)
    #expect(try workspace.currentIsIntact())
  }

  /// Waits past the racy window once the last image is drawn, as a large build's last images
  /// are drawn well before its stamp.
  final class PausingProgress: BuildProgress, @unchecked Sendable {
    func willRender(total: Int) {}
    func waitingForLock(_ output: URL) {}
    func didRender(asset: String, done: Int, total: Int) {
      if done == total { Thread.sleep(forTimeInterval: 0.1) }
    }
  }

  /// The images a build draws are recorded with the modification time its own writes left
  /// them: the stamp vouches for them at once, and the next build hashes none of them (it
  /// would refresh the stamp if it had to).
  @Test func imagesABuildDrawsAreVouchedForAtOnce() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    let project = try workspace.project()
    let (summary, _) = try project.build(project.plan(), progress: PausingProgress())
    #expect(summary?.rendered == 12)
    let stamp = workspace.output.appendingPathComponent(".cache/stamp")
    let written = try Data(contentsOf: stamp)
    Thread.sleep(forTimeInterval: 0.1)
    #expect(project.confirmUpToDate() != nil)
    #expect(try Data(contentsOf: stamp) == written, "every drawn image vouched for by the stamp as written")
  }
}

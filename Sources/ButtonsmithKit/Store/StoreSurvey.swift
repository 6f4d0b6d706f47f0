import Foundation

/// The output directory inspected on another thread while the specs are read and planned
/// (`Project.surveyOutput()`): walking every version and object of the standard workload's
/// store took 13 ms, a twentieth of a build that changes one button.
///
/// The build's `AssetStore.open` takes it in place of its own inspection when it then gets the
/// lock without waiting. A build that held the lock while the survey walked has let it go by
/// then: the temporary files it was writing have their names, and what it left is its own
/// leftovers. When `open` waits for another build, or the survey found a problem (perhaps a
/// version another build was removing), the store is inspected again under the lock. A link
/// planted after either inspection is never followed anyway (`DirectoryHandle`).
public final class StoreSurvey: Sendable {
  /// What the survey found: whether the directory is a store and, for a store, the temporary
  /// entries its inspection saw (`nil`: it found a problem, or there was no store to inspect).
  struct Findings: Sendable {
    /// The surveyed directory's device and inode.
    var device: UInt64, inode: UInt64
    var recognition: StoreInspector.Recognition
    var leftovers: StoreInspector.Leftovers?
  }

  private let work: Background<Findings?>

  /// Starts surveying the directory at `root`; there is nothing to survey when it is missing.
  init(root: URL) {
    work = Background {
      guard let directory = try? DirectoryHandle(path: root.path, followingLink: true),
        let identity = directory.identity
      else { return nil }
      let (device, inode) = (identity.device, identity.inode)
      let recognition = StoreInspector.recognize(directory)
      guard case .store = recognition else { return Findings(device: device, inode: inode, recognition: recognition) }
      return Findings(
        device: device, inode: inode, recognition: recognition, leftovers: try? StoreInspector.inspect(directory))
    }
  }

  /// What the survey found in `directory`, once it is done; `nil` when it could not open the
  /// directory, or found another one at its path (one removed and made again since).
  func findings(in directory: DirectoryHandle) -> Findings? {
    guard let findings = (try? work.value()) ?? nil, let identity = directory.identity,
      identity == DirectoryHandle.Identity(device: findings.device, inode: findings.inode)
    else { return nil }
    return findings
  }
}

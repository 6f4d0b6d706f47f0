import Foundation

/// A `flock` on the output directory's `.lock` file: exclusive while a build (or an export of
/// its current version) runs, shared while a command only reads the store (`build --check`,
/// `plan`, `diff`, `report`), so that nothing is read while a build publishes or prunes. The
/// kernel releases it when the process ends, however it ends.
final class BuildLock: Sendable {
  private let descriptor: Int32

  /// Takes the lock exclusively, creating the file; when another process holds it, calls
  /// `waiting` once and waits.
  convenience init(at url: URL, waiting: () -> Void) throws {
    let descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else {
      if errno == ELOOP { throw Self.linked(url) }
      throw StoreError.cannotWrite(url.path, String(cString: strerror(errno)))
    }
    try self.init(descriptor: descriptor, operation: LOCK_EX, path: url, waiting: waiting)
  }

  /// Takes the lock shared, as a reader: when a build holds it, calls `waiting` once and waits.
  /// `nil` when there is no lock file, which no build has held then (a reader creates nothing).
  static func shared(at url: URL, waiting: () -> Void) throws -> BuildLock? {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      if errno == ELOOP { throw linked(url) }
      throw StoreError.cannotRead(url.path, String(cString: strerror(errno)))
    }
    return try BuildLock(descriptor: descriptor, operation: LOCK_SH, path: url, waiting: waiting)
  }

  /// A lock file that is a link, refused as a build refuses it (never followed).
  private static func linked(_ url: URL) -> StoreError {
    StoreError.unsafe(url.path, "is a symbolic link")
  }

  /// Holds `descriptor` once locked with `operation`; closes it when it cannot be locked.
  private init(descriptor: Int32, operation: Int32, path url: URL, waiting: () -> Void) throws {
    if flock(descriptor, operation | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        throw StoreError.cannotWrite(url.path, reason)
      }
      waiting()
      guard flock(descriptor, operation) == 0 else {
        close(descriptor)
        throw StoreError.locked(url.deletingLastPathComponent().path)
      }
    }
    // Set once locked: an initializer that throws after setting it would run `deinit`, closing
    // the descriptor twice.
    self.descriptor = descriptor
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}

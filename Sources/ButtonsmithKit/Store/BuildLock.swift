import Foundation

/// An exclusive `flock` on the output directory's `.lock` file, held while a build runs.
/// The kernel releases it when the process ends, however it ends.
final class BuildLock {
  private let descriptor: Int32

  /// Takes the lock; when another build holds it, calls `waiting` once and waits.
  init(at url: URL, waiting: () -> Void) throws {
    descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { throw StoreError.cannotWrite(url.path, String(cString: strerror(errno))) }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        throw StoreError.cannotWrite(url.path, reason)
      }
      waiting()
      guard flock(descriptor, LOCK_EX) == 0 else {
        close(descriptor)
        throw StoreError.locked(url.deletingLastPathComponent().path)
      }
    }
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}

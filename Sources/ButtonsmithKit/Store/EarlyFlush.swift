import CSystemShim
import Foundation

/// A flush of the output directory's file system begun on another thread as soon as a build's
/// objects are written, so the disk writes them while the manifest is encoded and the version
/// linked. Publishing then calls `finish()`, which flushes what came after (the links and the
/// manifest: a fraction of a millisecond of metadata against about 30 ms of image data for the
/// standard workload).
///
/// Both flushes go through one descriptor, and a failure of either is thrown by `finish()`: a
/// write-back error is reported once per open file, so a second descriptor opened after the
/// early flush had seen it would report nothing.
final class EarlyFlush: Sendable {
  private let descriptor: Int32
  private let path: String
  /// The early flush: its `errno`, or `nil`.
  private let early: Background<Int32?>

  /// Starts flushing the file system that holds `directory`; `nil` when the directory cannot be
  /// opened (the build then flushes as it did before there was an early flush, and reports that
  /// failure itself), and on systems other than Linux, where every object is flushed as it is
  /// written and publishing flushes the staged version itself (`F_FULLFSYNC`).
  init?(of directory: URL) {
    #if os(Linux)
      let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      self.descriptor = descriptor
      path = directory.path
      early = Background { bs_sync_file_system(descriptor) == 0 ? nil : errno }
    #else
      return nil
    #endif
  }

  /// Waits for the early flush to end, without flushing again or reporting its result (which
  /// `finish()` does): a build waits for it before it lets go of the output directory.
  func wait() {
    early.wait()
  }

  /// Waits for the early flush, then flushes everything written since, and throws when either
  /// failed.
  func finish() throws {
    let failure = try early.value() ?? (bs_sync_file_system(descriptor) == 0 ? nil : errno)
    if let failure { throw StoreError.cannotWrite(path, String(cString: strerror(failure))) }
  }

  deinit {
    // The descriptor outlives the flush that uses it.
    early.wait()
    close(descriptor)
  }
}

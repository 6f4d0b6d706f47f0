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
final class EarlyFlush: @unchecked Sendable {
  private let descriptor: Int32
  private let path: String
  private let done = DispatchGroup()
  /// The early flush's `errno`, or `nil`; written before `done` is left, read after it is waited for.
  private var failure: Int32?

  /// Starts flushing the file system that holds `directory`; `nil` when the directory cannot be
  /// opened (the build then flushes as it did before there was an early flush, and reports that
  /// failure itself), and on systems other than Linux, where every object is flushed as it is
  /// written and publishing flushes the staged version itself (`F_FULLFSYNC`).
  init?(of directory: URL) {
    #if os(Linux)
      path = directory.path
      descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      DispatchQueue.global(qos: .userInitiated).async(group: done) { [self] in
        if bs_sync_file_system(descriptor) != 0 { failure = errno }
      }
    #else
      return nil
    #endif
  }

  /// Waits for the early flush to end, without flushing again or reporting its result (which
  /// `finish()` does): a build waits for it before it lets go of the output directory.
  func wait() {
    done.wait()
  }

  /// Waits for the early flush, then flushes everything written since, and throws when either
  /// failed.
  func finish() throws {
    done.wait()
    let failure = self.failure ?? (bs_sync_file_system(descriptor) == 0 ? nil : errno)
    if let failure { throw StoreError.cannotWrite(path, String(cString: strerror(failure))) }
  }

  // The flushing thread holds the instance until it is done, so the descriptor outlives it.
  deinit { close(descriptor) }
}

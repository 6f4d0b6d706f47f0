import CSystemShim
import Foundation

/// The flushes of a build's writes to the disk (Linux's `syncfs`), all through one descriptor of
/// the output directory opened before the build writes anything: a flush reports the write-back
/// errors of its file system since its descriptor was opened, so one opened later would miss an
/// object whose write-back failed while others were still being drawn.
///
/// `beginEarly()` starts a flush on another thread as soon as a build's objects are written, so
/// the disk writes them while the manifest is encoded and the version linked. Publishing then
/// calls `finish()`, which flushes what came after (the links and the manifest: a fraction of a
/// millisecond of metadata against about 30 ms of image data for the standard workload) and
/// throws when either flush failed.
final class BuildFlush {
  private let descriptor: Int32
  private let path: String
  /// The early flush, once begun: its `errno`, or `nil`.
  private var early: Background<Int32?>?

  /// Opens the file system that holds `directory` for the build's flushes; `nil` when the
  /// directory cannot be opened (the build then flushes through a descriptor of its own when it
  /// publishes, and reports that failure itself), and on systems other than Linux, where every
  /// object is flushed as it is written and publishing flushes the staged version itself
  /// (`F_FULLFSYNC`).
  init?(of directory: URL) {
    #if os(Linux)
      let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      self.descriptor = descriptor
      path = directory.path
    #else
      return nil
    #endif
  }

  /// Starts flushing on another thread; once per build, when its images are written.
  func beginEarly() {
    guard early == nil else { return }
    let descriptor = self.descriptor
    early = Background { bs_sync_file_system(descriptor) == 0 ? nil : errno }
  }

  /// Waits for the early flush to end, without flushing again or reporting its result (which
  /// `finish()` does): a build waits for it before it lets go of the output directory.
  func wait() {
    early?.wait()
  }

  /// Waits for the early flush, if one began, then flushes everything written since, and throws
  /// when either failed.
  func finish() throws {
    let failure = try early?.value() ?? (bs_sync_file_system(descriptor) == 0 ? nil : errno)
    if let failure { throw StoreError.cannotWrite(path, String(cString: strerror(failure))) }
  }

  deinit {
    // The descriptor outlives the flush that uses it.
    early?.wait()
    close(descriptor)
  }
}

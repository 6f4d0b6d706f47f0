import CSystemShim
import Foundation

/// Writes to standard output and standard error without stopping the process when they fail,
/// as Foundation's `FileHandle.write(_:)` does (a closed stream, a full disk), and finds a lost
/// write to standard output, so that a command whose output is lost does not exit 0.
enum StandardStreams {
  /// Makes sure descriptors 0, 1 and 2 are open before anything else is: one that was closed
  /// (`buttonsmith build >&-`) is taken by `/dev/null`, opened for reading only, so writes to it
  /// fail and are reported, and no file the command opens (an image, the store's lock) is given
  /// its number and written to as if it were the stream.
  static func reserveClosedDescriptors() {
    for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDONLY)
      if opened != descriptor, opened >= 0 { close(opened) }
    }
  }

  /// Writes `text` to standard output, after what `print` wrote.
  static func output(_ text: String) {
    bs_write_standard(text, 0)
  }

  /// Writes `text` to standard error (unbuffered): nothing can be said about a failure there.
  static func error(_ text: String) {
    bs_write_standard(text, 1)
  }

  /// Writes out what standard output holds; the system's reason when some of it was lost.
  static func finishOutput() -> String? {
    let failure = bs_finish_standard_output()
    return failure == 0 ? nil : String(cString: strerror(failure))
  }
}

import Foundation

/// The number of files the process may have open at once (`ulimit -n`).
///
/// A build holds the store's directories, the shards it links from and the files it writes
/// open; run out, and each of those failures reads as something else (a spec folder "with no
/// specs", a healthy `.cache` "not a directory", libdispatch stopping the process). So a command
/// raises its own limit to the hard one, as Go's runtime does, and refuses to start, with an error
/// that says why, when even that is too few.
enum DescriptorLimit {
  /// The fewest descriptors every command works with (a build of the example gallery in four
  /// formats needs about 40).
  static let minimum: rlim_t = 64
  /// The most a command raises its limit to.
  static let wanted: rlim_t = 4096

  /// Raises the soft limit toward the hard one; the error to print when the limit is still under
  /// `minimum`, else `nil`.
  static func raise() -> String? {
    guard let limit = SoftLimit.raise(resource, to: wanted), limit < minimum else { return nil }
    return "the process may have only \(limit) files open at once (ulimit -n); buttonsmith needs \(minimum)"
  }

  #if os(Linux)
    private static let resource = Int32(RLIMIT_NOFILE.rawValue)
  #else
    private static let resource = RLIMIT_NOFILE
  #endif
}

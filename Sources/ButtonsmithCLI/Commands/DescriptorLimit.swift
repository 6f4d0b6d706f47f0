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
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return nil }
    if limit.rlim_cur < wanted, limit.rlim_max > limit.rlim_cur {
      var raised = limit
      raised.rlim_cur = min(limit.rlim_max, wanted)
      if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    guard limit.rlim_cur < minimum else { return nil }
    return "the process may have only \(limit.rlim_cur) files open at once (ulimit -n); buttonsmith needs \(minimum)"
  }

  #if os(Linux)
    private static let resource = Int32(RLIMIT_NOFILE.rawValue)
  #else
    private static let resource = RLIMIT_NOFILE
  #endif
}

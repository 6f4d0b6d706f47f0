import ButtonsmithKit
import Foundation

/// The address space the process may use (`ulimit -v`).
///
/// Under too small a limit the drawing libraries end the process where they cannot start a
/// thread (GLib's `creating thread '[pango] FcInit'` abort, a segmentation fault, libdispatch
/// waiting for ever). So a command raises its soft limit to the hard one, and refuses to start,
/// with an error that says why, when even that is under `minimum`. Above it, builds start only
/// the threads that fit (`AddressSpace.threadCeiling`).
enum AddressSpaceLimit {
  /// The least address space every command works with: `AddressSpace.baseline` and room for a
  /// few threads (the example gallery builds in four formats from 250 MiB on one thread).
  static let minimumMiB = 384

  /// Raises the soft limit toward the hard one; the error to print when the limit is still under
  /// `minimumMiB`, else `nil`. Call it before anything reads `AddressSpace.limit`.
  static func raise() -> String? {
    var limit = rlimit()
    guard getrlimit(AddressSpace.resource, &limit) == 0 else { return nil }
    if limit.rlim_cur != AddressSpace.unlimited,
      limit.rlim_max == AddressSpace.unlimited || limit.rlim_max > limit.rlim_cur
    {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(AddressSpace.resource, &raised) == 0 { limit = raised }
    }
    guard limit.rlim_cur != AddressSpace.unlimited, limit.rlim_cur < rlim_t(minimumMiB) << 20 else { return nil }
    return "the process may use only \(limit.rlim_cur >> 20) MiB of address space (ulimit -v); "
      + "buttonsmith needs \(minimumMiB) MiB"
  }
}

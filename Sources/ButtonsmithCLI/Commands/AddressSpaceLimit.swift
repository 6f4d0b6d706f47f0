import ButtonsmithKit
import Foundation

/// The address space the process may use (`ulimit -v`).
///
/// Under too small a limit the drawing libraries end the process where they cannot start a
/// thread (GLib's `creating thread '[pango] FcInit'` abort, a segmentation fault, libdispatch
/// waiting for ever). So a command raises a soft limit under `minimumMiB` toward it (as far as
/// the hard limit lets it; a larger soft limit is a cap someone chose, and is kept), and refuses
/// to start, with an error that says why, when it is still under. Above it, builds start only the
/// threads that fit (`AddressSpace.threadCeiling`).
enum AddressSpaceLimit {
  /// The least address space every command works with: `AddressSpace.baseline` and room for a
  /// few threads (the example gallery builds in four formats from 250 MiB on one thread).
  static let minimumMiB = 384

  /// Raises a soft limit under `minimumMiB` toward it; the error to print when the limit is
  /// still under, else `nil`. Call it before anything reads `AddressSpace.limit`.
  static func raise() -> String? {
    let minimum = rlim_t(minimumMiB) << 20
    guard let limit = SoftLimit.raise(AddressSpace.resource, to: minimum), limit < minimum else { return nil }
    return "the process may use only \(limit >> 20) MiB of address space (ulimit -v); "
      + "buttonsmith needs \(minimumMiB) MiB"
  }
}

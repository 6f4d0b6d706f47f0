import Foundation

/// A soft resource limit of the process (`ulimit -S`), which it may raise up to the hard one.
enum SoftLimit {
  /// Raises the soft limit of `resource` to `target` when it is under it, as far as the hard
  /// limit lets it (one above `target` is left as it is); the soft limit then, or `nil` when it
  /// cannot be read.
  static func raise(_ resource: Int32, to target: rlim_t) -> rlim_t? {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return nil }
    if limit.rlim_cur < target, limit.rlim_max > limit.rlim_cur {
      var raised = limit
      raised.rlim_cur = min(limit.rlim_max, target)
      if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    return limit.rlim_cur
  }
}

import Foundation

/// The address space the process may use (`ulimit -v`), and how many drawing threads fit in it.
///
/// Past the limit, a thread that cannot be started ends the process (GLib aborts, libdispatch
/// waits for ever), so a build under a limit starts no more threads than it leaves room for.
/// The room a thread takes was measured on the example gallery in four formats: with one
/// allocator arena, a build on one thread needed 250 MiB, on eight threads 375 MiB.
public enum AddressSpace {
  /// What a command reserves before its second thread: the binary and its libraries (ICU's
  /// data, fontconfig's caches), the allocator's arena and one drawing thread.
  public static let baseline = 256 << 20
  /// What each further drawing thread reserves: its 8 MiB stack and the images it has in flight.
  public static let perThread = 24 << 20

  /// The soft limit in bytes when there is one, as it was first asked for.
  public static let limit: Int? = {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur != unlimited else { return nil }
    return Int(clamping: limit.rlim_cur)
  }()

  /// The most threads that draw or lay out at once: as many as fit beside `baseline` (at least
  /// one) under a limit, else no fewer than asked for.
  public static let threadCeiling: Int = limit.map { max(1, ($0 - baseline) / perThread + 1) } ?? .max

  /// How many allocator arenas fit: glibc reserves 64 MiB of address space for each arena past
  /// the first, which threads' stacks then lack. One for each 256 MiB past `baseline` (one at the
  /// least limit a command takes), at most one a core, and at least two without a limit.
  public static func arenas(cores: Int) -> Int {
    guard let limit else { return max(2, cores) }
    return max(1, min(cores, (limit - baseline) / (256 << 20)))
  }

  #if os(Linux)
    /// `RLIMIT_AS`.
    public static let resource = Int32(RLIMIT_AS.rawValue)
    /// `RLIM_INFINITY` (whose C definition Swift does not import on Linux).
    public static let unlimited = rlim_t.max
  #else
    /// `RLIMIT_AS`.
    public static let resource = RLIMIT_AS
    /// `RLIM_INFINITY` (`(1 << 63) - 1`, a macro Swift does not import).
    public static let unlimited = rlim_t(Int64.max)
  #endif
}

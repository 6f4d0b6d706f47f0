import Foundation

/// What `lstat` says of a file that changes whenever its bytes could have: device, inode, size,
/// and the modification and change times to the nanosecond. The change time cannot be set by a
/// user and moves on every write, link, unlink and mode change, so an unchanged status means
/// unchanged bytes without reading them.
public struct FileStatus: Codable, Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: Int64
  var changed: Int64

  /// The five numbers, for compact storage.
  var fields: [Int64] {
    [Int64(bitPattern: device), Int64(bitPattern: inode), size, modified, changed]
  }

  /// A status from `fields`; `nil` unless there are five (all zero: no status recorded).
  init?(fields: [Int64]) {
    guard fields.count == 5, fields.contains(where: { $0 != 0 }) else { return nil }
    device = UInt64(bitPattern: fields[0])
    inode = UInt64(bitPattern: fields[1])
    size = fields[2]
    modified = fields[3]
    changed = fields[4]
  }

  /// Whether the status cannot vouch for the file's bytes as they were at `time`: their last
  /// write, by the modification time, is too close to `time`, or after it. File system clocks
  /// are coarse (a few milliseconds), so a write right after `time` could leave the
  /// modification time as it was; such files are hashed again, as git treats "racy" entries.
  /// Like git this looks at the modification time only: a file linked or unlinked after `time`
  /// has a new change time but old bytes, and is not racy.
  func isRacy(at time: Int64) -> Bool {
    modified >= time - Self.racyWindow(for: modified)
  }

  /// How close to a status's time a change may be: 50 ms where the file system keeps fractions
  /// of a second, 2 s where its times are whole seconds.
  static func racyWindow(for time: Int64) -> Int64 {
    time % 1_000_000_000 == 0 ? 2_000_000_000 : 50_000_000
  }

  private static func nanoseconds(_ seconds: Int64, _ fraction: Int64) -> Int64? {
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return nil }
    let (sum, overflowed) = scaled.addingReportingOverflow(fraction)
    return overflowed ? nil : sum
  }

  /// Now, in the same nanoseconds as the file times.
  static var now: Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  /// The status of the regular file at `path` (never through a link); `nil` when there is none.
  init?(ofFileAt path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// The status of the open file `descriptor`; `nil` unless it is a regular file.
  init?(ofDescriptor descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status)
  }

  /// Whether `other` is the same file with the same bytes as far as a status can tell: device,
  /// inode, size and modification time. (Linking, unlinking and renaming move the change time
  /// only.)
  func isSameContent(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode && size == other.size && modified == other.modified
  }

  /// The status `lstat` or `fstatat` gave; `nil` unless it is a regular file's.
  init?(_ status: stat) {
    guard status.st_mode & S_IFMT == S_IFREG else { return nil }
    #if os(Linux)
      let (modified, changed) = (status.st_mtim, status.st_ctim)
    #else
      let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
    #endif
    // Times beyond what 64-bit nanoseconds hold (before 1677 or after 2262) give no status.
    guard let modified = Self.nanoseconds(Int64(modified.tv_sec), Int64(modified.tv_nsec)),
      let changed = Self.nanoseconds(Int64(changed.tv_sec), Int64(changed.tv_nsec))
    else { return nil }
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
    size = Int64(status.st_size)
    self.modified = modified
    self.changed = changed
  }
}

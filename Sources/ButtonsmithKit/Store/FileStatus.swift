import Foundation

/// What `lstat` says of a file that changes whenever its bytes could have: device, inode, size,
/// and the modification and change times to the nanosecond. The change time cannot be set by a
/// user and moves on every write, link, unlink and mode change, so an unchanged status means
/// unchanged bytes without reading them.
public struct FileStatus: Codable, Equatable, Sendable {
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

  /// Whether the status was taken too soon after the file's last change to vouch for it: file
  /// system clocks are coarse (a few milliseconds), so a change right after `time` could leave
  /// the change time as it was. Such files are hashed, as git treats "racy" entries.
  func isRacy(at time: Int64) -> Bool {
    changed >= time - 50_000_000
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
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    #if os(Linux)
      let (modified, changed) = (status.st_mtim, status.st_ctim)
    #else
      let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
    #endif
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
    size = Int64(status.st_size)
    self.modified = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
    self.changed = Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
  }
}

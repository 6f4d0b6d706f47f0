import Foundation

/// Reads a file without letting it cost more than its kind warrants: it must be a regular file
/// (a FIFO, a device or a directory is refused without blocking), and no more than `limit` bytes
/// are read, whatever the file's size. A link is followed to its target (whose size is what
/// counts) unless `followingLinks` is false, as the asset store reads its own files.
public enum BoundedFile {
  /// Why a file was not read.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// There is no such file.
    case missing
    /// It exists but cannot be opened or read.
    case unreadable(String)
    /// It is a FIFO, a device, a socket or a directory.
    case notRegular
    /// It is larger than the limit.
    case tooLarge(size: Int, limit: Int)
    /// It, or a folder on its way, is a link, and links are not followed.
    case throughLink

    public var description: String {
      switch self {
      case .missing: return "does not exist"
      case .unreadable(let reason): return "cannot be read (\(reason))"
      case .notRegular: return "is not a regular file"
      case .tooLarge(let size, let limit): return "is \(size) bytes, more than the \(limit) it may have"
      case .throughLink: return "is reached through a link, which is not followed"
      }
    }
  }

  /// The largest spec or template file.
  public static let specLimit = 4 * 1024 * 1024
  /// The largest image or mask file.
  public static let imageLimit = 32 * 1024 * 1024
  /// The largest font file (CJK collections are tens of megabytes).
  public static let fontLimit = 128 * 1024 * 1024

  /// The size of the regular file at `path`, checked against `limit`, without reading it.
  public static func size(at path: String, limit: Int, followingLinks: Bool = true) -> Result<Int, Failure> {
    withOpenFile(at: path, limit: limit, followingLinks: followingLinks) { _, size in .success(size) }
  }

  /// The bytes of the regular file at `path`, which may have at most `limit` of them; with
  /// `prefix`, only its first `prefix` bytes. `beneath` as `withOpenFile` takes it.
  public static func read(
    at path: String, limit: Int, prefix: Int? = nil, followingLinks: Bool = true, beneath: String? = nil
  ) -> Result<Data, Failure> {
    withOpenFile(at: path, limit: limit, followingLinks: followingLinks, beneath: beneath) { descriptor, fileSize in
      let size = min(fileSize, prefix ?? fileSize)
      var data = Data(count: size)
      let count = data.withUnsafeMutableBytes { buffer -> Int in
        var offset = 0
        while offset < buffer.count {
          let count = Foundation.read(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if count < 0, errno == EINTR { continue }
          if count <= 0 { break }
          offset += count
        }
        return offset
      }
      // A file that grew or shrank while being read is read as far as it was measured.
      return .success(count == size ? data : data.prefix(count))
    }
  }

  /// Calls `body` with the open descriptor and size of the regular file at `path`; with
  /// `beneath`, `path` is relative to that directory, and none of its components may be a link
  /// (`followingLinks` is then false; the directory itself may be one).
  public static func withOpenFile<T>(
    at path: String, limit: Int, followingLinks: Bool = true, beneath: String? = nil,
    _ body: (Int32, Int) -> Result<T, Failure>
  ) -> Result<T, Failure> {
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
    let descriptor =
      beneath.map { openWithoutLinks(path, beneath: $0, flags: flags) }
      ?? open(path, flags | (followingLinks ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
      if errno == ELOOP, beneath != nil || !followingLinks { return .failure(.throughLink) }
      return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
    guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
    let size = Int(status.st_size)
    guard size <= limit else { return .failure(.tooLarge(size: size, limit: limit)) }
    return body(descriptor, size)
  }

  /// Opens the relative `path` beneath `directory` with `flags`, one component at a time, none
  /// of them through a link (`ELOOP` then); -1 with `errno` set on failure.
  public static func openWithoutLinks(_ path: String, beneath directory: String, flags: Int32) -> Int32 {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    guard !path.hasPrefix("/"), let last = components.last else {
      errno = EINVAL
      return -1
    }
    var parent = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    for component in components.dropLast() where parent >= 0 {
      let next = openat(parent, String(component), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      var reason = errno
      // A link where a folder is expected is `ENOTDIR` on Linux: said as the link it is.
      var status = stat()
      if next < 0, reason == ENOTDIR, fstatat(parent, String(component), &status, AT_SYMLINK_NOFOLLOW) == 0,
        status.st_mode & S_IFMT == S_IFLNK
      {
        reason = ELOOP
      }
      close(parent)
      (parent, errno) = (next, reason)
    }
    guard parent >= 0 else { return -1 }
    let descriptor = openat(parent, String(last), flags | O_NOFOLLOW)
    let reason = errno
    close(parent)
    errno = reason
    return descriptor
  }
}

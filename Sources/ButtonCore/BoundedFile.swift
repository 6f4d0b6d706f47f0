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

    public var description: String {
      switch self {
      case .missing: return "does not exist"
      case .unreadable(let reason): return "cannot be read (\(reason))"
      case .notRegular: return "is not a regular file"
      case .tooLarge(let size, let limit): return "is \(size) bytes, more than the \(limit) it may have"
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
  /// `prefix`, only its first `prefix` bytes.
  public static func read(
    at path: String, limit: Int, prefix: Int? = nil, followingLinks: Bool = true
  ) -> Result<Data, Failure> {
    withOpenFile(at: path, limit: limit, followingLinks: followingLinks) { descriptor, fileSize in
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

  /// Calls `body` with the open descriptor and size of the regular file at `path`.
  public static func withOpenFile<T>(
    at path: String, limit: Int, followingLinks: Bool = true, _ body: (Int32, Int) -> Result<T, Failure>
  ) -> Result<T, Failure> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
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
}

import Foundation

/// A directory's entries as `readdir` gives them, read by their bytes.
///
/// Foundation's listing leaves out a name that is not UTF-8 (a file copied from an old archive
/// or a Latin-1 system): a spec so named would be skipped in silence. This listing keeps such
/// names apart, with what each is, so that a search can report them.
public struct DirectoryListing: Sendable {
  /// One entry.
  public struct Entry: Sendable {
    /// The name's bytes.
    public var bytes: [UInt8]
    /// The name, when it is UTF-8.
    public var name: String?
    /// Whether it is a directory, through a link.
    public var isDirectory: Bool
    /// The name as a message shows it: its UTF-8 characters, and each other byte as `\xE9`.
    public var shown: String { name ?? DirectoryListing.shown(bytes) }
    /// Whether the name starts with a dot.
    public var isHidden: Bool { bytes.first == UInt8(ascii: ".") }
  }

  /// The entries, `.` and `..` left out, in the order the file system gives them.
  public private(set) var entries: [Entry] = []

  /// The entries of the directory at `path` (given by its bytes, through links); `nil` when it
  /// cannot be listed.
  public init?(path: [UInt8]) {
    guard let stream = (path + [0]).withUnsafeBufferPointer({ opendir($0.baseAddress!) }) else { return nil }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if bytes == Array(".".utf8) || bytes == Array("..".utf8) { continue }
      var isDirectory = Int32(entry.pointee.d_type) == Int32(DT_DIR)
      if [Int32(DT_UNKNOWN), Int32(DT_LNK)].contains(Int32(entry.pointee.d_type)) {
        var status = stat()
        let found = (bytes + [0]).withUnsafeBufferPointer { fstatat(dirfd(stream), $0.baseAddress!, &status, 0) } == 0
        isDirectory = found && status.st_mode & S_IFMT == S_IFDIR
      }
      entries.append(Entry(bytes: bytes, name: String(validating: bytes, as: UTF8.self), isDirectory: isDirectory))
    }
  }

  /// The entries of the directory at `path`.
  public init?(path: String) {
    self.init(path: Array(path.utf8))
  }

  /// The device and inode of the file at `path` (by its bytes), through links: which file it
  /// is, for a search that must not go round a loop of links.
  public static func identity(of path: [UInt8]) -> [UInt64]? {
    var status = stat()
    guard (path + [0]).withUnsafeBufferPointer({ stat($0.baseAddress!, &status) }) == 0 else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// `bytes` as text: its UTF-8 characters, and each byte that is not part of one as `\xE9`
  /// (as a compiler shows a byte it cannot print).
  public static func shown(_ bytes: [UInt8]) -> String {
    var text = ""
    var start = 0
    while start < bytes.count {
      let length = sequenceLength(lead: bytes[start])
      if length > 0, start + length <= bytes.count,
        let character = String(validating: bytes[start..<start + length], as: UTF8.self)
      {
        text += character
        start += length
      } else {
        text += "\\x" + String(bytes[start], radix: 16, uppercase: true).leftPadded(to: 2)
        start += 1
      }
    }
    return text
  }

  /// How many bytes a UTF-8 sequence starting with `lead` has; 0 for a byte no sequence starts with.
  private static func sequenceLength(lead: UInt8) -> Int {
    switch lead {
    case 0x00..<0x80: return 1
    case 0xC2..<0xE0: return 2
    case 0xE0..<0xF0: return 3
    case 0xF0..<0xF5: return 4
    default: return 0
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}

/// A path compared by its bytes, as the file system compares names.
///
/// Two `String`s are equal when they are canonically equivalent: `café` written with `é` and
/// written with `e` and a combining accent are one string, but on Linux two files. Files keyed
/// by `String` would then read one file's bytes for the other's name.
public struct FilePath: Hashable, Sendable, CustomStringConvertible {
  /// The path's UTF-8 bytes.
  public let bytes: [UInt8]

  /// The path `path`, by its bytes.
  public init(_ path: String) {
    bytes = Array(path.utf8)
  }

  public var description: String {
    String(decoding: bytes, as: UTF8.self)
  }
}

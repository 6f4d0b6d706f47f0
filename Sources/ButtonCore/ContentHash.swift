import Crypto
import Foundation

/// SHA-256 digests as lowercase hex, the form `sha256sum` prints.
public enum ContentHash {
  /// The digest of `data`.
  public static func sha256(_ data: Data) -> String {
    digest(data).hex
  }

  /// The digest of `data`, as its 32 bytes.
  public static func digest(_ data: Data) -> SHA256Digest {
    SHA256Digest(SHA256.hash(data: data))
  }

  /// A SHA-256 of bytes that come in pieces; a copy goes on from where the original stood.
  public struct Running {
    private var hasher = SHA256()

    public init() {}

    /// Adds `data` to the bytes hashed.
    public mutating func update(_ data: Data) { hasher.update(data: data) }

    /// The digest of the bytes so far, as lowercase hex.
    public var digest: String { hex(hasher.finalize()) }
  }

  private static let digits = Array("0123456789abcdef".utf8)

  private static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    var characters: [UInt8] = []
    characters.reserveCapacity(64)
    for byte in bytes {
      characters.append(digits[Int(byte >> 4)])
      characters.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: characters, as: UTF8.self)
  }

  /// The digest of the regular file at `path` (of at most `limit` bytes), read in pieces and
  /// without waiting on a FIFO; through a link only when `followingLinks` (the store's own files
  /// never are). `nil` when it is missing, unreadable, not a regular file or larger.
  public static func sha256(
    ofRegularFileAt path: String, limit: Int, followingLinks: Bool = false, beneath: String? = nil
  ) -> String? {
    let digest = BoundedFile.withOpenFile(at: path, limit: limit, followingLinks: followingLinks, beneath: beneath) {
      descriptor, size -> Result<String, BoundedFile.Failure> in
      var hasher = SHA256()
      // One byte more than the file measured, so its end is seen in one read.
      var buffer = [UInt8](repeating: 0, count: min(size + 1, 1 << 20))
      var total = 0
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if count == 0 { break }
        total += count
        guard total <= limit else { return .failure(.tooLarge(size: total, limit: limit)) }
        hasher.update(data: buffer[0..<count])
      }
      return .success(hex(hasher.finalize()))
    }
    return try? digest.get()
  }

  /// The digest of the regular file at `url` (of at most `limit` bytes, through links), or
  /// `nil` when it cannot be read, is not a regular file or is larger.
  public static func sha256(ofFileAt url: URL, limit: Int = BoundedFile.fontLimit) -> String? {
    sha256(ofRegularFileAt: url.path, limit: limit, followingLinks: true)
  }
}

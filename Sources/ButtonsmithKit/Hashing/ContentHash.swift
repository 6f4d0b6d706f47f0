import Crypto
import Foundation

/// SHA-256 digests as lowercase hex, the form `sha256sum` prints.
public enum ContentHash {
  /// The digest of `data`.
  public static func sha256(_ data: Data) -> String {
    SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
  }

  /// The digest of the file at `url`, or `nil` when it cannot be read.
  public static func sha256(ofFileAt url: URL) -> String? {
    guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
    return sha256(data)
  }
}

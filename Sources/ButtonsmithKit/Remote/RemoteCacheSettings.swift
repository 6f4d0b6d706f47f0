import ButtonCore
import Foundation

/// Where the team's shared cache is and how to use it: `remote-cache` in `buttonsmith.yml`, or
/// `--remote-cache URL` and `--remote-cache-upload`.
public struct RemoteCacheSettings: Sendable, Equatable {
  /// The base URL; objects are under `cas/`, records under `ac/`.
  public var url: URL
  /// Whether drawn images are uploaded.
  public var upload: Bool
  /// The environment variable holding one `Name: value` header (a token); its value is never
  /// printed, written to the manifest or to the stamp.
  public var headerEnvironment: String?
  /// Seconds per request.
  public var timeout: Double

  /// Settings for the cache at `url`.
  public init(url: URL, upload: Bool = false, headerEnvironment: String? = nil, timeout: Double = 10) {
    self.url = url
    self.upload = upload
    self.headerEnvironment = headerEnvironment
    self.timeout = timeout
  }
}

/// One of N parts of the keys, for builds split over several machines (`--shard I/N`).
public struct Shard: Sendable, Equatable {
  /// 1...count.
  public var index: Int
  public var count: Int

  /// Parses `I/N`, two numbers in plain digits (no sign, no leading zero) with 1 <= I <= N;
  /// `nil` otherwise.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    let plain = parts.allSatisfy { $0.first != "0" && !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }
    guard parts.count == 2, plain, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    self.index = index
    self.count = count
  }

  /// Whether `key` (a SHA-256 in hex) is in this shard: its first 15 hex digits, as a number,
  /// modulo the count. Stable across machines and runs.
  public func contains(_ key: SHA256Digest) -> Bool {
    guard let value = UInt64(key.hex.prefix(15), radix: 16) else { return index == 1 }
    return Int(value % UInt64(count)) == index - 1
  }
}

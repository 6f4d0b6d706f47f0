import Foundation

/// The names the asset store creates. The store deletes nothing whose name is not of one of
/// these forms, so a file a user puts into the output directory is never removed.
enum StoreNames {
  /// The file that marks a directory as a Buttonsmith output directory.
  static let marker = ".buttonsmith-store"
  /// The prefix of every temporary name: files being written, versions being staged or pruned.
  static let temporaryPrefix = ".buttonsmith-tmp-"
  /// The names the store keeps at its root besides temporary names.
  static let rootNames: Set<String> = [marker, ".cache", "versions", "current", ".lock"]
  /// The largest version number; larger numbers are not versions of this store.
  static let largestVersion = 999_999_999

  /// The number of `name` when it is a canonical version name (`v1`, `v42`; not `v0`, `v007`,
  /// `v+3`, `v-1` or a number past `largestVersion`).
  static func versionNumber<Name: StringProtocol>(_ name: Name) -> Int? {
    let digits = name.utf8.dropFirst()
    guard name.utf8.first == UInt8(ascii: "v"), let first = digits.first, first != UInt8(ascii: "0"),
      digits.count <= 9, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return Int(String(decoding: digits, as: UTF8.self))
  }

  /// The target `current` has when it points to version `number`.
  static func currentTarget(_ number: Int) -> String { "versions/v\(number)" }

  /// The version number of a `current` link's target, when it is exactly `versions/vN`.
  static func versionNumber(currentTarget target: String) -> Int? {
    guard target.hasPrefix("versions/") else { return nil }
    return versionNumber(target.dropFirst("versions/".count))
  }

  /// Whether `name` is a shard directory of `.cache/objects`: two lowercase hex digits.
  static func isShard(_ name: String) -> Bool {
    name.utf8.count == 2 && name.utf8.allSatisfy(isLowercaseHex)
  }

  /// Whether `name` is an object of shard `shard`: a lowercase SHA-256 that starts with it.
  static func isObject(_ name: String, inShard shard: String) -> Bool {
    name.utf8.count == 64 && name.hasPrefix(shard) && name.utf8.allSatisfy(isLowercaseHex)
  }

  /// A fresh temporary name for `purpose`, unique to this process and call: 128 random bits from
  /// the system's generator (`UUID()` opens `/dev/urandom` on Linux for each, and a build names
  /// a temporary file for every object it writes).
  static func temporaryName(_ purpose: String) -> String {
    var random = SystemRandomNumberGenerator()
    return "\(temporaryPrefix)\(purpose)-\(getpid())-\(hex(random.next()))\(hex(random.next()))"
  }

  /// `value` as 16 lowercase hex digits.
  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.utf8.count) + digits
  }

  static func isTemporary(_ name: String) -> Bool { name.hasPrefix(temporaryPrefix) }

  static func isLowercaseHex(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
  }
}

/// The one-line entries the stamp and the cache index keep their records in: fields separated by
/// single spaces, inside one JSON string each. `JSONDecoder` reads a string at a fraction of the
/// cost of a keyed object (measured: 22 µs per cache index entry as an object, which made reading
/// the index of 1,500 images a tenth of a build that draws one button).
enum TextFields {
  /// The fields of `bytes` split at each single space (`""` between two spaces).
  static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> [Slice<UnsafeBufferPointer<UInt8>>] {
    bytes.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
  }

  /// A decimal `Int64`, as `Int64(_:)` reads one (an optional `-` or `+`, then digits).
  static func integer(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
    var digits = digits[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    guard !digits.isEmpty else { return nil }
    var value: Int64 = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      let digit = Int64(byte - UInt8(ascii: "0"))
      let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowed) =
        negative ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
      guard !overflow, !overflowed else { return nil }
      value = next
    }
    return value
  }

  /// Whether the field is `-`, which stands for a value that is absent.
  static func isAbsent(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    field.count == 1 && field.first == UInt8(ascii: "-")
  }

  /// A checksum of `text`: 64-bit FNV-1a, as 16 lowercase hex digits. It finds a record damaged
  /// on the disk or edited by hand (no digit changes without changing it), not one forged on
  /// purpose, and costs a fraction of a microsecond per record.
  static func checksum(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

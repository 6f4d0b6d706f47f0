import Foundation

/// A JSON value written exactly as `JSONEncoder` writes it with `.prettyPrinted`, `.sortedKeys`
/// and `.withoutEscapingSlashes`, byte for byte, straight into a buffer: `JSONEncoder` boxes
/// every value into a tree first, which costs more than drawing at thousands of manifest assets.
enum PrettyJSON {
  case string(String)
  case integer(Int)
  /// An unsigned integer beyond `Int`'s range, such as a device or inode number.
  case unsigned(UInt64)
  case number(Double)
  case array([PrettyJSON])
  /// Members in any order; they are written sorted by their keys' UTF-8 bytes.
  case object([(key: String, value: PrettyJSON)])

  /// Appends the value as it appears `depth` levels deep (two spaces each); the first line's
  /// indentation is the caller's. Throws for a number JSON cannot hold (NaN, infinity), as
  /// `JSONEncoder` does.
  func write(to bytes: inout [UInt8], depth: Int) throws {
    switch self {
    case .string(let string):
      JSONText.appendString(string, to: &bytes)
    case .integer(let integer):
      bytes.append(contentsOf: String(integer).utf8)
    case .unsigned(let integer):
      bytes.append(contentsOf: String(integer).utf8)
    case .number(let number):
      try JSONText.appendNumber(number, to: &bytes)
    case .array(let elements):
      try Self.writeContainer(
        open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count, to: &bytes, depth: depth
      ) { index, bytes in
        try elements[index].write(to: &bytes, depth: depth + 1)
      }
    case .object(let members):
      // Members made in order (a manifest's assets) are written without a sorted copy.
      let inOrder = zip(members, members.dropFirst()).allSatisfy { JSONText.keyPrecedes($0.key, $1.key) }
      let sorted = inOrder ? members : members.sorted { JSONText.keyPrecedes($0.key, $1.key) }
      try Self.writeContainer(
        open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: sorted.count, to: &bytes, depth: depth
      ) { index, bytes in
        JSONText.appendString(sorted[index].key, to: &bytes)
        bytes.append(contentsOf: " : ".utf8)
        try sorted[index].value.write(to: &bytes, depth: depth + 1)
      }
    }
  }

  /// A container of `count` elements appended to `data` as `writeContainer` writes it, each
  /// element written by `element` into a small buffer first: thousands of values (a manifest's
  /// assets, the cache index's entries) are never held as one tree, and the bytes are never
  /// copied whole. `drain` is called after each element and may take the bytes `data` holds.
  static func appendContainer(
    open: UInt8, close: UInt8, count: Int, to data: inout Data, depth: Int,
    drain: (inout Data) throws -> Void = { _ in }, element: (Int, inout [UInt8]) throws -> Void
  ) rethrows {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(2048)
    try writeContainer(open: open, close: close, count: count, to: &bytes, depth: depth) { index, bytes in
      try element(index, &bytes)
      data.append(contentsOf: bytes)
      bytes.removeAll(keepingCapacity: true)
      try drain(&data)
    }
    data.append(contentsOf: bytes)
  }

  /// `[`, each element on its own line one level in, `]` on a line of its own at `depth`; an
  /// empty container is written with an empty line inside, as `JSONEncoder` does.
  private static func writeContainer(
    open: UInt8, close: UInt8, count: Int, to bytes: inout [UInt8], depth: Int,
    element: (Int, inout [UInt8]) throws -> Void
  ) rethrows {
    bytes.append(open)
    bytes.append(newline)
    if count == 0 { bytes.append(newline) }
    for index in 0..<count {
      if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
      indent(depth + 1, &bytes)
      try element(index, &bytes)
    }
    if count > 0 { bytes.append(newline) }
    indent(depth, &bytes)
    bytes.append(close)
  }

  private static let newline = UInt8(ascii: "\n")

  private static func indent(_ depth: Int, _ bytes: inout [UInt8]) {
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }
}

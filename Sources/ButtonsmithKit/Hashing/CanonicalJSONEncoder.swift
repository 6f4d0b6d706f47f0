import Foundation

/// The canonical encoding a job's key hashes: an `Encodable` value as compact JSON.
///
/// - Object members are sorted by their keys' UTF-8 bytes; a key encoded twice keeps its last
///   value, and a nested container asked for twice is filled further. A member encoded with
///   `encodeIfPresent` and `nil` is left out; `encodeNil` writes `null`. A value that encodes
///   nothing is `{}`; a super encoder's value sits under `super` (or its key).
/// - Strings and numbers are written as `JSONText` writes them; `Data` as Base64, `URL` as its
///   absolute string. Nothing else is special: a `Date` or `Decimal` (which no job holds) is
///   written as its own `encode(to:)` writes it.
///
/// For everything a job holds these are the bytes `JSONEncoder` wrote with `.sortedKeys` and
/// `.withoutEscapingSlashes` on Linux, where the keys were first defined, so no key changed when
/// this encoder replaced it (a test compares the two on every job of the gallery). Owning them
/// keeps every key the same under another Foundation (whose key order is documented as subject
/// to change, and which on Darwin sorts keys as localized text) and on another platform, so a
/// cache filled on one machine serves the others. It is also about twice as fast: it never looks
/// for dates or key strategies, and writes straight from a small tree.
struct CanonicalJSONEncoder {
  /// The canonical JSON of `value`. Throws for a number JSON cannot hold, or a value that
  /// encodes nothing at all.
  func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = CanonicalValueEncoder(parent: nil, key: nil)
    guard let root = try encoder.box(value, at: nil, whenEmpty: nil) else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1024)
    try root.write(to: &bytes)
    return bytes
  }
}

/// A value on its way to being written; containers are references, filled as they are encoded.
enum CanonicalValue {
  case null
  case bool(Bool)
  case string(String)
  case integer(Int64)
  case unsigned(UInt64)
  case double(Double)
  case float(Float)
  case object(CanonicalObject)
  case array(CanonicalArray)
  /// What a `superEncoder` was given, read when the tree is written.
  case deferred(CanonicalValueEncoder)

  func write(to bytes: inout [UInt8]) throws {
    switch self {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .string(let value): JSONText.appendString(value, to: &bytes)
    case .integer(let value): bytes.append(contentsOf: String(value).utf8)
    case .unsigned(let value): bytes.append(contentsOf: String(value).utf8)
    case .double(let value): try JSONText.appendNumber(value, to: &bytes)
    case .float(let value): try JSONText.appendNumber(value, to: &bytes)
    case .object(let node):
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in node.members.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        JSONText.appendString(member.key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        try member.value.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    case .array(let node):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in node.elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        try element.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .deferred(let encoder):
      try (encoder.value ?? .object(CanonicalObject())).write(to: &bytes)
    }
  }
}

/// An object's members, kept sorted as they are set: an object has a few members, which come
/// in their type's order, so finding each one's place costs less than sorting them later.
final class CanonicalObject {
  private(set) var members: [(key: String, value: CanonicalValue)] = []

  func set(_ value: CanonicalValue, for key: String) {
    // After the members whose keys come before `key`; a key the same byte for byte is replaced.
    var index = members.endIndex
    while index > members.startIndex, !JSONText.keyPrecedes(members[index - 1].key, key) { index -= 1 }
    if index < members.endIndex, !JSONText.keyPrecedes(key, members[index].key) {
      members[index].value = value
    } else {
      members.insert((key, value), at: index)
    }
  }

  func member(_ key: String) -> CanonicalValue? {
    members.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
  }
}

/// An array's elements, in order.
final class CanonicalArray {
  var elements: [CanonicalValue] = []
}

/// The `Encoder` a value encodes itself into; its coding path is its parent's and its key.
final class CanonicalValueEncoder: Encoder {
  let parent: CanonicalValueEncoder?
  let key: (any CodingKey)?
  var value: CanonicalValue?

  init(parent: CanonicalValueEncoder?, key: (any CodingKey)?) {
    self.parent = parent
    self.key = key
  }

  var codingPath: [any CodingKey] { (parent?.codingPath ?? []) + (key.map { [$0] } ?? []) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object(let node) = value {
      return KeyedEncodingContainer(CanonicalObjectContainer(node: node, encoder: self))
    }
    let node = CanonicalObject()
    value = .object(node)
    return KeyedEncodingContainer(CanonicalObjectContainer(node: node, encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array(let node) = value { return CanonicalArrayContainer(node: node, encoder: self) }
    let node = CanonicalArray()
    value = .array(node)
    return CanonicalArrayContainer(node: node, encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { CanonicalSingleValue(encoder: self) }

  /// What `value` encodes to at `key` below this encoder; `whenEmpty` when it encodes nothing.
  func box<T: Encodable>(_ value: T, at key: (any CodingKey)?, whenEmpty: CanonicalValue?) throws -> CanonicalValue? {
    if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
    if T.self == URL.self { return .string((value as! URL).absoluteString) }
    let child = CanonicalValueEncoder(parent: self, key: key)
    try value.encode(to: child)
    return child.value ?? whenEmpty
  }

  /// `box` for a value inside a container: one that encodes nothing is an empty object.
  func boxMember<T: Encodable>(_ value: T, at key: (any CodingKey)?) throws -> CanonicalValue {
    try box(value, at: key, whenEmpty: .object(CanonicalObject()))!
  }
}

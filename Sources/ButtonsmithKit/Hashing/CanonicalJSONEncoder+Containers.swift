import Foundation

/// A key made from a string or an index: `super`, and an array element's position.
struct CanonicalCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

/// A keyed container: fills one object.
struct CanonicalObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: CanonicalObject
  let encoder: CanonicalValueEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil(forKey key: Key) throws { node.set(.null, for: key.stringValue) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { node.set(.bool(value), for: key.stringValue) }
  mutating func encode(_ value: String, forKey key: Key) throws { node.set(.string(value), for: key.stringValue) }
  mutating func encode(_ value: Double, forKey key: Key) throws { node.set(.double(value), for: key.stringValue) }
  mutating func encode(_ value: Float, forKey key: Key) throws { node.set(.float(value), for: key.stringValue) }
  mutating func encode(_ value: Int, forKey key: Key) throws { node.set(.integer(Int64(value)), for: key.stringValue) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { node.set(.integer(Int64(value)), for: key.stringValue) }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    node.set(.integer(Int64(value)), for: key.stringValue)
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    node.set(.integer(Int64(value)), for: key.stringValue)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    node.set(.integer(Int64(value)), for: key.stringValue)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    node.set(.unsigned(UInt64(value)), for: key.stringValue)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    node.set(.unsigned(UInt64(value)), for: key.stringValue)
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    node.set(.unsigned(UInt64(value)), for: key.stringValue)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    node.set(.unsigned(UInt64(value)), for: key.stringValue)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    node.set(.unsigned(UInt64(value)), for: key.stringValue)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    node.set(try encoder.boxMember(value, at: key), for: key.stringValue)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    // Asked for again, the same object is filled further.
    let nested =
      node.member(key.stringValue).flatMap { if case .object(let node) = $0 { node } else { nil } } ?? CanonicalObject()
    node.set(.object(nested), for: key.stringValue)
    return KeyedEncodingContainer(
      CanonicalObjectContainer<NestedKey>(node: nested, encoder: CanonicalValueEncoder(parent: encoder, key: key)))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested =
      node.member(key.stringValue).flatMap { if case .array(let node) = $0 { node } else { nil } } ?? CanonicalArray()
    node.set(.array(nested), for: key.stringValue)
    return CanonicalArrayContainer(node: nested, encoder: CanonicalValueEncoder(parent: encoder, key: key))
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: CanonicalCodingKey(stringValue: "super")) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    let child = CanonicalValueEncoder(parent: encoder, key: key)
    node.set(.deferred(child), for: key.stringValue)
    return child
  }
}

/// An unkeyed container: fills one array.
struct CanonicalArrayContainer: UnkeyedEncodingContainer {
  let node: CanonicalArray
  let encoder: CanonicalValueEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { node.elements.count }

  mutating func encodeNil() throws { node.elements.append(.null) }
  mutating func encode(_ value: Bool) throws { node.elements.append(.bool(value)) }
  mutating func encode(_ value: String) throws { node.elements.append(.string(value)) }
  mutating func encode(_ value: Double) throws { node.elements.append(.double(value)) }
  mutating func encode(_ value: Float) throws { node.elements.append(.float(value)) }
  mutating func encode(_ value: Int) throws { node.elements.append(.integer(Int64(value))) }
  mutating func encode(_ value: Int8) throws { node.elements.append(.integer(Int64(value))) }
  mutating func encode(_ value: Int16) throws { node.elements.append(.integer(Int64(value))) }
  mutating func encode(_ value: Int32) throws { node.elements.append(.integer(Int64(value))) }
  mutating func encode(_ value: Int64) throws { node.elements.append(.integer(Int64(value))) }
  mutating func encode(_ value: UInt) throws { node.elements.append(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt8) throws { node.elements.append(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt16) throws { node.elements.append(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt32) throws { node.elements.append(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt64) throws { node.elements.append(.unsigned(UInt64(value))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    node.elements.append(try encoder.boxMember(value, at: CanonicalCodingKey(intValue: count)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let nested = CanonicalObject()
    let path = CanonicalValueEncoder(parent: encoder, key: CanonicalCodingKey(intValue: count))
    node.elements.append(.object(nested))
    return KeyedEncodingContainer(CanonicalObjectContainer<NestedKey>(node: nested, encoder: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = CanonicalArray()
    let path = CanonicalValueEncoder(parent: encoder, key: CanonicalCodingKey(intValue: count))
    node.elements.append(.array(nested))
    return CanonicalArrayContainer(node: nested, encoder: path)
  }

  mutating func superEncoder() -> any Encoder {
    let child = CanonicalValueEncoder(parent: encoder, key: CanonicalCodingKey(intValue: count))
    node.elements.append(.deferred(child))
    return child
  }
}

/// A single value container: sets its encoder's value.
struct CanonicalSingleValue: SingleValueEncodingContainer {
  let encoder: CanonicalValueEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.value = .null }
  mutating func encode(_ value: Bool) throws { encoder.value = .bool(value) }
  mutating func encode(_ value: String) throws { encoder.value = .string(value) }
  mutating func encode(_ value: Double) throws { encoder.value = .double(value) }
  mutating func encode(_ value: Float) throws { encoder.value = .float(value) }
  mutating func encode(_ value: Int) throws { encoder.value = .integer(Int64(value)) }
  mutating func encode(_ value: Int8) throws { encoder.value = .integer(Int64(value)) }
  mutating func encode(_ value: Int16) throws { encoder.value = .integer(Int64(value)) }
  mutating func encode(_ value: Int32) throws { encoder.value = .integer(Int64(value)) }
  mutating func encode(_ value: Int64) throws { encoder.value = .integer(Int64(value)) }
  mutating func encode(_ value: UInt) throws { encoder.value = .unsigned(UInt64(value)) }
  mutating func encode(_ value: UInt8) throws { encoder.value = .unsigned(UInt64(value)) }
  mutating func encode(_ value: UInt16) throws { encoder.value = .unsigned(UInt64(value)) }
  mutating func encode(_ value: UInt32) throws { encoder.value = .unsigned(UInt64(value)) }
  mutating func encode(_ value: UInt64) throws { encoder.value = .unsigned(UInt64(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.value = try encoder.boxMember(value, at: nil)
  }
}

/// A YAML value with the place it was written, for every value, key and item.
///
/// The loader turns Yams' nodes into this tree once; merging and decoding work on it, so a
/// value merged in from a template still points to the template's line.
public struct SpecNode: Sendable, Equatable {
  /// A scalar as written.
  public struct Scalar: Sendable, Equatable {
    /// The text of the scalar.
    public var text: String
    /// Whether it was quoted or a block scalar: then it is always a string.
    public var isQuoted: Bool
  }

  /// One key-value pair of a mapping.
  public struct Entry: Sendable, Equatable {
    /// The key text.
    public var key: String
    /// Where the key was written.
    public var keyLocation: SourceLocation
    /// The value.
    public var value: SpecNode
  }

  /// The kinds of YAML values.
  public enum Value: Sendable, Equatable {
    /// A scalar: string, number, boolean or null, decided by whoever reads it.
    case scalar(Scalar)
    /// A list.
    case sequence([SpecNode])
    /// An ordered map with string keys.
    case mapping([Entry])
  }

  /// The value.
  public var value: Value
  /// Where the value starts.
  public var location: SourceLocation
  /// Set on a map that was laid over a scalar while merging: it replaces, rather than merges
  /// with, whatever it is laid over later (see `merged(with:)`). Not part of equality.
  var replacesBelow = false

  public static func == (lhs: SpecNode, rhs: SpecNode) -> Bool {
    lhs.value == rhs.value && lhs.location == rhs.location
  }

  /// Creates a node.
  public init(_ value: Value, at location: SourceLocation) {
    self.value = value
    self.location = location
  }

  /// The entries, when this is a mapping.
  public var entries: [Entry]? {
    if case .mapping(let entries) = value { return entries }
    return nil
  }

  /// The items, when this is a sequence.
  public var items: [SpecNode]? {
    if case .sequence(let items) = value { return items }
    return nil
  }

  /// The scalar, when this is one.
  public var scalar: Scalar? {
    if case .scalar(let scalar) = value { return scalar }
    return nil
  }

  /// The value of `key`, when this is a mapping that has it.
  public subscript(key: String) -> SpecNode? {
    entries?.first { $0.key == key }?.value
  }

  /// The value of `key` in a map of a property (`shadow`, `stretch`, `font`, ...), unless it is
  /// null: a key set to `~` is unset, as if it were not written, also where a state or a button
  /// lays it over one it inherits (`stretch: { insets: ~, x: [[40, 60]] }`).
  public func value(of key: String) -> SpecNode? {
    guard let value = self[key], !value.isNull else { return nil }
    return value
  }

  /// The entry of `key`, when this is a mapping that has it.
  public func entry(_ key: String) -> Entry? {
    entries?.first { $0.key == key }
  }

  /// Whether this is YAML's null: an empty value, `~` or `null`.
  public var isNull: Bool {
    guard let scalar, !scalar.isQuoted else { return false }
    return ["", "~", "null", "Null", "NULL"].contains(scalar.text)
  }

  /// A short name of the value's kind, for messages: "a list", "a map", "text".
  public var kindDescription: String {
    switch value {
    case .mapping: return "a map"
    case .sequence: return "a list"
    case .scalar(let scalar):
      if isNull { return "nothing" }
      if !scalar.isQuoted, Double(scalar.text)?.isFinite == true { return "the number \(scalar.text)" }
      if !scalar.isQuoted, ["true", "false"].contains(scalar.text) { return "the boolean \(scalar.text)" }
      return "the text \"\(scalar.text.prefix(40))\""
    }
  }
}

extension SpecNode {
  /// The node with `transform` applied to every key and scalar text in it; every place stays.
  func mappingTexts(_ transform: (String) -> String) -> SpecNode {
    var node = self
    switch node.value {
    case .scalar(var scalar):
      scalar.text = transform(scalar.text)
      node.value = .scalar(scalar)
    case .sequence(let items):
      node.value = .sequence(items.map { $0.mappingTexts(transform) })
    case .mapping(let entries):
      node.value = .mapping(
        entries.map {
          Entry(key: transform($0.key), keyLocation: $0.keyLocation, value: $0.value.mappingTexts(transform))
        })
    }
    return node
  }
}

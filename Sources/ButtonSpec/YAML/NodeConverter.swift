import Yams

/// Converts Yams' nodes to `SpecNode`s, expanding aliases and merge keys (`<<`) within a
/// budget of values and one of text: an alias of a long text, repeated, costs its length each
/// time it is decoded.
struct NodeConverter {
  struct Failure: Error {
    var diagnostic: Diagnostic
  }

  let file: String
  private var remaining: Int
  private let budget: Int
  private var remainingText: Int
  private let textBudget: Int
  /// Keys that stand in for keys written twice, already reported: their entries are left out.
  private let setAside: Set<String>
  /// Mistakes the conversion went on past (a merge key of something other than maps, a key
  /// written twice): the entry is left out and the rest of the document is read.
  private(set) var problems: [Diagnostic] = []

  /// A converter of at most `budget` values and `textBudget` bytes of text, aliases expanded.
  init(file: String, budget: Int, textBudget: Int = .max, setAside: Set<String> = []) {
    self.file = file
    self.remaining = budget
    self.budget = budget
    self.remainingText = textBudget
    self.textBudget = textBudget
    self.setAside = setAside
  }

  mutating func convert(_ node: Node) throws -> SpecNode {
    let location = self.location(of: node.mark)
    remaining -= 1
    guard remaining >= 0 else {
      throw Failure(
        diagnostic: Diagnostic(
          .aliasExpansion, "document holds more than \(budget) values once its aliases are expanded",
          at: location,
          notes: [
            .init(
              "aliases that repeat aliases grow exponentially; a large file may hold one value per two bytes of it, "
                + "as many as a list of one-digit numbers holds"
            )
          ]))
    }
    switch node {
    case .scalar(let scalar):
      remainingText -= scalar.string.utf8.count
      guard remainingText >= 0 else {
        throw Failure(
          diagnostic: Diagnostic(
            .aliasExpansion, "document holds more than \(textBudget) bytes of text once its aliases are expanded",
            at: location,
            notes: [.init("an alias repeats its anchor's text; a file may hold 16 times its own size of text")]))
      }
      let quoted = scalar.style != .plain || scalar.tag.rawValue == Tag.Name.str.rawValue
      return SpecNode(.scalar(.init(text: scalar.string, isQuoted: quoted)), at: location)
    case .sequence(let sequence):
      var items: [SpecNode] = []
      items.reserveCapacity(sequence.count)
      for item in sequence { items.append(try convert(item)) }
      return SpecNode(.sequence(items), at: location)
    case .mapping(let mapping):
      return try convertMapping(mapping, at: location)
    case .alias(let alias):
      throw Failure(diagnostic: Diagnostic(.yamlSyntax, "unresolved alias '\(alias)'", at: location))
    }
  }

  private mutating func convertMapping(_ mapping: Node.Mapping, at location: SourceLocation) throws -> SpecNode {
    var entries: [SpecNode.Entry] = []
    entries.reserveCapacity(mapping.count)
    var merged: [SpecNode.Entry] = []
    // The keys read so far, and the repeats, whose first places are looked up once at the end.
    var defined = Set<String>()
    var repeats: [(key: String, location: SourceLocation)] = []
    for (key, value) in mapping {
      let keyLocation = self.location(of: key.mark)
      guard case .scalar(let keyScalar) = key else {
        throw Failure(diagnostic: Diagnostic(.unsupportedYAML, "keys must be plain names", at: keyLocation))
      }
      if setAside.contains(keyScalar.string) { continue }
      if keyScalar.string == "<<" && keyScalar.style == .plain {
        merged += try mergeEntries(from: value, at: keyLocation)
        continue
      }
      // Yams finds most repeats; keys given a type by a tag (`!!int 1` and `1`) it takes apart.
      guard defined.insert(keyScalar.string).inserted else {
        repeats.append((keyScalar.string, keyLocation))
        continue
      }
      entries.append(.init(key: keyScalar.string, keyLocation: keyLocation, value: try convert(value)))
    }
    if !repeats.isEmpty {
      let repeated = Set(repeats.map(\.key))
      var first: [String: SourceLocation] = [:]
      for entry in entries where repeated.contains(entry.key) { first[entry.key] = entry.keyLocation }
      for (key, location) in repeats {
        problems.append(
          Diagnostic(
            .duplicateKey, "key '\(Diagnostic.shown(key))' is already defined in this map", at: location,
            notes: [.init("first defined here", at: first[key] ?? location)]))
      }
    }
    for entry in merged where defined.insert(entry.key).inserted {
      entries.append(entry)
    }
    return SpecNode(.mapping(entries), at: location)
  }

  /// The entries a YAML merge key (`<<: *base` or `<<: [*a, *b]`) brings in; earlier maps win.
  private mutating func mergeEntries(from value: Node, at location: SourceLocation) throws -> [SpecNode.Entry] {
    let sources: [Node]
    switch value {
    case .mapping: sources = [value]
    case .sequence(let sequence): sources = Array(sequence)
    default:
      problems.append(Diagnostic(.wrongType, "'<<' merges a map or a list of maps", at: location))
      return []
    }
    var result: [SpecNode.Entry] = []
    var keys = Set<String>()
    for source in sources {
      guard let entries = try convert(source).entries else {
        problems.append(
          Diagnostic(.wrongType, "'<<' merges a map or a list of maps", at: self.location(of: source.mark)))
        continue
      }
      for entry in entries where keys.insert(entry.key).inserted {
        result.append(entry)
      }
    }
    return result
  }

  private func location(of mark: Mark?) -> SourceLocation {
    SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
  }
}

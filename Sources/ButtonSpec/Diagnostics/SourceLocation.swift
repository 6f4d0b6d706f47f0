/// A position in a spec or template file: where a value was written.
///
/// Lines and columns start at 1; columns count Unicode scalars, as LibYAML does.
public struct SourceLocation: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The file as shown to the user: relative to the working directory when it is below it.
  public var file: String
  /// Line number, from 1.
  public var line: Int
  /// Column number, from 1.
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// The start of `file`: for problems that belong to a whole file.
  public static func start(of file: String) -> SourceLocation {
    SourceLocation(file: file, line: 1, column: 1)
  }

  /// `file:line:col`, the form editors and CI systems link to.
  public var description: String { "\(file):\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }
}

/// A value together with the place it was written.
public struct Located<Value> {
  /// The value.
  public var value: Value
  /// Where the value was written.
  public var location: SourceLocation

  /// Creates a located value.
  public init(_ value: Value, at location: SourceLocation) {
    self.value = value
    self.location = location
  }

  /// The same location with a transformed value.
  public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> Located<Other> {
    Located<Other>(try transform(value), at: location)
  }
}

extension Located: Sendable where Value: Sendable {}

/// Two located values are equal when their values are: where a value was written does not
/// change what it draws.
extension Located: Equatable where Value: Equatable {
  public static func == (lhs: Located, rhs: Located) -> Bool { lhs.value == rhs.value }
}

extension Located: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

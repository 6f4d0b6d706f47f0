import Foundation

/// A file named in a spec: the path as written, where it was written, and the file it means
/// (relative paths are relative to the file that names them).
public struct FileReference: Equatable, Hashable, Sendable {
  /// The path as written in the spec.
  public var path: String
  /// The file it refers to.
  public var url: URL
  /// Where the path was written.
  public var location: SourceLocation

  /// Resolves `path` against the directory of the file `location` points into; that file's
  /// path is itself relative to `workingDirectory` unless it is absolute.
  public init(path: String, at location: SourceLocation, workingDirectory: URL) {
    self.path = path
    self.location = location
    let directory = URL(fileURLWithPath: workingDirectory.path, isDirectory: true)
    let base = URL(literalPath: location.file, relativeTo: directory).deletingLastPathComponent()
    self.url = URL(literalPath: path, relativeTo: path.hasPrefix("/") ? nil : base).standardizedFileURL
  }

  public static func == (lhs: FileReference, rhs: FileReference) -> Bool { lhs.url == rhs.url }
  public func hash(into hasher: inout Hasher) { hasher.combine(url) }
}

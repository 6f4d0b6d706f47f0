import ButtonCore
import Foundation

/// Finds spec and template files and names them as the user sees them.
public struct SpecFinder: Sendable {
  /// The directory relative paths are shown against.
  public var workingDirectory: URL
  /// The project file in use, which a search never takes for a spec, whatever its name (one
  /// named with `--config` may sit in a spec directory).
  public var projectFile: URL?

  /// Creates a finder for the process's working directory.
  public init(
    workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath), projectFile: URL? = nil
  ) {
    // A directory URL (trailing slash), so relative paths resolve inside it.
    self.workingDirectory = URL(fileURLWithPath: workingDirectory.standardizedFileURL.path, isDirectory: true)
    self.projectFile = projectFile
  }

  /// Every `*.yaml` / `*.yml` file at or below `path`, sorted; hidden files and directories,
  /// project files (`buttonsmith.yml`, and `projectFile` by any name) and the directories in
  /// `excluding` are skipped. `nil` when `path` does not exist.
  public func specFiles(at path: String, excluding: [URL] = []) -> [URL]? {
    search(at: path, excluding: excluding)?.files
  }

  /// What `specFiles(at:excluding:)` finds, and every directory it looked in (`path` itself
  /// first when it is one), sorted: a spec added to any of them changes that directory's time.
  /// `undecodable` shows the spec files it cannot read because their names, or a folder's
  /// above them, are not UTF-8 (each other byte as `\xE9`), named as `displayPath` names files.
  public func search(
    at path: String, excluding: [URL] = []
  ) -> (files: [URL], directories: [URL], undecodable: [String])? {
    let url = URL(literalPath: path, relativeTo: workingDirectory).standardizedFileURL
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
    guard isDirectory.boolValue else { return ([url], [], []) }
    let excluded = Set(excluding.map { $0.standardizedFileURL.path })
    var found: [URL] = []
    var directories: [URL] = []
    var undecodable: [String] = []
    var pending = [url]
    // A directory reached through a link is searched as the directory it is (named by the
    // link's path), once: a link back up the tree is not a loop.
    var visited = Set<[UInt64]>()
    let projectFileIdentity = projectFile.flatMap { Self.identity(of: $0.path) }
    while let directory = pending.popLast() {
      guard !excluded.contains(directory.path), let identity = Self.identity(of: directory.path),
        visited.insert(identity).inserted
      else { continue }
      directories.append(directory)
      for entry in DirectoryListing(path: directory.path)?.entries ?? [] where !entry.isHidden {
        guard let name = entry.name else {
          undecodable += Self.specFiles(
            at: entry, in: Array(directory.path.utf8), shown: displayPath(directory), visited: &visited)
          continue
        }
        let child = directory.appendingPathComponent(name)
        var status = stat()
        // Through links. A link to nothing named as a spec is one whose file is gone: taken, so
        // that reading it reports it rather than a build leaving its buttons out in silence.
        guard stat(child.path, &status) == 0 else {
          if Self.isYAML(child), !ProjectFile.names.contains(name), lstat(child.path, &status) == 0,
            status.st_mode & S_IFMT == S_IFLNK
          {
            found.append(child.standardizedFileURL)
          }
          continue
        }
        if status.st_mode & S_IFMT == S_IFDIR {
          pending.append(child.standardizedFileURL)
        } else if Self.isYAML(child), !ProjectFile.names.contains(name),
          [UInt64(status.st_dev), UInt64(status.st_ino)] != projectFileIdentity
        {
          found.append(child.standardizedFileURL)
        }
      }
    }
    return (found.sorted { $0.path < $1.path }, directories.sorted { $0.path < $1.path }, undecodable.sorted())
  }

  /// The spec files at or below `entry` of `directory`, whose paths are not UTF-8, shown from
  /// `shown` (the directory as messages name it).
  private static func specFiles(
    at entry: DirectoryListing.Entry, in directory: [UInt8], shown: String, visited: inout Set<[UInt64]>
  ) -> [String] {
    let path = directory + [UInt8(ascii: "/")] + entry.bytes
    let shownPath = shown == "." ? entry.shown : "\(shown)/\(entry.shown)"
    guard entry.isDirectory else { return isYAML(name: entry.bytes) ? [shownPath] : [] }
    guard let identity = DirectoryListing.identity(of: path), visited.insert(identity).inserted else { return [] }
    return (DirectoryListing(path: path)?.entries ?? []).filter { !$0.isHidden }.flatMap {
      specFiles(at: $0, in: path, shown: shownPath, visited: &visited)
    }
  }

  /// The `*.yaml` / `*.yml` files directly in `directory`, sorted; project files are skipped
  /// as a search skips them.
  public func templateFiles(in directory: URL) -> [URL] {
    templateSearch(in: directory).files
  }

  /// What `templateFiles(in:)` finds, and the template files it cannot read because their names
  /// are not UTF-8, shown as `search(at:excluding:)` shows them.
  public func templateSearch(in directory: URL) -> (files: [URL], undecodable: [String]) {
    let entries = (DirectoryListing(path: directory.path)?.entries ?? []).filter { !$0.isHidden }
    let children = entries.compactMap { $0.name.map { directory.appendingPathComponent($0) } }
    let undecodable = entries.filter { $0.name == nil && !$0.isDirectory && Self.isYAML(name: $0.bytes) }.map {
      "\(displayPath(directory))/\($0.shown)"
    }
    let projectFileIdentity = projectFile.flatMap { Self.identity(of: $0.path) }
    let files = children.filter {
      Self.isYAML($0) && !ProjectFile.names.contains($0.lastPathComponent)
        && (projectFileIdentity == nil || Self.identity(of: $0.path) != projectFileIdentity)
    }.map(\.standardizedFileURL).sorted { $0.path < $1.path }
    return (files, undecodable.sorted())
  }

  /// `url` relative to the working directory, as a compiler names the files it was given: below
  /// it, from there (`specs/a.yaml`); beside it, up from there (`../shared/specs/a.yaml`); the
  /// working directory itself is `.`. Absolute only when the two share no directory but the root.
  public func displayPath(_ url: URL) -> String {
    let from = workingDirectory.path.split(separator: "/")
    let to = url.standardizedFileURL.path.split(separator: "/")
    let shared = zip(from, to).prefix { $0 == $1 }.count
    guard shared > 0 || from.isEmpty else { return url.standardizedFileURL.path }
    let parts = Array(repeating: "..", count: from.count - shared) + to[shared...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  /// The device and inode of the file at `path`, through links.
  private static func identity(of path: String) -> [UInt64]? {
    DirectoryListing.identity(of: Array(path.utf8))
  }

  private static func isYAML(_ url: URL) -> Bool {
    ["yaml", "yml"].contains(url.pathExtension.lowercased())
  }

  /// Whether a name, by its bytes, ends in `.yaml` or `.yml` in any case.
  private static func isYAML(name: [UInt8]) -> Bool {
    let lowered = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    return [".yaml", ".yml"].contains {
      lowered.count > $0.utf8.count && lowered.suffix($0.utf8.count).elementsEqual($0.utf8)
    }
  }
}

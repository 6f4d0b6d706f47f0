import Foundation

/// A temporary directory that tests write spec files into; removed on deinit.
public final class TestWorkspace {
  /// The directory.
  public let url: URL

  /// Creates an empty directory under the system's temporary directory.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("buttonsmith-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `text` to `path` (relative to the workspace), creating directories.
  @discardableResult
  public func write(_ path: String, _ text: String) throws -> URL {
    try write(path, bytes: Array(text.utf8))
  }

  /// Writes `bytes` to `path` (relative to the workspace), creating directories.
  @discardableResult
  public func write(_ path: String, bytes: [UInt8]) throws -> URL {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
    return file
  }
}

/// The repository's root directory, found from this source file's path.
public let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Whether tests should re-record golden files instead of comparing (`BUTTONSMITH_RECORD=1`).
public var isRecordingGoldens: Bool {
  ProcessInfo.processInfo.environment["BUTTONSMITH_RECORD"] == "1"
}

/// Every entry under `directory`, never following a link: its kind and its bytes or its link
/// target, by path relative to `directory`. Two snapshots differ when anything changed.
public func snapshot(of directory: URL) -> [String: String] {
  var result: [String: String] = [:]
  func visit(_ url: URL, relative: String) {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return }
    switch attributes[.type] as? FileAttributeType {
    case .typeDirectory?:
      result[relative] = "directory"
      for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
        visit(url.appendingPathComponent(name), relative: "\(relative)/\(name)")
      }
    case .typeSymbolicLink?:
      result[relative] = "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "")
    default:
      result[relative] = "file " + ((try? Data(contentsOf: url))?.base64EncodedString() ?? "unreadable")
    }
  }
  visit(directory, relative: "")
  return result
}

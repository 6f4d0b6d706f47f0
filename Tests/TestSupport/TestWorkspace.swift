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

import Foundation

/// File writes that never leave a partial file under the final name: write a temporary file
/// in the same directory, flush it to disk, then rename it over the target.
enum AtomicFile {
  /// The prefix of temporary names; the store removes leftovers of killed builds.
  static let temporaryPrefix = ".tmp-"

  static func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent("\(temporaryPrefix)\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw StoreError.cannotWrite(directory.path, String(cString: strerror(errno)))
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      defer { try? handle.close() }
      try handle.write(contentsOf: data)
      try handle.synchronize()
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw StoreError.cannotWrite(url.path, "\(error.localizedDescription)")
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw StoreError.cannotWrite(url.path, reason)
    }
  }

  /// Flushes a directory's entries (new names, renames) to disk.
  static func synchronizeDirectory(_ url: URL) {
    let descriptor = open(url.path, O_RDONLY | O_DIRECTORY)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

/// A failure of the asset store, with the path it concerns.
public enum StoreError: Error, Equatable, CustomStringConvertible {
  /// A file or directory could not be written.
  case cannotWrite(String, String)
  /// A file or directory could not be read.
  case cannotRead(String, String)
  /// Another build holds the output directory's lock.
  case locked(String)

  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason): return "cannot write '\(path)': \(reason)"
    case .cannotRead(let path, let reason): return "cannot read '\(path)': \(reason)"
    case .locked(let path): return "another build is using '\(path)'"
    }
  }
}

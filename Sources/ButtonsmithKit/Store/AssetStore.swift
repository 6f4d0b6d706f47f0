import Foundation

/// The output directory: content-addressed objects under `.cache/`, complete immutable
/// versions under `versions/vN`, and `current`, a relative symlink to the newest one.
///
/// Every write is a temporary name followed by a rename, so a build killed at any instant
/// leaves `current` and every version intact; the next build removes the leftovers.
public final class AssetStore: Sendable {
  /// The output directory.
  public let root: URL

  /// Opens (without creating) the store at `root`.
  public init(root: URL) {
    self.root = root.standardizedFileURL
  }

  var cacheDirectory: URL { root.appendingPathComponent(".cache") }
  var objectsDirectory: URL { cacheDirectory.appendingPathComponent("objects") }
  var indexURL: URL { cacheDirectory.appendingPathComponent("index.json") }
  var versionsDirectory: URL { root.appendingPathComponent("versions") }
  var currentLink: URL { root.appendingPathComponent("current") }
  var lockURL: URL { root.appendingPathComponent(".lock") }

  /// The directory of version `number`.
  public func versionDirectory(_ number: Int) -> URL {
    versionsDirectory.appendingPathComponent("v\(number)")
  }

  /// Creates the store's directories and takes its lock.
  func open(waiting: () -> Void) throws -> BuildLock {
    for directory in [root, objectsDirectory, versionsDirectory] {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      } catch {
        throw StoreError.cannotWrite(directory.path, Self.reason(error))
      }
    }
    let lock = try BuildLock(at: lockURL, waiting: waiting)
    removeLeftovers()
    return lock
  }

  /// Removes what killed builds left: temporary versions, objects and links.
  func removeLeftovers() {
    let fileManager = FileManager.default
    for directory in [root, versionsDirectory, cacheDirectory] {
      for name in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
      where name.hasPrefix(AtomicFile.temporaryPrefix) {
        try? fileManager.removeItem(at: directory.appendingPathComponent(name))
      }
    }
    for shard in (try? fileManager.contentsOfDirectory(atPath: objectsDirectory.path)) ?? [] {
      let directory = objectsDirectory.appendingPathComponent(shard)
      for name in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
      where name.hasPrefix(AtomicFile.temporaryPrefix) {
        try? fileManager.removeItem(at: directory.appendingPathComponent(name))
      }
    }
  }

  // MARK: Versions

  /// The version `current` points to and its manifest, if both are there.
  public func current() -> (number: Int, manifest: Manifest)? {
    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: currentLink.path),
      let number = Self.versionNumber(URL(fileURLWithPath: target).lastPathComponent),
      let manifest = try? Manifest.read(from: versionDirectory(number).appendingPathComponent("manifest.json"))
    else { return nil }
    return (number, manifest)
  }

  /// The numbers of every complete version directory, ascending.
  public func versionNumbers() -> [Int] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: versionsDirectory.path)) ?? []
    return names.compactMap(Self.versionNumber).sorted()
  }

  static func versionNumber(_ name: String) -> Int? {
    guard name.hasPrefix("v") else { return nil }
    return Int(name.dropFirst())
  }

  static func reason(_ error: Error) -> String {
    if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }
}

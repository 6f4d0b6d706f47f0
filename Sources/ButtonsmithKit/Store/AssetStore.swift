import Foundation

/// The output directory: content-addressed objects under `.cache/`, complete immutable
/// versions under `versions/vN`, and `current`, a relative symlink to the newest one.
///
/// Every write is a temporary name followed by a rename, so a build killed at any instant
/// leaves `current` and every version intact; the next build removes the leftovers.
public final class AssetStore: @unchecked Sendable {
  /// The output directory.
  public let root: URL
  /// Objects whose bytes were hashed in this process and matched their names.
  private var verified = Set<String>()
  private let verifiedLock = NSLock()

  /// Opens (without creating) the store at `root`.
  public init(root: URL) {
    self.root = root.standardizedFileURL
  }

  var cacheDirectory: URL { root.appendingPathComponent(".cache") }
  var objectsDirectory: URL { cacheDirectory.appendingPathComponent("objects") }
  var indexURL: URL { cacheDirectory.appendingPathComponent("index") }
  var versionsDirectory: URL { root.appendingPathComponent("versions") }
  var currentLink: URL { root.appendingPathComponent("current") }
  var lockURL: URL { root.appendingPathComponent(".lock") }
  var stampURL: URL { cacheDirectory.appendingPathComponent("stamp") }

  /// The stamp of the last clean build, if there is one.
  func readStamp() -> InputStamp? {
    (try? Data(contentsOf: stampURL)).flatMap(InputStamp.decode)
  }

  /// Records `stamp`, or removes the old one when `stamp` is `nil`.
  func writeStamp(_ stamp: InputStamp?) {
    guard let stamp else {
      try? FileManager.default.removeItem(at: stampURL)
      return
    }
    try? AtomicFile.write(stamp.encoded(), to: stampURL)
  }

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
    guard let number = currentNumber(),
      let manifest = try? Manifest.read(from: manifestURL(number))
    else { return nil }
    return (number, manifest)
  }

  /// The number of the version `current` points to, read from the link alone.
  public func currentNumber() -> Int? {
    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: currentLink.path) else { return nil }
    return Self.versionNumber(URL(fileURLWithPath: target).lastPathComponent)
  }

  /// The manifest file of version `number`.
  func manifestURL(_ number: Int) -> URL {
    versionDirectory(number).appendingPathComponent("manifest.json")
  }

  /// The numbers of every complete version directory, ascending.
  public func versionNumbers() -> [Int] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: versionsDirectory.path)) ?? []
    return names.compactMap(Self.versionNumber).sorted()
  }

  /// Whether `sha256` was verified before; `record` marks it.
  func isVerified(_ sha256: String) -> Bool {
    verifiedLock.lock()
    defer { verifiedLock.unlock() }
    return verified.contains(sha256)
  }

  func recordVerified(_ sha256: String) {
    verifiedLock.lock()
    verified.insert(sha256)
    verifiedLock.unlock()
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

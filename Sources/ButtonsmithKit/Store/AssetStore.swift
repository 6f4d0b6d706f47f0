import ButtonCore
import Foundation

/// The output directory: content-addressed objects under `.cache/`, complete immutable
/// versions under `versions/vN`, and `current`, a relative symlink to the newest one.
///
/// Every write is a temporary name followed by a rename, so a build killed at any instant
/// leaves `current` and every version intact; the next build removes the leftovers.
public final class AssetStore: @unchecked Sendable {
  /// The output directory.
  public let root: URL
  /// The objects directory's path and a final slash: an object's path is made for every asset
  /// of every build, and a URL's `path` is parsed again each time it is asked for.
  private let objectsPrefix: String
  /// What this run verified of each object, by digest: one table (at 150,000 images three, for
  /// the verified, their statuses and the written, took 8 MB more).
  private var verified: [SHA256Digest: VerifiedObject] = [:]
  /// How many objects this run wrote or hashed (`hasWrittenOrHashedObjects`).
  private var writtenOrHashedCount = 0
  /// Object shard directories this run made sure exist.
  private var shardDirectories = Set<String>()
  /// The object shard directories there were when this run opened the store; `nil` before it
  /// opened it, or when they could not be listed (`mayHoldEarlierObjects`).
  private var shardsAtOpen: Set<String>?
  private let verifiedLock = NSLock()
  /// The output directory, opened once by `open` (`rootDirectoryHandle`), and the cache and
  /// objects directories, opened once a run writes into them (`cacheDirectoryHandle`,
  /// `objectsDirectoryHandle`).
  private var rootHandle: DirectoryHandle?
  private var cacheHandle: DirectoryHandle?
  private var objectsHandle: DirectoryHandle?
  /// What this run wrote or hashed that is yet to be flushed (`BuildFlush`).
  let unflushedWrites = UnflushedWrites()

  /// Opens (without creating) the store at `root`.
  public init(root: URL) {
    self.root = root.standardizedFileURL
    objectsPrefix = self.root.path + "/.cache/objects/"
  }

  /// Whether `url`, its links resolved, is the output directory or inside it (neither need
  /// exist): no place for anything but what builds write.
  public func contains(_ url: URL) -> Bool {
    AssetExport.isInside(url, root)
  }

  /// Where the object `sha256` lives.
  func objectPath(_ sha256: SHA256Digest) -> String {
    let name = sha256.hex
    return "\(objectsPrefix)\(name.prefix(2))/\(name)"
  }

  /// The path of the objects' shard directory `shard` (a digest's first two digits).
  func shardPath(_ shard: String) -> String {
    objectsPrefix + shard
  }

  var cacheDirectory: URL { root.appendingPathComponent(".cache") }
  var objectsDirectory: URL { cacheDirectory.appendingPathComponent("objects") }
  var indexURL: URL { cacheDirectory.appendingPathComponent("index") }
  var versionsDirectory: URL { root.appendingPathComponent("versions") }
  var currentLink: URL { root.appendingPathComponent("current") }
  var lockURL: URL { root.appendingPathComponent(".lock") }
  var stampURL: URL { cacheDirectory.appendingPathComponent("stamp") }

  /// The directory of version `number`.
  public func versionDirectory(_ number: Int) -> URL {
    versionsDirectory.appendingPathComponent("v\(number)")
  }

  /// Makes or recognises the store, takes its lock, checks that nothing in it is a link or a
  /// special file, creates its directories and removes what killed builds left. A `survey`
  /// started earlier stands for the inspection when the lock is free (`StoreSurvey`).
  func open(survey: StoreSurvey? = nil, waiting: () -> Void) throws -> BuildLock {
    guard !root.path.isEmpty else { throw StoreError.emptyPath }
    if let outer = Self.storeHolding(root, above: true) {
      throw StoreError.insideAnotherStore(root.path, store: outer.path)
    }
    do {
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    } catch {
      throw StoreError.cannotWrite(root.path, Self.reason(error))
    }
    let directory = try DirectoryHandle(path: root.path, followingLink: true)
    let surveyed = survey?.findings(in: directory)
    let recognition = surveyed?.recognition ?? StoreInspector.recognize(directory)
    if case .foreign(let example) = recognition { throw StoreError.notAStore(root.path, example: example) }
    if let kind = directory.kind(of: ".lock"), kind != .regular {
      throw StoreError.unsafe(lockURL.path, kind == .symbolicLink ? "is a symbolic link" : "is not a regular file")
    }
    var waited = false
    let lock = try BuildLock(at: lockURL) {
      waited = true
      waiting()
    }
    let leftovers = try (waited ? nil : surveyed?.leftovers) ?? StoreInspector.inspect(directory)
    if recognition != .store(marked: true) {
      try AtomicFile.write(
        Data("Buttonsmith output directory\n".utf8), to: root.appendingPathComponent(StoreNames.marker))
    }
    let cache = try directory.makeDirectory(".cache")
    _ = try cache.makeDirectory("objects")
    _ = try directory.makeDirectory("versions")
    removeLeftovers(leftovers, in: directory)
    // The directory locked is the one written: its path may come to name another place (a
    // link put there) while the build runs.
    verifiedLock.withLock { (rootHandle, cacheHandle) = (directory, cache) }
    return lock
  }

  /// Waits for a build of this store to end, and holds it off while the result is kept: a
  /// shared lock, for a command that only reads (`nil`, and nothing created, when no build has
  /// locked the store).
  func lockForReading() throws -> BuildLock? {
    try BuildLock.shared(at: lockURL) {}
  }

  /// Waits for a build of this store to end, calling `waiting` first, and holds off builds and
  /// readers while the result is kept: an exclusive lock, for an export of the current version.
  func lockForExport(waiting: () -> Void) throws -> BuildLock {
    try BuildLock(at: lockURL, waiting: waiting)
  }

  /// Checks, for a command that only reads, that the store is one and safe to read; a missing
  /// directory is an empty store.
  func inspectForReading() throws {
    guard !root.path.isEmpty else { throw StoreError.emptyPath }
    guard FileManager.default.fileExists(atPath: root.path) else { return }
    let directory = try DirectoryHandle(path: root.path, followingLink: true)
    if case .foreign(let example) = StoreInspector.recognize(directory) {
      throw StoreError.notAStore(root.path, example: example, reading: true)
    }
    try StoreInspector.inspect(directory)
  }

  /// Checks, for a build its stamp may confirm, what such a build reads
  /// (`StoreInspector.inspectCurrentVersion`), and returns the current version's number and how
  /// many regular files it holds; `nil`
  /// without a store or a current version. Walking every version and object took a quarter
  /// of a no-op build with five versions kept.
  func inspectCurrentVersion() throws -> (number: Int, files: Int)? {
    guard !root.path.isEmpty else { throw StoreError.emptyPath }
    guard FileManager.default.fileExists(atPath: root.path) else { return nil }
    let directory = try DirectoryHandle(path: root.path, followingLink: true)
    if case .foreign(let example) = StoreInspector.recognize(directory) {
      throw StoreError.notAStore(root.path, example: example)
    }
    return try StoreInspector.inspectCurrentVersion(directory)
  }

  /// Removes what killed builds left (temporary files, versions and links, which the
  /// inspection found by their names' prefix in the directories the store writes to), and notes
  /// the objects' shard directories there are.
  private func removeLeftovers(_ leftovers: StoreInspector.Leftovers, in root: DirectoryHandle) {
    // Known only from a complete listing: a shard missed would hide its objects.
    if let listed = root.directory(".cache")?.directory("objects")?.completeEntries() {
      let shards = listed.lazy.map(\.name).filter(StoreNames.isShard)
      verifiedLock.withLock { shardsAtOpen = Set(shards) }
    }
    for (location, name) in leftovers.entries {
      var directory: DirectoryHandle? = root
      for component in location { directory = directory?.directory(component) }
      directory?.remove(name)
    }
  }

  /// Makes room for `count` objects verified by this run: at 150,000 images, growing the
  /// records as they come holds two copies of them at each doubling.
  func reserveVerified(_ count: Int) {
    verifiedLock.withLock { verified.reserveCapacity(count) }
  }

  /// Whether `sha256` was verified before; `record` marks it.
  func isVerified(_ sha256: SHA256Digest) -> Bool {
    verifiedLock.lock()
    defer { verifiedLock.unlock() }
    return verified[sha256] != nil
  }

  /// Marks `sha256` verified, with the `status` its file had when it was checked (taken before
  /// it was hashed: `hashed`) or written (`written`); with neither, the status an earlier build
  /// recorded vouched for it.
  func recordVerified(_ sha256: SHA256Digest, status: FileStatus?, written: Bool = false, hashed: Bool = false) {
    verifiedLock.withLock {
      var object = verified[sha256] ?? VerifiedObject()
      if let status { object.checked = (status, written) }
      if written || hashed, !object.wasWrittenOrHashed {
        object.wasWrittenOrHashed = true
        writtenOrHashedCount += 1
        unflushedWrites.addObject(sha256, written: written)
      }
      verified[sha256] = object
    }
  }

  /// Whether this run wrote the object `sha256` or hashed its file: bytes that only a flush
  /// puts on the disk for sure (a hash may read them from memory).
  func wroteOrHashed(_ sha256: SHA256Digest) -> Bool {
    verifiedLock.withLock { verified[sha256]?.wasWrittenOrHashed ?? false }
  }

  /// Whether this run wrote an object or hashed one's file (`wroteOrHashed`).
  var hasWrittenOrHashedObjects: Bool {
    verifiedLock.withLock { writtenOrHashedCount > 0 }
  }

  /// The status the object `sha256` had when this run checked or wrote it, and whether it wrote it.
  func checkedStatus(_ sha256: SHA256Digest) -> (status: FileStatus, written: Bool)? {
    verifiedLock.withLock { verified[sha256]?.checked }
  }

  /// The cache directory, opened from the output directory (which the user names, and may be a
  /// link) through `.cache`, which may not be one; created when missing. The objects, the index
  /// and the stamp are written through it, and the stamp removed, so a link swapped in for
  /// `.cache` while a build runs is never written or removed through.
  func cacheDirectoryHandle() throws -> DirectoryHandle {
    try verifiedLock.withLock {
      if let cacheHandle { return cacheHandle }
      // A store not opened yet (`open` makes it) may not be there at all.
      if !FileManager.default.fileExists(atPath: root.path) {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      }
      let handle = try (rootHandle ?? DirectoryHandle(path: root.path, followingLink: true)).makeDirectory(".cache")
      cacheHandle = handle
      return handle
    }
  }

  /// The output directory: the one `open` locked, or else opened by its path now.
  func rootDirectoryHandle() throws -> DirectoryHandle {
    try verifiedLock.withLock { try rootHandle ?? DirectoryHandle(path: root.path, followingLink: true) }
  }

  /// The objects directory, opened through the cache directory's handle; `objects` may not be a
  /// link either.
  func objectsDirectoryHandle() throws -> DirectoryHandle {
    if let objectsHandle = verifiedLock.withLock({ objectsHandle }) { return objectsHandle }
    let handle = try cacheDirectoryHandle().makeDirectory("objects")
    verifiedLock.withLock { objectsHandle = handle }
    return handle
  }

  /// Whether the object shard directory `name` was made sure of in this run; `record` marks it.
  func hasShardDirectory(_ name: String) -> Bool {
    verifiedLock.withLock { shardDirectories.contains(name) }
  }

  func recordShardDirectory(_ name: String) {
    _ = verifiedLock.withLock { shardDirectories.insert(name) }
  }

  /// Whether the shard directory `name` may hold objects this run did not write: it was there
  /// when this run opened the store (under its lock, which keeps other builds out), or the store
  /// was not opened or its shards not listed. Any other shard holds only objects this run wrote,
  /// and it knows those: on an empty cache, asking the file system whether each object is there
  /// took a `stat` per image, twice for each downloaded one.
  func mayHoldEarlierObjects(shard name: String) -> Bool {
    verifiedLock.withLock { shardsAtOpen?.contains(name) ?? true }
  }

  static func reason(_ error: Error) -> String {
    if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }
}

/// What a run verified of one object: the status its file had when the run checked or wrote it
/// (and whether it wrote it), and whether it wrote the object or hashed its file.
private struct VerifiedObject {
  var checked: (status: FileStatus, written: Bool)?
  var wasWrittenOrHashed = false
}

import ButtonCore
import Foundation

extension RemoteCache {
  /// How many network failures, with no success between them, turn the remote off for the
  /// rest of the build: a server that is down costs a few requests, not one per image.
  static let failuresBeforeGivingUp = 4
  /// The largest record read: a few digests and numbers.
  static let largestRecord = 4096
  /// The largest object read: the largest image Buttonsmith draws, compressed, is far smaller.
  static let largestObject = 512 * 1024 * 1024

  /// The records of `keys` the remote has, with their objects downloaded into `store` and
  /// verified against their names; a record `fits` must accept (the image size and hit mask the
  /// job will have), or it is not used. Everything that went wrong is counted in `problems`.
  func download(
    _ keys: [String], into store: AssetStore, problems: Problems,
    fits: @escaping @Sendable (String, CacheIndex.Entry) -> Bool
  ) -> [String: CacheIndex.Entry] {
    let found = Found()
    let health = Health()
    WorkerThreads.forEach(keys.count, parallelism: concurrency) { index in
      guard health.isUp else { return false }
      let key = keys[index]
      switch self.get("ac/\(key)") {
      case .missing:
        health.succeeded()
      case .failed(let reason):
        problems.count("requests failed (\(reason))")
        health.failed()
      case .found(let data):
        health.succeeded()
        guard data.count <= Self.largestRecord, let record = try? JSONDecoder().decode(RemoteRecord.self, from: data),
          record.isWellFormed, fits(key, record.entry)
        else {
          problems.count("records were unreadable or did not fit their job")
          return true
        }
        let digests = [record.sha256] + (record.hitMaskSHA256.map { [$0] } ?? [])
        guard digests.allSatisfy({ self.fetch($0, into: store, problems: problems, health: health) }) else {
          return true
        }
        found.add(key, record.entry)
      }
      return true
    }
    if !health.isUp { problems.giveUp() }
    return found.entries
  }

  /// Which of `keys` the remote has no record of.
  func absentRecords(_ keys: [String], problems: Problems) -> [String] {
    let absent = KeySet()
    let health = Health()
    WorkerThreads.forEach(keys.count, parallelism: concurrency) { index in
      guard health.isUp else { return false }
      switch self.get("ac/\(keys[index])") {
      case .missing:
        health.succeeded()
        absent.insert(keys[index])
      case .found:
        health.succeeded()
      case .failed(let reason):
        health.failed()
        problems.count("requests failed (\(reason))")
      }
      return true
    }
    if !health.isUp { problems.giveUp() }
    return absent.keys
  }

  /// Whether the object `sha256` is in `store` afterwards: there already, or downloaded with
  /// exactly those bytes.
  private func fetch(_ sha256: String, into store: AssetStore, problems: Problems, health: Health) -> Bool {
    if store.hasIntactObject(sha256) { return true }
    switch get("cas/\(sha256)") {
    case .found(let data):
      health.succeeded()
      guard data.count <= Self.largestObject, ContentHash.sha256(data) == sha256 else {
        problems.count("objects had other bytes than their name (drawn here instead)")
        return false
      }
      do {
        return try store.storeObject(data) == sha256
      } catch {
        problems.count("objects could not be stored")
        return false
      }
    case .missing:
      health.succeeded()
      problems.count("records named a missing object")
      return false
    case .failed(let reason):
      health.failed()
      problems.count("requests failed (\(reason))")
      return false
    }
  }

  /// Uploads each drawn image and hit mask, then its record (so a record never names a missing
  /// object); returns how many records were uploaded.
  func upload(_ drawn: [(key: String, entry: CacheIndex.Entry)], from store: AssetStore, problems: Problems) -> Int {
    let uploaded = Counter()
    let health = Health()
    WorkerThreads.forEach(drawn.count, parallelism: concurrency) { index in
      guard health.isUp else { return false }
      let (key, entry) = drawn[index]
      for sha256 in [entry.sha256] + (entry.hitMaskSHA256.map { [$0] } ?? []) {
        guard let data = AtomicFile.readRegularFile(store.objectPath(sha256)) else {
          problems.count("uploads skipped (object unreadable)")
          return true
        }
        guard case .found = self.put("cas/\(sha256)", data) else {
          health.failed()
          problems.count("uploads failed")
          return true
        }
        health.succeeded()
      }
      guard let record = try? JSONEncoder().encode(RemoteRecord(entry)), case .found = self.put("ac/\(key)", record)
      else {
        health.failed()
        problems.count("uploads failed")
        return true
      }
      health.succeeded()
      uploaded.increment()
      return true
    }
    if !health.isUp { problems.giveUp() }
    return uploaded.value
  }

  /// Consecutive network failures; down after `failuresBeforeGivingUp`.
  private final class Health: @unchecked Sendable {
    private let lock = NSLock()
    private var failures = 0

    var isUp: Bool { lock.withLock { failures < RemoteCache.failuresBeforeGivingUp } }
    func failed() { lock.withLock { failures += 1 } }
    func succeeded() { lock.withLock { failures = 0 } }
  }

  private final class Found: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var entries: [String: CacheIndex.Entry] = [:]

    func add(_ key: String, _ entry: CacheIndex.Entry) { lock.withLock { entries[key] = entry } }
  }

  private final class KeySet: @unchecked Sendable {
    private let lock = NSLock()
    private var set = Set<String>()

    var keys: [String] { lock.withLock { set.sorted() } }
    func insert(_ key: String) { _ = lock.withLock { set.insert(key) } }
  }

  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var value = 0

    func increment() { lock.withLock { value += 1 } }
  }
}

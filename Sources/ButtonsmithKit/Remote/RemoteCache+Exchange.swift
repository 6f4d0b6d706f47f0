import ButtonCore
import ButtonRender
import Foundation

extension RemoteCache {
  /// How many network failures, with no success between them, turn the remote off for the
  /// rest of the build: a server that is down costs a few requests, not one per image.
  static let failuresBeforeGivingUp = 4
  /// The largest record read: a few digests and numbers.
  static let largestRecord = 4096
  /// The most bytes a PNG of `width` x `height` pixels takes, uncompressed (RGBA, a filter
  /// byte a row), with room for deflate's stored blocks and the chunks around them: an object a
  /// record names is read up to this, so a server that answers with more costs its job's size.
  static func largestObject(width: Int, height: Int) -> Int {
    let raw = max(width, 1) * max(height, 1) * 4 + max(height, 1)
    return raw + raw / 1000 + 64 * 1024
  }
  /// The largest body kept of the answer to an upload (servers say little, if anything).
  static let largestAnswer = 64 * 1024

  /// What a job will draw, which its record must say: the file's size, where the button is in
  /// it, and the size of its hit mask (the image's, without a nine-patch's frame) when it has one.
  struct Expected {
    var width: Int
    var height: Int
    var content: PixelRect
    var hitMaskSize: PNGInfo?
  }

  /// The records of `keys` the remote has, with their objects downloaded into `store` and
  /// verified against their names; a record that does not say what its job will draw
  /// (`expected`) is not used. Everything that went wrong is counted in `problems`.
  ///
  /// Downloaded objects are verified and stored on another thread while the next requests run;
  /// a key whose object fails there is left out of the answer.
  func download(
    _ keys: [SHA256Digest], into store: AssetStore, problems: Problems, expected: @escaping (SHA256Digest) -> Expected?
  ) -> [SHA256Digest: CacheIndex.Entry] {
    var found: [SHA256Digest: CacheIndex.Entry] = [:]
    let health = Health()
    let storing = ObjectWriter(store: store, problems: problems)
    // One decoder for every record, not one made for each.
    let decoder = JSONDecoder()
    transfers.run(
      keys.map { key in
        // The record, then each object it names that the store lacks, then the entry is found.
        var record: RemoteRecord?
        var objects: [SHA256Digest] = []
        func next() -> HTTPTransfers.Request? {
          guard let record else { return nil }
          guard let sha256 = objects.first else {
            found[key] = record.entry
            return nil
          }
          let limit = Self.largestObject(width: record.width, height: record.height)
          return health.isUp ? HTTPTransfers.Request(method: .get, path: "cas/\(sha256)", limit: limit) : nil
        }
        return { response in
          guard let response else {
            return health.isUp ? HTTPTransfers.Request(method: .get, path: "ac/\(key)", limit: Self.largestRecord) : nil
          }
          guard health.answered(response, problems: problems) else { return nil }
          if let record {
            guard case .found(let data) = response else {
              problems.count("records named a missing object")
              return nil
            }
            let sha256 = objects.removeFirst()
            // The image a record names has the size the record gives (which the job's was checked
            // against): a record naming another image, intact by its name, is not used.
            let size = sha256 == record.sha256 ? (record.width, record.height) : nil
            storing.store(data, named: sha256, for: key, size: size)
            return next()
          }
          guard case .found(let data) = response,
            let decoded = RemoteRecord.read(data, decoder: decoder),
            let job = expected(key), decoded.fits(job)
          else {
            if case .found = response { problems.count("records were unreadable or did not fit their job") }
            return nil
          }
          // An image the store has already is of the record's size too, as one downloaded must be.
          if store.hasIntactObject(decoded.sha256),
            !Self.isImage(decoded.sha256, in: store, of: PNGInfo(width: decoded.width, height: decoded.height))
          {
            problems.count("records named an image of another size (drawn here instead)")
            return nil
          }
          record = decoded
          objects = ([decoded.sha256] + (decoded.hitMaskSHA256.map { [$0] } ?? [])).filter {
            !store.hasIntactObject($0)
          }
          return next()
        }
      })
    if !health.isUp { problems.giveUp() }
    for key in storing.finish() { found[key] = nil }
    for (key, entry) in found where !hasItsHitMasksBounds(entry, size: expected(key)?.hitMaskSize, in: store) {
      problems.count("records gave other hit mask bounds than their mask (drawn here instead)")
      found[key] = nil
    }
    return found
  }

  /// Whether object `sha256` of `store` is a whole PNG of `size`.
  private static func isImage(_ sha256: SHA256Digest, in store: AssetStore, of size: PNGInfo) -> Bool {
    AtomicFile.readRegularFile(store.objectPath(sha256)).flatMap { try? PNGInfo(wholeData: $0) } == size
  }

  /// Whether the bounds `entry` gives its hit mask are those of the mask in `store`, which has the
  /// `size` its job's mask has: they go into the manifest, and nothing else vouches for them.
  /// The mask is decoded only once its header says that size.
  private func hasItsHitMasksBounds(_ entry: CacheIndex.Entry, size: PNGInfo?, in store: AssetStore) -> Bool {
    guard let mask = entry.hitMaskSHA256 else { return entry.hitMaskBounds == nil }
    // A mask with nothing hit has no bounds: `nil` is an answer, not a failure.
    guard let png = AtomicFile.readRegularFile(store.objectPath(mask)), let size, (try? PNGInfo(data: png)) == size,
      case .success(let bounds) = Result(catching: { try HitMask.bounds(ofPNG: png) })
    else { return false }
    return bounds == entry.hitMaskBounds
  }

  /// Which of `keys` the remote has no record of.
  func absentRecords(_ keys: [SHA256Digest], problems: Problems) -> [SHA256Digest] {
    var absent: [SHA256Digest] = []
    let health = Health()
    transfers.run(
      keys.map { key in
        { response in
          guard let response else {
            return health.isUp ? HTTPTransfers.Request(method: .get, path: "ac/\(key)", limit: Self.largestRecord) : nil
          }
          if health.answered(response, problems: problems), case .missing = response { absent.append(key) }
          return nil
        }
      })
    if !health.isUp { problems.giveUp() }
    return absent.sorted()
  }

  /// Uploads each drawn image and hit mask, then its record (so a record never names a missing
  /// object); returns how many records were uploaded.
  func upload(_ drawn: [(key: SHA256Digest, entry: CacheIndex.Entry)], from store: AssetStore, problems: Problems)
    -> Int
  {
    var uploaded = 0
    let health = Health()
    let encoder = RemoteRecord.makeEncoder()
    transfers.run(
      drawn.map { key, entry in
        var objects = [entry.sha256] + (entry.hitMaskSHA256.map { [$0] } ?? [])
        var recordSent = false
        return { response in
          if let response {
            guard case .found = response else {
              health.failures += 1
              let reason: String
              switch response {
              case .failed(let why): reason = why
              default: reason = "HTTP 404"
              }
              problems.count("uploads failed (\(reason))")
              return nil
            }
            health.failures = 0
            if recordSent {
              uploaded += 1
              return nil
            }
          }
          guard health.isUp else { return nil }
          guard let sha256 = objects.first else {
            guard let record = try? encoder.encode(RemoteRecord(entry)) else { return nil }
            recordSent = true
            return HTTPTransfers.Request(method: .put(record), path: "ac/\(key)", limit: Self.largestAnswer)
          }
          objects.removeFirst()
          guard let data = AtomicFile.readRegularFile(store.objectPath(sha256)) else {
            problems.count("uploads skipped (object unreadable)")
            return nil
          }
          // What goes up is what its name says, whatever happened to the file since it was vouched for.
          guard ContentHash.digest(data) == sha256 else {
            problems.count("uploads skipped (object damaged)")
            return nil
          }
          return HTTPTransfers.Request(method: .put(data), path: "cas/\(sha256)", limit: Self.largestAnswer)
        }
      })
    if !health.isUp { problems.giveUp() }
    return uploaded
  }

  /// Consecutive network failures; down for good after `failuresBeforeGivingUp`, even when a
  /// request already under way then succeeds.
  private final class Health {
    private(set) var isUp = true
    var failures = 0 {
      didSet { if failures >= RemoteCache.failuresBeforeGivingUp { isUp = false } }
    }

    /// Whether `response` is an answer (found or missing); a failure is counted here and in
    /// `problems`, by its reason.
    func answered(_ response: HTTPTransfers.Response, problems: Problems) -> Bool {
      switch response {
      case .found, .missing:
        failures = 0
        return true
      case .failed(let reason):
        failures += 1
        problems.count("requests failed (\(reason))")
        return false
      }
    }
  }

  /// Verifies downloaded objects and stores them, in order, on a thread of its own, a bounded
  /// number waiting at a time; remembers the keys whose objects failed.
  private final class ObjectWriter: @unchecked Sendable {
    private let store: AssetStore
    private let problems: Problems
    private let queue = DispatchQueue(label: "buttonsmith.remote-cache.objects")
    private let room = DispatchSemaphore(value: 64)
    private var failedKeys = Set<SHA256Digest>()

    init(store: AssetStore, problems: Problems) {
      self.store = store
      self.problems = problems
    }

    /// Stores `data` as object `sha256` of `key`'s record, if it is that, and (for the record's
    /// image) a PNG of `size`.
    func store(_ data: Data, named sha256: SHA256Digest, for key: SHA256Digest, size: (width: Int, height: Int)?) {
      room.wait()
      queue.async {
        defer { self.room.signal() }
        if !self.stored(data, named: sha256, size: size) { self.failedKeys.insert(key) }
      }
    }

    /// Waits for every object; the keys whose objects were not stored.
    func finish() -> Set<SHA256Digest> {
      queue.sync { failedKeys }
    }

    /// Whether `data`, downloaded as `sha256`, has exactly those bytes (and `size`) and is now in
    /// the store.
    private func stored(_ data: Data, named sha256: SHA256Digest, size: (width: Int, height: Int)?) -> Bool {
      guard ContentHash.digest(data) == sha256 else {
        problems.count("objects had other bytes than their name (drawn here instead)")
        return false
      }
      if let size {
        guard let info = try? PNGInfo(wholeData: data) else {
          problems.count("records named an image that is not a whole PNG (drawn here instead)")
          return false
        }
        guard info == PNGInfo(width: size.width, height: size.height) else {
          problems.count("records named an image of another size (drawn here instead)")
          return false
        }
      }
      do {
        try store.storeObject(data, digest: sha256)
        return true
      } catch {
        problems.count("objects could not be stored")
        return false
      }
    }
  }
}

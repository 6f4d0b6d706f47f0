import ButtonCore
import Foundation

/// The cache's records: the input stamp and the index, written through the cache directory the
/// store opened.
extension AssetStore {
  /// The stamp of the last clean build, if there is one.
  func readStamp() -> InputStamp? {
    readStampBytes().flatMap(InputStamp.decode)
  }

  /// The stamp's bytes, undecoded (`InputStamp.head(of:)` reads its digest alone).
  func readStampBytes() -> Data? {
    AtomicFile.readRegularFile(stampURL.path)
  }

  /// Records `stamp`, or removes the old one when `stamp` is `nil`. A stamp that cannot be
  /// written leaves the last one, which confirms only the build it describes (its inputs,
  /// `current` and manifest are checked).
  func writeStamp(_ stamp: InputStamp?) throws {
    let cache = try cacheDirectoryHandle()
    guard let stamp else {
      _ = cache.removeFile(stampURL.lastPathComponent)
      return
    }
    try AtomicFile.write(named: stampURL.lastPathComponent, in: cache) { try stamp.write(pieces: $0) }
  }

  /// Records `stamp` holding `files`, the files of its version, each with the status that
  /// vouches for it (`vouchingStatus`; `checkedSince` is when the build began checking) taken as
  /// its entry is written, after the stamp's `statusTime`: a file that may have changed since it
  /// was checked is hashed by the next build. (A list of the entries beside the version's took
  /// 14 MB at 150,000 images, at the end of a build.)
  func writeStamp(_ stamp: InputStamp, files: [VersionFile], checkedSince: Int64) throws {
    var stamp = stamp
    stamp.statusTime = FileStatus.now
    let directory = versionDirectory(stamp.version).path
    let entries = files.lazy.map { file in
      InputStamp.File(
        path: file.path, sha256: file.sha256,
        status: self.vouchingStatus(
          ofFileAt: "\(directory)/\(file.path)", object: file.sha256, checkedSince: checkedSince))
    }
    try AtomicFile.write(named: stampURL.lastPathComponent, in: try cacheDirectoryHandle()) { [stamp] in
      try stamp.write(files: entries, pieces: $0)
    }
  }

  /// Records `index` as `.cache/index`, a megabyte at a time (`CacheIndex.write(pieces:)`): at
  /// 150,000 images its bytes are about 20 MB, and were held whole beside the stamp's at the end
  /// of a build. With `forgettingUnflushed`, the statuses of the objects this run wrote or hashed
  /// are left out (`CacheIndex.forgettingStatuses(of:where:)`).
  func writeIndex(_ index: CacheIndex, forgettingUnflushed: Bool = false) throws {
    let isUnflushed: ((SHA256Digest) -> Bool)? = forgettingUnflushed ? { self.wroteOrHashed($0) } : nil
    try AtomicFile.write(named: indexURL.lastPathComponent, in: try cacheDirectoryHandle()) {
      try index.write(pieces: $0, forgettingStatusesWhere: isUnflushed)
    }
  }
}

import ButtonCore
import ButtonRender
import ButtonSpec
import CSystemShim
import Foundation

/// `versions/vN/manifest.json`: every file of a version, what made it, and its hashes.
/// Deterministic: sorted keys, sorted assets, no timestamps.
public struct Manifest: Codable, Equatable, Sendable {
  /// The manifest format.
  public var format = 1
  /// The version number this manifest describes.
  public var version: Int
  /// `buttonsmith <version>`.
  public var generator: String
  /// The drawing libraries' versions.
  public var renderer: LibraryVersions
  /// One entry per image, sorted by path.
  public var assets: [Asset]
  /// Files the formats need besides images (an asset catalog's `Contents.json`), sorted by path.
  public var files: [GeneratedFile]?

  /// A generated file of a version and its digest.
  public struct GeneratedFile: Codable, Equatable, Sendable {
    /// Path relative to the version directory.
    public var path: String
    /// SHA-256 of the file.
    public var sha256: String
  }

  /// Every file of the version with its digest: images, hit masks, generated files.
  var allFiles: [(path: String, sha256: String)] {
    var result: [(path: String, sha256: String)] = []
    for asset in assets {
      result.append((asset.path, asset.sha256))
      if let hitMask = asset.hitMask { result.append((hitMask.path, hitMask.sha256)) }
    }
    for file in files ?? [] { result.append((file.path, file.sha256)) }
    return result
  }

  /// One image of the version.
  public struct Asset: Codable, Equatable, Sendable {
    public var button: String
    public var state: String
    public var appearance: String
    public var scale: Double
    /// The output format the file belongs to.
    public var format: OutputFormat
    /// The spinner frame, for states with several.
    public var frame: Int?
    /// The language of a localized button's image; absent for buttons drawn once for all.
    public var locale: String?
    /// Path relative to the version directory.
    public var path: String
    /// The PNG's pixel size.
    public var width: Int
    public var height: Int
    /// The button's size in points.
    public var points: [Double]
    /// The button's rectangle inside the image, when the image is larger (shadow, outside border).
    public var content: PixelRect?
    /// SHA-256 of the PNG file.
    public var sha256: String
    /// The job's cache key.
    public var key: String
    /// Where the button was written, `file:line:col`.
    public var source: String
    /// The hit mask beside the image, if the button asks for one.
    public var hitMask: HitMaskEntry?

    enum CodingKeys: String, CodingKey {
      case button, state, appearance, scale, format, frame, locale, path, width, height, points, content, sha256, key
      case source
      case hitMask = "hit_mask"
    }
  }

  /// A hit mask's file, threshold and the bounds of its hit pixels.
  public struct HitMaskEntry: Codable, Equatable, Sendable {
    public var path: String
    public var threshold: Double
    /// `nothingHit` (every member 0) when no pixel is hit; `nil` only in a manifest written
    /// before that was so.
    public var bounds: PixelRect?
    /// SHA-256 of the 1-bit PNG.
    public var sha256: String

    /// The bounds of a mask that no pixel passes: empty, at the origin.
    public static let nothingHit = PixelRect(x: 0, y: 0, width: 0, height: 0)
  }

  /// Numbers `encoded` (a manifest's `encoded()` bytes numbered `old`, or the last piece
  /// `write(assets:count:to:)` gives) `new` in place, by rewriting its last line: `version` sorts
  /// last among the top-level keys, so encoding the whole manifest again is not needed. `false`,
  /// leaving the bytes alone, when they do not end as expected.
  static func renumber(_ encoded: inout Data, from old: Int, to new: Int) -> Bool {
    let ending = Data("\n  \"version\" : \(old)\n}\n".utf8)
    guard encoded.count >= ending.count, encoded.suffix(ending.count) == ending else { return false }
    encoded.replaceSubrange(
      (encoded.endIndex - ending.count)..<encoded.endIndex, with: Data("\n  \"version\" : \(new)\n}\n".utf8))
    return true
  }

  /// The SHA-256 of a manifest written in pieces (`write(assets:count:to:)`), and of the same
  /// manifest numbered as another version: the pieces differ only in the last, which ends with
  /// `version`. (A build compares the manifest it publishes with `current`'s, numbered as
  /// `current`, without holding either whole.)
  struct PieceDigests {
    private var hasher = ContentHash.Running()
    private var last = Data()

    /// Takes the next piece.
    mutating func update(_ piece: Data) {
      hasher.update(last)
      last = piece
    }

    /// The digest of the pieces as written, numbered `version`, and of the same bytes numbered
    /// `other`; `nil` for the second when the last piece does not end with the version.
    func digests(version: Int, other: Int) -> (written: String, renumbered: String?) {
      var written = hasher
      written.update(last)
      var ending = last
      guard Manifest.renumber(&ending, from: version, to: other) else { return (written.digest, nil) }
      var renumbered = hasher
      renumbered.update(ending)
      return (written.digest, renumbered.digest)
    }
  }

  /// Adds every `sha256` value (images and hit masks) of the manifest file at `path` (a regular
  /// file, never through a link) to `digests`, found by scanning rather than decoding and reading
  /// a megabyte at a time: pruning reads several manifests on every build that publishes, and a
  /// manifest of 150,000 images is 90 MB.
  /// `false` when it cannot be opened or a read fails (having added what it read before).
  @discardableResult
  static func addObjectDigests(inFileAt path: String, to digests: inout Set<SHA256Digest>) -> Bool {
    scan(fileAt: path) { scanDigests($0, into: &digests) }
  }

  /// Reads the manifest file at `path` (a regular file, never through a link) a megabyte at a
  /// time, giving `scanner` the bytes not yet scanned; it returns the offset from which a value
  /// may still begin, and those bytes are given again with the next piece. `false` when the file
  /// cannot be opened or a read fails.
  static func scan(fileAt path: String, with scanner: (UnsafeRawBufferPointer) -> Int) -> Bool {
    let read = BoundedFile.withOpenFile(at: path, limit: 1 << 30, followingLinks: false) {
      descriptor, _ -> Result<Void, BoundedFile.Failure> in
      var buffer = [UInt8](repeating: 0, count: 1 << 20)
      // The bytes from which a value may still begin, carried to the next piece.
      var window: [UInt8] = []
      while true {
        let count = Foundation.read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        if count < 0 { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if count == 0 { break }
        window += buffer[0..<count]
        let scanned = window.withUnsafeBytes(scanner)
        window.removeSubrange(0..<scanned)
      }
      return .success(())
    }
    if case .success = read { return true }
    return false
  }

  /// Adds the `sha256` values whole in `bytes` to `digests`; returns the offset from which a
  /// value may still begin in bytes that follow.
  private static func scanDigests(_ bytes: UnsafeRawBufferPointer, into digests: inout Set<SHA256Digest>) -> Int {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return 0 }
    return digestPattern.withUnsafeBytes { pattern in
      var index = 0
      while true {
        // A value is the pattern and 64 digits: fewer bytes than that from `index` on are carried.
        guard index + pattern.count + 64 <= count else { return index }
        // The C library's `memmem` finds each value: a search byte by byte in Swift took about
        // 8 ms per manifest of 1,500 images, on every build that publishes.
        guard let found = bs_find_bytes(base + index, count - index, pattern.baseAddress, pattern.count) else {
          // Only the last bytes, too few to hold the pattern, may begin one.
          return max(index, count - pattern.count + 1)
        }
        let start = base.distance(to: found) + pattern.count
        guard start + 64 <= count else { return start - pattern.count }
        // A value that is no digest names no object.
        if let digest = SHA256Digest(hexDigits: UnsafeRawBufferPointer(rebasing: bytes[start..<start + 64])) {
          digests.insert(digest)
        }
        index = start + 64
      }
    }
  }

  /// What precedes each object digest in a manifest.
  private static let digestPattern = Array("\"sha256\" : \"".utf8)

  /// Reads a manifest file (a regular file, never through a link).
  public static func read(from url: URL) throws -> Manifest {
    guard let data = AtomicFile.readRegularFile(url.path) else {
      throw StoreError.cannotRead(url.path, "not a regular file")
    }
    return try JSONDecoder().decode(Manifest.self, from: data)
  }
}

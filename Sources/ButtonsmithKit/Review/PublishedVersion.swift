import ButtonCore
import ButtonRender
import Foundation

/// One published version, found by what `diff` and `report` accept: a version number (`3`),
/// `previous` (the version before `current`), `current`, or another output directory (its
/// `current`, or a copy of a version: see `copied(in:)`).
public struct PublishedVersion: Sendable {
  /// The version's directory.
  public var directory: URL
  /// Its manifest.
  public var manifest: Manifest
  /// How it was named, for messages: `v3`, or the other output directory's path.
  public var name: String
  /// The store's lock, shared, while the version is kept: no build prunes it while it is read.
  let lock: BuildLock?

  init(directory: URL, manifest: Manifest, name: String, lock: BuildLock? = nil) {
    self.directory = directory
    self.manifest = manifest
    self.name = name
    self.lock = lock
  }

  /// Why a version could not be found.
  public struct NotFound: Error, CustomStringConvertible {
    public var description: String
  }

  /// The version `reference` names in the output directory `output`, held against builds of
  /// that directory (which wait) while the value is kept.
  public static func find(_ reference: String, in output: URL) throws -> PublishedVersion {
    let store = AssetStore(root: output)
    // Taken before `current` is read: a build that holds the store ends first.
    let lock = FileManager.default.fileExists(atPath: output.path) ? try store.lockForReading() : nil
    // Without a current version, the store is inspected first: a `current` that points outside
    // it is reported as `build` reports it, not as missing.
    func noCurrentVersion() throws -> NotFound {
      try store.inspectForReading()
      return NotFound(description: "'\(output.path)' has no current version; build first")
    }
    let number: Int?
    switch reference {
    case "current":
      number = store.currentNumber()
      guard number != nil else { throw try noCurrentVersion() }
    case "previous":
      guard let current = store.currentNumber() else { throw try noCurrentVersion() }
      number = store.versionNumbers().filter { $0 < current }.max()
      guard number != nil else {
        throw NotFound(description: "'\(output.path)' has no version before v\(current) (older ones may be pruned)")
      }
    default:
      let digits = reference.hasPrefix("v") ? String(reference.dropFirst()) : reference
      if let value = Int(digits), value > 0 {
        number = value
      } else {
        // Another output directory: its current version.
        let other = URL(literalPath: reference)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: other.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
          throw NotFound(
            description: "'\(reference)' is neither a version (a number from 1, previous or current) nor a directory")
        }
        var found = try copied(in: other) ?? find("current", in: other)
        found.name = reference
        return found
      }
    }
    let directory = store.versionDirectory(number!)
    try store.inspectForReading()
    guard let manifest = try? Manifest.read(from: directory.appendingPathComponent("manifest.json")) else {
      guard FileManager.default.fileExists(atPath: directory.path) else {
        throw NotFound(description: "'\(output.path)' has no version \(number!) (see its versions/ directory)")
      }
      throw NotFound(description: "'\(directory.path)/manifest.json' is missing or is not a manifest")
    }
    try checkPaths(of: manifest, in: directory)
    return PublishedVersion(directory: directory, manifest: manifest, name: "v\(number!)", lock: lock)
  }

  /// A version copied out of a store with its links resolved, as `cp -rL` or a CI artifact
  /// leaves it: `current` a folder, or the folder itself a version's (a `versions/vN`, an
  /// `--export` folder). `nil` when `directory`'s `current` is a link to a version, or when
  /// neither holds a manifest. The folder named may be a link (the user names it).
  static func copied(in directory: URL) throws -> PublishedVersion? {
    guard AssetStore(root: directory).currentNumber() == nil else { return nil }
    func isReal(_ url: URL, _ type: mode_t, followingLink: Bool = false) -> Bool {
      var status = stat()
      let found = followingLink ? stat(url.path, &status) : lstat(url.path, &status)
      return found == 0 && status.st_mode & S_IFMT == type
    }
    // Never through a link inside it: a `current` that is one is a store's, and `find` judges it.
    for candidate in [directory.appendingPathComponent("current"), directory]
    where isReal(candidate, S_IFDIR, followingLink: candidate == directory) {
      let manifestURL = candidate.appendingPathComponent("manifest.json")
      guard isReal(manifestURL, S_IFREG), let manifest = try? Manifest.read(from: manifestURL) else { continue }
      try checkPaths(of: manifest, in: candidate)
      return PublishedVersion(directory: candidate, manifest: manifest, name: directory.path)
    }
    return nil
  }

  /// Paths come from a file anyone could have edited: each must stay inside the version.
  private static func checkPaths(of manifest: Manifest, in directory: URL) throws {
    if let unsafe = manifest.allFiles.map(\.path).first(where: { !Self.isInside($0) }) {
      throw NotFound(
        description: "the manifest of '\(directory.path)' names '\(unsafe)', which is not inside the version")
    }
  }

  /// Whether `path` is a relative path inside a directory: no leading `/`, no empty, `.` or `..`
  /// component, no backslash or NUL.
  static func isInside(_ path: String) -> Bool {
    isInside(utf8: path.utf8)
  }

  /// `isInside` of a path's UTF-8 bytes, read in one pass without splitting them (a stamp
  /// checks one path per file of its version).
  static func isInside(utf8 path: some Collection<UInt8>) -> Bool {
    var length = 0
    var allDots = true
    for byte in path {
      switch byte {
      case UInt8(ascii: "/"):
        guard length > 0, !(allDots && length <= 2) else { return false }
        (length, allDots) = (0, true)
      case UInt8(ascii: "\\"), 0:
        return false
      default:
        length += 1
        allDots = allDots && byte == UInt8(ascii: ".")
      }
    }
    return length > 0 && !(allDots && length <= 2)
  }

  /// The image at `path` in the version, decoded; an error names the file.
  func image(at path: String) throws -> RGBAImage {
    let data = try contents(of: path)
    do {
      return try RGBAImage(png: data)
    } catch {
      throw NotFound(description: "'\(path)' of \(name) is not a PNG that can be read: \(error)")
    }
  }

  /// The bytes of `path` in the version: a regular file, reached through no link (neither it nor
  /// a folder on its way: a copied version's folders may have been swapped for links), of at
  /// most the size the store allows.
  func contents(of path: String) throws -> Data {
    guard Self.isInside(path) else { throw NotFound(description: "cannot read '\(path)' of \(name)") }
    switch BoundedFile.read(at: path, limit: AssetStore.largestFile, beneath: directory.path) {
    case .success(let data): return data
    case .failure(let failure): throw NotFound(description: "cannot read '\(path)' of \(name): it \(failure)")
    }
  }

  /// Throws, naming the file, unless `path` in the version is a regular file reached through no
  /// link, of at most the size the store allows: an image only one version holds is not read,
  /// and still must be one (a page shows it from where it is).
  func checkFile(at path: String) throws {
    guard Self.isInside(path) else { throw NotFound(description: "cannot read '\(path)' of \(name)") }
    let opened = BoundedFile.withOpenFile(at: path, limit: AssetStore.largestFile, beneath: directory.path) {
      _, _ -> Result<Void, BoundedFile.Failure> in .success(())
    }
    if case .failure(let failure) = opened {
      throw NotFound(description: "cannot read '\(path)' of \(name): it \(failure)")
    }
  }

  /// The identity of file `path` in the version (device and inode, reached through no link):
  /// two versions holding the same identity hold one file, the same bytes.
  func identity(of path: String) -> [UInt64]? {
    guard Self.isInside(path) else { return nil }
    let identity = BoundedFile.withOpenFile(at: path, limit: AssetStore.largestFile, beneath: directory.path) {
      descriptor, _ -> Result<[UInt64], BoundedFile.Failure> in
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
      return .success([UInt64(status.st_dev), UInt64(status.st_ino)])
    }
    return try? identity.get()
  }

  /// The SHA-256 of the bytes of `path` in the version, as they are (not as the manifest says),
  /// reached through no link.
  func digest(of path: String) -> String? {
    guard Self.isInside(path) else { return nil }
    return ContentHash.sha256(ofRegularFileAt: path, limit: AssetStore.largestFile, beneath: directory.path)
  }

  /// Every image of the version (hit masks included) by path, with its digest.
  public var images: [String: String] {
    var images: [String: String] = [:]
    for asset in manifest.assets {
      images[asset.path] = asset.sha256
      if let mask = asset.hitMask { images[mask.path] = mask.sha256 }
    }
    return images
  }
}

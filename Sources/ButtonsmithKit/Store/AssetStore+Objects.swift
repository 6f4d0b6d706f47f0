import Foundation

extension AssetStore {
  /// Where the object with digest `sha256` lives.
  func objectURL(_ sha256: String) -> URL {
    URL(fileURLWithPath: objectPath(sha256), isDirectory: false)
  }

  /// The object's path, built as a string: this runs for every asset of every build.
  func objectPath(_ sha256: String) -> String {
    "\(root.path)/.cache/objects/\(sha256.prefix(2))/\(sha256)"
  }

  /// Stores `data` as an object, unless an intact one is already there; returns its digest.
  func storeObject(_ data: Data) throws -> String {
    let digest = ContentHash.sha256(data)
    let url = objectURL(digest)
    if FileManager.default.fileExists(atPath: url.path), ContentHash.sha256(ofFileAt: url) == digest {
      return digest
    }
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw StoreError.cannotWrite(directory.path, Self.reason(error))
    }
    try AtomicFile.write(data, to: url)
    recordVerified(digest)
    return digest
  }

  /// Whether the object `sha256` exists and its bytes still hash to its name. A modified
  /// object is removed, so it is rendered again and never published.
  func hasIntactObject(_ sha256: String) -> Bool {
    if isVerified(sha256) { return true }
    let url = objectURL(sha256)
    guard let actual = ContentHash.sha256(ofFileAt: url) else { return false }
    if actual == sha256 {
      recordVerified(sha256)
      return true
    }
    try? FileManager.default.removeItem(at: url)
    return false
  }

  /// Whether every file of `manifest` in version `number` is the object it names.
  func isIntact(_ manifest: Manifest, version number: Int) -> Bool {
    isIntact(manifest.allFiles, version: number)
  }

  /// Whether each `(path, sha256)` of version `number` is the object it names: the same inode
  /// as an intact object (a hard link), or a copy with the right digest.
  func isIntact(_ files: [(path: String, sha256: String)], version number: Int) -> Bool {
    let directory = versionDirectory(number).path
    for (path, sha256) in files {
      let file = "\(directory)/\(path)"
      var fileStatus = stat()
      var objectStatus = stat()
      guard stat(file, &fileStatus) == 0 else { return false }
      let sameInode =
        stat(objectPath(sha256), &objectStatus) == 0 && objectStatus.st_ino == fileStatus.st_ino
        && objectStatus.st_dev == fileStatus.st_dev
      let intact =
        sameInode ? hasIntactObject(sha256) : ContentHash.sha256(ofFileAt: URL(fileURLWithPath: file)) == sha256
      if !intact { return false }
    }
    return true
  }
}

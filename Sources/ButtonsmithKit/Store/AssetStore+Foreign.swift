import Foundation

/// A version pruning left whole: it holds something Buttonsmith did not write.
public struct KeptVersion: Sendable, Equatable {
  /// The version's number.
  public var version: Int
  /// The first such entry, relative to the output directory (`versions/v1/NOTES.txt`).
  public var path: String
  /// What is wrong with it, for a message that names it first.
  public var reason: String
}

extension AssetStore {
  /// Names file managers write into any folder they show (Finder, Explorer): removed with the
  /// version, as a user expects of a folder they browsed.
  static let browserMetadata: Set<String> = [".DS_Store", "Thumbs.db", "desktop.ini"]

  /// Why version `number` may not be pruned, when it holds an entry Buttonsmith did not write:
  /// a file its manifest does not name, a folder none of those files is in, a link or a special
  /// file, or a file written since. Publishing makes every file read-only, and every file of a
  /// version was written before its manifest, so a file that is writable or was modified after
  /// the manifest, and no longer holds the bytes the manifest names, was written over (an editor
  /// that saves by renaming keeps the mode; so does root writing into a read-only file). `nil`
  /// when every entry is its own; a manifest that does not read keeps the version too (nothing
  /// then says what it holds). The version is looked at in `versions`, the store's directory.
  func keptVersion(_ number: Int, in versions: DirectoryHandle) -> KeptVersion? {
    let prefix = "versions/v\(number)/"
    var files: Set<String> = [manifestURL(number).lastPathComponent]
    guard Manifest.addWrittenPaths(inFileAt: manifestURL(number).path, to: &files) else {
      return KeptVersion(
        version: number, path: prefix + manifestURL(number).lastPathComponent,
        reason: "is missing or unreadable, so the version's files cannot be told from others")
    }
    var folders = Set<String>()
    for path in files {
      var folder = Substring(path)
      while let slash = folder.lastIndex(of: "/") {
        folder = folder[..<slash]
        guard folders.insert(String(folder)).inserted else { break }
      }
    }
    guard let version = versions.directory("v\(number)") else { return nil }
    // A file system that keeps no modes (FAT, exFAT, some network shares) shows every file
    // writable, the manifest too: files are then told by their names alone.
    let manifest = version.fileStatus(manifestURL(number).lastPathComponent)
    let keepsModes = manifest?.isReadOnly ?? false
    let published = manifest?.status.modified ?? .max
    // A copy of the store (`cp -r`, `scp -r`) keeps the modes and gives every file a new time:
    // a file newer than its manifest is the version's own when it holds the bytes it names.
    var digests: [String: String]?
    func holdsPublishedBytes(_ file: String, path: String) -> Bool {
      if digests == nil {
        let manifest = try? Manifest.read(from: manifestURL(number))
        digests = Dictionary(
          manifest?.allFiles.map { ($0.path, $0.sha256) } ?? [], uniquingKeysWith: { first, _ in first })
      }
      return digests?[path].map { digestOfFile(file) == $0 } ?? false
    }
    func firstForeign(in directory: DirectoryHandle, at folder: String) -> KeptVersion? {
      guard let entries = directory.completeEntries() else {
        return KeptVersion(version: number, path: prefix + folder, reason: "could not be listed")
      }
      // In name order, so that the same version is always reported by the same entry.
      for (name, kind) in entries.sorted(by: { $0.name < $1.name }) {
        let path = folder.isEmpty ? name : "\(folder)/\(name)"
        switch kind {
        case .regular where files.contains(path):
          // A file made writable since (`chmod -R u+w`, a cache restored without modes) is the
          // version's own while it holds the bytes it published.
          guard let file = directory.fileStatus(name),
            !keepsModes || file.isReadOnly && file.status.modified <= published
              || holdsPublishedBytes(directory.path + "/" + name, path: path)
          else {
            return KeptVersion(
              version: number, path: prefix + path, reason: "was written after Buttonsmith published it")
          }
        case .regular where Self.browserMetadata.contains(name) || name.hasPrefix("._"):
          continue
        case .directory where folders.contains(path):
          guard let child = directory.directory(name) else {
            return KeptVersion(version: number, path: prefix + path, reason: "could not be opened")
          }
          if let kept = firstForeign(in: child, at: path) { return kept }
        default:
          return KeptVersion(version: number, path: prefix + path, reason: "was not written by Buttonsmith")
        }
      }
      return nil
    }
    return firstForeign(in: version, at: "")
  }
}

import ButtonCore
import Foundation

/// `build --export DIR`: a plain copy of the version `current` points to, for a build that
/// wants real files in a directory of its own (a SwiftPM plugin's resources, an app's folder
/// reference) rather than the store's links and history.
///
/// Files are copied from the store's objects, checked against their digests, and each replaces
/// its old copy atomically, only when its bytes changed, so an unchanged file keeps its time
/// and a build system copies nothing again. The version's `manifest.json` is copied last; it
/// records what the export wrote, so the next export removes what the version no longer has,
/// and only those of its own files that still hold the bytes it wrote. Before the first file is
/// copied, `.buttonsmith-export.json` records what this export may write, so what an export
/// that stopped part-way (killed, or a missing object) wrote is removed by the next one too;
/// it goes once the manifest is in place. Nothing else in the directory is ever removed or
/// written over (a file of the user's where the version has one stops the export), no link
/// inside it is followed, and a directory inside the output directory is refused.
public struct AssetExport: Sendable {
  /// The output directory the version is taken from.
  public var output: URL

  /// An export of the version `current` points to in `output`.
  public init(output: URL) {
    self.output = output
  }

  /// What one export did.
  public struct Result: Equatable, Sendable {
    /// Files written (changed or new), the manifest and the Swift file included.
    public var written = 0
    /// Files of an earlier export removed.
    public var removed = 0
  }

  /// Throws when `directory` or `swiftFile` lies inside the output directory or another one:
  /// the copy would write over a published version. A build checks it before it builds.
  public func checkPlacement(of directory: URL, swiftFile: URL? = nil) throws {
    for target in [directory] + (swiftFile.map { [$0] } ?? []) {
      if Self.isInside(target, output) {
        throw StoreError.exportConflict(
          target.path, "is inside the output directory, whose versions an export must not replace")
      }
      if let store = AssetStore.storeHolding(target) {
        throw StoreError.insideAnotherStore(target.path, store: store.path)
      }
    }
  }

  /// Copies `current` into `directory` (created when missing, even for a version with no
  /// file), once no other build holds the store. With `swiftFile`, the `swift` format's file
  /// (`swiftFileName` in the version) is written there instead of into the directory.
  public func export(
    to directory: URL, swiftFile: URL? = nil, swiftFileName: String? = nil, waiting: () -> Void = {}
  ) throws -> Result {
    try checkPlacement(of: directory, swiftFile: swiftFile)
    let store = AssetStore(root: output)
    func nothingPublished() -> StoreError {
      StoreError.cannotRead(output.appendingPathComponent("current").path, "nothing is published")
    }
    guard store.currentNumber() != nil else { throw nothingPublished() }
    // Under the store's lock, as a build: no build publishes or prunes the version while it is
    // copied, and two builds exporting into one directory copy one after the other. (`waiting`
    // is called first when another holds it.)
    let lock = try store.lockForExport(waiting: waiting)
    defer { withExtendedLifetime(lock) {} }
    guard let number = store.currentNumber() else { throw nothingPublished() }
    let manifestData = try AtomicFile.readRegularFile(store.manifestURL(number).path)
      .orThrow(StoreError.cannotRead(store.manifestURL(number).path, "no manifest"))
    let manifest = try JSONDecoder().decode(Manifest.self, from: manifestData)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let root = try DirectoryHandle(path: directory.path, followingLink: true)
    var result = Result()

    let previous = AtomicFile.readRegularFile(directory.appendingPathComponent("manifest.json").path)
    let (written, stopped) = try earlierWrites(in: directory, previous: previous)
    var wanted: [(path: String, sha256: String)] = []
    var swift: (url: URL, sha256: String)?
    for (path, sha256) in manifest.allFiles {
      guard PublishedVersion.isInside(path) else {
        throw StoreError.exportConflict(path, "is not a path inside a version")
      }
      if let swiftFile, path == swiftFileName { swift = (swiftFile, sha256) } else { wanted.append((path, sha256)) }
    }
    wanted.sort { $0.path < $1.path }
    try refuseStores(below: directory, holding: wanted.map(\.path))
    // Nothing of the user's is written over: checked before anything is written, at every path,
    // an earlier export's too (a file of it the user edited, or replaced by a link, is theirs
    // now). A file is ours with bytes an earlier export wrote there, or a version of the store
    // published at its path (its `manifest.json` may be gone).
    var published: [String: Set<String>]?
    func ours(_ path: String, _ sha256: String) -> Set<String> {
      if published == nil { published = publishedDigests(in: store) }
      return written[path, default: []].union(published?[path] ?? []).union([sha256])
    }
    // The digests of the files found at the version's paths, so each is read once.
    var found: [String: String] = [:]
    for (path, sha256) in wanted {
      let components = path.split(separator: "/").map(String.init)
      guard let parent = handle(components.dropLast(), in: root), let name = components.last,
        let kind = parent.kind(of: name)
      else { continue }
      if kind == .regular,
        let digest = ContentHash.sha256(ofRegularFileAt: parent.path + "/" + name, limit: AssetStore.largestFile)
      {
        found[path] = digest
        if digest == sha256 || written[path]?.contains(digest) == true || ours(path, sha256).contains(digest) {
          continue
        }
      }
      throw StoreError.exportConflict(directory.appendingPathComponent(path).path, Self.notOurs)
    }
    // The Swift file elsewhere likewise, or one Buttonsmith generated (its first line says so):
    // a clean build has no store to vouch for the one it wrote before.
    if let swift, let name = swiftFileName,
      let parent = try? DirectoryHandle(path: swift.url.deletingLastPathComponent().path, followingLink: true),
      isForeign(swift.url.lastPathComponent, in: parent, unless: { ours(name, swift.sha256) }),
      !Self.isGeneratedSwift(at: swift.url)
    {
      throw StoreError.exportConflict(swift.url.path, Self.notOurs)
    }
    let changing = previous != manifestData || stopped != nil
    if changing {
      var files = Set((stopped?.files ?? []).map { Record.File(path: $0.path, sha256: $0.sha256) })
      files.formUnion(manifest.allFiles.map { Record.File(path: $0.path, sha256: $0.sha256) })
      let record = Record(files: files.sorted { ($0.path, $0.sha256) < ($1.path, $1.sha256) })
      try AtomicFile.write(
        try JSONEncoder().encode(record), named: Self.recordName, in: root, mode: 0o644, durable: false)
    }
    // An export killed part-way left the temporary files it was writing: in its directory, and
    // where its record says it was writing.
    if let stopped {
      var folders = Set(stopped.files.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().relativePath })
      folders.insert(".")
      for folder in folders {
        let components = folder.split(separator: "/").map(String.init).filter { $0 != "." }
        if let parent = handle(components[...], in: root) { removeTemporaries(in: parent) }
      }
      if let swift, let parent = try? DirectoryHandle(path: swift.url.deletingLastPathComponent().path) {
        removeTemporaries(in: parent)
      }
    } else {
      removeTemporaries(in: root)
    }
    if let swift, try write(swift.sha256, from: store, to: swift.url) { result.written += 1 }
    for (path, sha256) in wanted where found[path] != sha256 {
      let (parent, name) = try self.parent(of: path, in: root)
      if try write(sha256, from: store, to: URL(fileURLWithPath: parent.path).appendingPathComponent(name), in: parent)
      {
        result.written += 1
      }
    }
    // What earlier exports wrote and this one does not goes, when it still holds those bytes: a
    // file the version lacks, and the Swift file an export wrote here before it went elsewhere.
    if changing || swift != nil {
      var keeping = Set(wanted.map(\.path))
      // The Swift file asked for inside the directory (at its own path, or another) is this export's.
      let folder = directory.standardizedFileURL.path + "/"
      if let path = swift?.url.standardizedFileURL.path, path.hasPrefix(folder) {
        keeping.insert(String(path.dropFirst(folder.count)))
      }
      result.removed = removeStale(written, keeping: keeping, in: root, store)
    }
    if previous != manifestData {
      try AtomicFile.write(manifestData, named: "manifest.json", in: root, mode: 0o644, durable: false)
      result.written += 1
    }
    if changing { _ = root.removeFile(Self.recordName) }
    return result
  }

  private static let notOurs = "is not a file an export wrote; move it away, or export elsewhere"

  /// Throws when a folder the export writes into is an output directory (`--export build` beside
  /// `build/ios`, with an asset named `ios`): only a build changes what is in one.
  private func refuseStores(below directory: URL, holding paths: [String]) throws {
    var checked = Set<Substring>()
    for path in paths {
      var folder = path[...]
      while let slash = folder.lastIndex(of: "/") {
        folder = folder[..<slash]
        guard checked.insert(folder).inserted else { break }
        let url = directory.appendingPathComponent(String(folder))
        if AssetStore.isStore(url.path) {
          throw StoreError.insideAnotherStore(directory.appendingPathComponent(path).path, store: url.path)
        }
      }
    }
  }

  /// Whether entry `name` of `directory` is something no export wrote: anything but a regular
  /// file holding one of the digests `ours` gives (asked only when there is such a file).
  private func isForeign(_ name: String, in directory: DirectoryHandle, unless ours: () -> Set<String>) -> Bool {
    guard let kind = directory.kind(of: name) else { return false }
    guard kind == .regular,
      let digest = ContentHash.sha256(ofRegularFileAt: directory.path + "/" + name, limit: AssetStore.largestFile)
    else { return true }
    return !ours().contains(digest)
  }

  /// Every path the store's versions publish, with the digests they give it.
  private func publishedDigests(in store: AssetStore) -> [String: Set<String>] {
    var digests: [String: Set<String>] = [:]
    for number in store.versionNumbers() {
      guard let manifest = try? Manifest.read(from: store.manifestURL(number)) else { continue }
      for (path, sha256) in manifest.allFiles { digests[path, default: []].insert(sha256) }
    }
    return digests
  }

  /// Whether the file at `url` begins as the `swift` format's files begin, under any name of
  /// the enum: one generated before `swift.name` changed is as much the export's.
  private static func isGeneratedSwift(at url: URL) -> Bool {
    // A regular file only: a link there is the user's, whatever it points to.
    guard FileStatus(ofFileAt: url.path) != nil, let head = try? FileHandle(forReadingFrom: url).read(upToCount: 256)
    else { return false }
    // `// Buttons.swift: generated by buttonsmith`, with any name.
    let text = String(decoding: head, as: UTF8.self)
    guard text.hasPrefix("// "), let end = text.range(of: ".swift: generated by buttonsmith") else { return false }
    let name = text[text.index(text.startIndex, offsetBy: 3)..<end.lowerBound]
    return !name.isEmpty
      && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
  }

  /// Writes object `sha256` to `url` unless the file there already holds those bytes; whether
  /// it wrote. Through `directory`, `url`'s folder opened without following links, when there
  /// is one: a link swapped in for a folder of the export while it runs is never written through.
  private func write(_ sha256: String, from store: AssetStore, to url: URL, in directory: DirectoryHandle? = nil)
    throws -> Bool
  {
    if store.digestOfFile(url.path) == sha256 { return false }
    // A value that is no digest names no object: no file outside the objects is read for it.
    guard let object = SHA256Digest(hex: sha256) else {
      throw StoreError.cannotRead(url.path, "the manifest names no object for it; build again")
    }
    if directory == nil {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    }
    let path = store.objectPath(object)
    let data = try AtomicFile.readRegularFile(path, limit: AssetStore.largestFile)
      .orThrow(StoreError.cannotRead(path, "the object is missing; build again"))
    guard ContentHash.digest(data) == object else {
      throw StoreError.cannotRead(path, "the object is damaged; build again")
    }
    if let directory {
      try AtomicFile.write(data, named: url.lastPathComponent, in: directory, mode: 0o644, durable: false)
    } else {
      try AtomicFile.write(data, to: url, durable: false)
    }
    return true
  }

  /// The directory that holds `path`, created when missing (never through a link), and the
  /// file's name.
  private func parent(of path: String, in root: DirectoryHandle) throws -> (DirectoryHandle, String) {
    var components = path.split(separator: "/").map(String.init)
    let name = components.removeLast()
    var directory = root
    for component in components { directory = try directory.makeDirectory(component) }
    return (directory, name)
  }

  func handle(_ components: ArraySlice<String>, in root: DirectoryHandle) -> DirectoryHandle? {
    var directory: DirectoryHandle? = root
    for component in components { directory = directory?.directory(component) }
    return directory
  }

  /// Removes the directories of `components`, deepest first, while they are empty.
  func removeEmptyDirectories(_ components: ArraySlice<String>, in root: DirectoryHandle) {
    var components = components
    while let last = components.last, let parent = handle(components.dropLast(), in: root) {
      guard parent.removeEmptyDirectory(last) else { return }
      components.removeLast()
    }
  }
}

extension Optional {
  /// The value, or `error` thrown.
  func orThrow(_ error: @autoclosure () -> Error) throws -> Wrapped {
    guard let self else { throw error() }
    return self
  }
}

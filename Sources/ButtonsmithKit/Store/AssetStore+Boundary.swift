import Foundation

/// Where one store ends and another begins. Only a build of a store changes what is in it: a
/// preview, a report, an export, file lists or another store written inside a store's versions
/// would change what it published (and its next build would refuse the store).
extension AssetStore {
  /// The output directory that `url` is, or is inside, once its links are resolved (it need not
  /// exist): this store, else the nearest store on its path. `nil` when it is in none.
  public func storeHolding(_ url: URL) -> URL? {
    contains(url) ? root : Self.storeHolding(url)
  }

  /// The nearest store that `url` is or is inside, once its links are resolved; with `above`,
  /// the nearest that `url` is strictly inside (a store is not inside itself).
  public static func storeHolding(_ url: URL, above: Bool = false) -> URL? {
    var directory = AssetExport.resolvedPath(url)
    if above { directory = (directory as NSString).deletingLastPathComponent }
    while !directory.isEmpty {
      if isStore(directory) { return URL(fileURLWithPath: directory, isDirectory: true) }
      guard directory != "/" else { return nil }
      directory = (directory as NSString).deletingLastPathComponent
    }
    return nil
  }

  /// Whether the directory at `path` is a store: it holds the store's mark, or (a store made
  /// before the mark) a `current` link to one of its own versions. Two `lstat`s, not a listing:
  /// every parent of a path is asked.
  static func isStore(_ path: String) -> Bool {
    let prefix = path.hasSuffix("/") ? path : path + "/"
    var status = stat()
    if lstat(prefix + StoreNames.marker, &status) == 0, status.st_mode & S_IFMT == S_IFREG { return true }
    guard lstat(prefix + "current", &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return false }
    var buffer = [CChar](repeating: 0, count: 256)
    let count = readlink(prefix + "current", &buffer, buffer.count - 1)
    guard count > 0 else { return false }
    let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return StoreNames.versionNumber(currentTarget: target) != nil
  }
}

import Foundation

extension AssetExport {
  /// Whether `url`, once its links are resolved, is `root` or inside it (neither need exist).
  static func isInside(_ url: URL, _ root: URL) -> Bool {
    let path = resolvedPath(url)
    let rootPath = resolvedPath(root)
    return path == rootPath || path.hasPrefix(rootPath.hasSuffix("/") ? rootPath : rootPath + "/")
  }

  /// `url` with the links of the part that exists resolved.
  static func resolvedPath(_ url: URL) -> String {
    var existing = url.standardizedFileURL.path
    var rest: [String] = []
    var status = stat()
    while lstat(existing, &status) != 0, existing != "/" {
      rest.insert((existing as NSString).lastPathComponent, at: 0)
      existing = (existing as NSString).deletingLastPathComponent
    }
    guard let real = realpath(existing, nil) else { return url.standardizedFileURL.path }
    defer { free(real) }
    return ([String(cString: real)] + rest).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
  }
}

import Foundation

extension AssetStore {
  /// The first entry of version `number` that Buttonsmith did not write, by its path in the
  /// version: a file its manifest does not name, a folder none of those files is in, a link or a
  /// special file. `nil` when every entry is one it wrote; the manifest itself when it does not
  /// read (nothing then says what the version holds).
  func foreignEntry(inVersion number: Int) -> String? {
    let manifest = manifestURL(number).lastPathComponent
    guard let data = AtomicFile.readRegularFile(manifestURL(number).path),
      let written = try? JSONDecoder().decode(WrittenPaths.self, from: data)
    else { return manifest }
    guard let version = try? DirectoryHandle(path: versionDirectory(number).path) else { return nil }
    var files: Set<String> = [manifest]
    var folders = Set<String>()
    for path in written.paths {
      files.insert(path)
      var folder = Substring(path)
      while let slash = folder.lastIndex(of: "/") {
        folder = folder[..<slash]
        guard folders.insert(String(folder)).inserted else { break }
      }
    }
    func firstForeign(in directory: DirectoryHandle, prefix: String) -> String? {
      for (name, kind) in directory.entries() {
        let path = prefix + name
        switch kind {
        case .regular where files.contains(path): continue
        case .directory where folders.contains(path):
          guard let child = directory.directory(name) else { return path }
          if let foreign = firstForeign(in: child, prefix: path + "/") { return foreign }
        default: return path
        }
      }
      return nil
    }
    return firstForeign(in: version, prefix: "")
  }

  /// The paths a manifest names, read without the rest of it.
  private struct WrittenPaths: Decodable {
    struct Named: Decodable {
      var path: String
    }

    struct Asset: Decodable {
      var path: String
      var hitMask: Named?

      enum CodingKeys: String, CodingKey {
        case path
        case hitMask = "hit_mask"
      }
    }

    var assets: [Asset]
    var files: [Named]?

    var paths: [String] {
      assets.flatMap { [$0.path] + ($0.hitMask.map { [$0.path] } ?? []) } + (files ?? []).map(\.path)
    }
  }
}

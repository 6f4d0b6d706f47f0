import ButtonRender
import Foundation

/// `.cache/index.json`: what each job key rendered to, so a job seen before is not drawn again.
struct CacheIndex: Codable {
  /// What one render produced: the image object and its facts, and its hit mask's object.
  struct Entry: Codable, Equatable {
    var sha256: String
    var width: Int
    var height: Int
    var content: PixelRect
    var hitMaskSHA256: String?
    var hitMaskBounds: PixelRect?
  }

  var entries: [String: Entry] = [:]

  static func read(from url: URL) -> CacheIndex {
    guard let data = try? Data(contentsOf: url), let index = try? JSONDecoder().decode(CacheIndex.self, from: data) else {
      return CacheIndex()
    }
    return index
  }

  func write(to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try AtomicFile.write(try encoder.encode(self), to: url)
  }
}

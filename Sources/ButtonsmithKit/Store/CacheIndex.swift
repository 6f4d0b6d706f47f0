import ButtonRender
import Foundation

/// `.cache/index`: what each job key rendered to, so a job seen before is not drawn again.
/// JSON, like the manifest and the stamp: one object mapping each key to its entry. (A build
/// that only confirms its stamp never reads it; one that plans reads it once, which costs a few
/// milliseconds at 1,500 images.)
struct CacheIndex: Codable {
  /// What one render produced: the image object and its facts, and its hit mask's object.
  struct Entry: Equatable, Codable {
    var sha256: String
    var width: Int
    var height: Int
    var content: PixelRect
    var hitMaskSHA256: String?
    var hitMaskBounds: PixelRect?
  }

  var entries: [String: Entry] = [:]

  /// The index at `url`; an unreadable or damaged index is an empty one (everything renders).
  static func read(from url: URL) -> CacheIndex {
    guard let data = AtomicFile.readRegularFile(url.path),
      let index = try? JSONDecoder().decode(CacheIndex.self, from: data)
    else { return CacheIndex() }
    return index
  }

  func write(to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    try AtomicFile.write(try encoder.encode(self), to: url)
  }
}

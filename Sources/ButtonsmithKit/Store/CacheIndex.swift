import ButtonRender
import Foundation

/// `.cache/index`: what each job key rendered to, so a job seen before is not drawn again.
/// It is read and written by every build, so it is plain text rather than JSON, one sorted line
/// a key: `key sha256 width height x y w h [hitmask-sha256 x y w h]`.
struct CacheIndex {
  /// What one render produced: the image object and its facts, and its hit mask's object.
  struct Entry: Equatable {
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
    var index = CacheIndex()
    guard let data = AtomicFile.readRegularFile(url.path) else { return index }
    for line in data.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
      guard fields.count == 8 || fields.count == 13 else { continue }
      let numbers = fields[2..<8].compactMap { Int($0) }
      guard numbers.count == 6 else { continue }
      var entry = Entry(
        sha256: fields[1], width: numbers[0], height: numbers[1],
        content: PixelRect(x: numbers[2], y: numbers[3], width: numbers[4], height: numbers[5]))
      if fields.count == 13 {
        entry.hitMaskSHA256 = fields[8]
        let bounds = fields[9..<13].compactMap { Int($0) }
        if bounds.count == 4, bounds[2] > 0 {
          entry.hitMaskBounds = PixelRect(x: bounds[0], y: bounds[1], width: bounds[2], height: bounds[3])
        }
      }
      index.entries[fields[0]] = entry
    }
    return index
  }

  func write(to url: URL) throws {
    var text = ""
    for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
      let content = entry.content
      text +=
        "\(key) \(entry.sha256) \(entry.width) \(entry.height) \(content.x) \(content.y) \(content.width) \(content.height)"
      if let hitMask = entry.hitMaskSHA256 {
        let bounds = entry.hitMaskBounds ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        text += " \(hitMask) \(bounds.x) \(bounds.y) \(bounds.width) \(bounds.height)"
      }
      text += "\n"
    }
    try AtomicFile.write(Data(text.utf8), to: url)
  }
}

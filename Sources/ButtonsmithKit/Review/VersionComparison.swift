import ButtonRender
import Foundation

/// What changed between two versions: every image (hit masks included) by its path, changed
/// ones with the number of pixels that differ.
public struct VersionComparison: Sendable, Encodable {
  /// A changed image: its path, how many pixels differ, and both pixel sizes.
  public struct Change: Sendable, Encodable, Equatable {
    public var path: String
    /// Pixels that differ, counting every pixel of the larger image that the other lacks.
    public var pixels: Int
    /// The largest difference of one channel of one pixel, 0...255.
    public var largestDifference: Int
    public var oldSize: [Int]
    public var newSize: [Int]

    enum CodingKeys: String, CodingKey {
      case path, pixels
      case largestDifference = "largest_difference"
      case oldSize = "old_size"
      case newSize = "new_size"
    }
  }

  /// The older version's name (`v3`, or an output directory).
  public var old: String
  /// The newer version's name.
  public var new: String
  /// Changed images, most pixels first.
  public var changed: [Change]
  /// Paths only the newer version has.
  public var added: [String]
  /// Paths only the older version has.
  public var removed: [String]
  /// How many images are the same bytes in both.
  public var unchanged: Int

  /// Whether the two versions hold the same images.
  public var isEmpty: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty }

  /// Compares `old` with `new`; images whose bytes differ are decoded and compared pixel by pixel.
  /// The files are what is compared, not their manifests' word: an image the manifests give the
  /// same digest is the same only when both files are one (the same link of an object) or hash
  /// the same (a file edited by hand, in a copied output directory, is read).
  public static func compare(_ old: PublishedVersion, _ new: PublishedVersion) throws -> VersionComparison {
    let (before, after) = (old.images, new.images)
    var changed: [Change] = []
    var unchanged = 0
    for (path, digest) in after {
      guard let previous = before[path] else { continue }
      if previous == digest {
        let oneFile = old.identity(of: path).map { $0 == new.identity(of: path) } ?? false
        if oneFile || (old.digest(of: path) == digest && new.digest(of: path) == digest) {
          unchanged += 1
          continue
        }
      }
      let a = try old.image(at: path)
      let b = try new.image(at: path)
      let difference = PixelDifference(a, b)
      // Other bytes, the same pixels (another libpng or compressor wrote it): the same image.
      if difference.count == 0 {
        unchanged += 1
        continue
      }
      changed.append(
        Change(
          path: path, pixels: difference.count, largestDifference: difference.largest, oldSize: [a.width, a.height],
          newSize: [b.width, b.height]))
    }
    let added = after.keys.filter { before[$0] == nil }.sorted()
    let removed = before.keys.filter { after[$0] == nil }.sorted()
    for path in added { try new.checkFile(at: path) }
    for path in removed { try old.checkFile(at: path) }
    return VersionComparison(
      old: old.name, new: new.name, changed: changed.sorted { ($1.pixels, $0.path) < ($0.pixels, $1.path) },
      added: added, removed: removed, unchanged: unchanged)
  }
}

/// The pixels that differ between two images, laid over each other at their top left corners.
public struct PixelDifference: Sendable {
  /// How many pixels differ (a pixel only one image has differs).
  public var count = 0
  /// The largest difference of one channel.
  public var largest = 0
  /// The difference image: changed pixels red, the rest the newer image faded.
  public var image: RGBAImage

  public init(_ old: RGBAImage, _ new: RGBAImage) {
    let (width, height) = (max(old.width, new.width), max(old.height, new.height))
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let inOld = x < old.width && y < old.height
        let inNew = x < new.width && y < new.height
        var differs = inOld != inNew
        // A pixel transparent in both is the same whatever colour it holds: PNG optimizers
        // clear (or set) the colour of transparent pixels, and nothing shows it.
        if inOld, inNew, case let (a, b) = ((y * old.width + x) * 4, (y * new.width + x) * 4),
          old.pixels[a + 3] != 0 || new.pixels[b + 3] != 0
        {
          for channel in 0..<4 {
            let delta = abs(Int(old.pixels[a + channel]) - Int(new.pixels[b + channel]))
            if delta > 0 { differs = true }
            largest = max(largest, delta)
          }
        } else if differs {
          largest = 255
        }
        let target = (y * width + x) * 4
        if differs {
          count += 1
          pixels.replaceSubrange(target..<target + 4, with: [255, 0, 0, 255])
        } else if inNew {
          let source = (y * new.width + x) * 4
          pixels.replaceSubrange(
            target..<target + 4,
            with: [new.pixels[source], new.pixels[source + 1], new.pixels[source + 2], new.pixels[source + 3] / 4])
        }
      }
    }
    image = RGBAImage(width: width, height: height, pixels: pixels)
  }
}

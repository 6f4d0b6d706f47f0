import CPNG
import Foundation

/// A 1-bit greyscale PNG of an image's size: 1 (white) where the pixel's alpha is greater
/// than the threshold, with the bounds of the hit pixels.
public struct HitMask: Sendable {
  /// The PNG file's bytes.
  public var png: Data
  /// The alpha fraction a pixel must exceed to be hit.
  public var threshold: Double
  /// The smallest rectangle holding every hit pixel; `nil` when nothing is hit.
  public var bounds: PixelRect?

  init(image: RGBAImage, threshold: Double, scale: Double, compression: PNGCompression) throws {
    self.threshold = threshold
    let limit = Int((threshold * 255).rounded(.down))
    let rowBytes = (image.width + 7) / 8
    var packed = [UInt8](repeating: 0, count: rowBytes * image.height)
    var hit = HitBounds()
    for y in 0..<image.height {
      for x in 0..<image.width where Int(image.pixels[(y * image.width + x) * 4 + 3]) > limit {
        packed[y * rowBytes + x / 8] |= 0x80 >> UInt8(x % 8)
        hit.add(x: x, y: y)
      }
    }
    bounds = hit.rect
    png = try packed.withUnsafeBufferPointer { rows in
      try PNGEncoder.encode(
        rows: rows.baseAddress!, width: image.width, height: image.height, colorType: PNG_COLOR_TYPE_GRAY, bitDepth: 1,
        scale: scale, compression: compression)
    }
  }

  /// The bounds of the hit (white) pixels of a hit mask's PNG, as `bounds` gives them for the
  /// mask drawn: to check what another machine says of a mask it uploaded.
  public static func bounds(ofPNG png: Data) throws -> PixelRect? {
    let image = try RGBAImage(png: png)
    var hit = HitBounds()
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixels[(y * image.width + x) * 4] > 127 { hit.add(x: x, y: y) }
    }
    return hit.rect
  }
}

/// The smallest rectangle holding the pixels added to it.
private struct HitBounds {
  private var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)

  mutating func add(x: Int, y: Int) {
    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
  }

  /// The rectangle; `nil` when nothing was added.
  var rect: PixelRect? {
    maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }
}

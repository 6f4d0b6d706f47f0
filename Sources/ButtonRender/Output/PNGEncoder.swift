import CPNG
import CPNGShim
import Foundation

/// How the PNG writer compresses: zlib level and strategy and the row filters tried.
public struct PNGCompression: Sendable, Hashable, Codable {
  /// zlib level, 0...9.
  public var level: Int
  /// zlib strategy: 0 default, 1 filtered, 2 Huffman only, 3 RLE.
  public var strategy: Int
  /// libpng filter bits (`PNG_FILTER_NONE` = 8 … `PNG_ALL_FILTERS` = 248).
  public var filters: Int

  /// Creates settings.
  public init(level: Int, strategy: Int, filters: Int) {
    self.level = level
    self.strategy = strategy
    self.filters = filters
  }

  /// The settings Buttonsmith writes with, chosen by measurement on the standard workload
  /// (see docs/rendering.md).
  public static let standard = PNGCompression(level: 6, strategy: 0, filters: 0x08)
  /// libpng's own defaults, for comparison.
  public static let libpngDefault = PNGCompression(level: 6, strategy: 1, filters: 0xF8)
}

/// Encodes straight RGBA images as PNG through libpng: sRGB chunk, pHYs at 72 dpi x scale, no
/// time chunk, so identical pixels give identical bytes.
struct PNGEncoder {
  let compression: PNGCompression

  func encode(_ image: RGBAImage, scale: Double) throws -> Data {
    try image.pixels.withUnsafeBufferPointer { rows in
      try Self.encode(
        rows: rows.baseAddress!, width: image.width, height: image.height, colorType: PNG_COLOR_TYPE_RGBA, bitDepth: 8,
        scale: scale, compression: compression)
    }
  }

  /// Pixels per metre for 72 dpi x `scale`.
  static func pixelsPerMeter(scale: Double) -> UInt32 {
    UInt32((72 * scale / 0.0254).rounded())
  }

  static func encode(
    rows: UnsafePointer<UInt8>, width: Int, height: Int, colorType: Int32, bitDepth: Int32, scale: Double,
    compression: PNGCompression
  ) throws -> Data {
    var message = [CChar](repeating: 0, count: 256)
    var output: UnsafeMutablePointer<UInt8>?
    var size = 0
    let settings = bs_png_compression(
      zlib_level: Int32(compression.level), zlib_strategy: Int32(compression.strategy),
      filters: Int32(compression.filters))
    let status = bs_png_encode(
      rows, UInt32(width), UInt32(height), colorType, bitDepth, pixelsPerMeter(scale: scale), settings, &output, &size,
      &message, message.count)
    defer { bs_png_free(output) }
    try PNGError.check(status, message: message)
    return Data(bytes: output!, count: size)
  }
}

extension RGBAImage {
  /// The image as a PNG file, with the pHYs chunk of `scale`.
  public func pngData(scale: Double = 1, compression: PNGCompression = .standard) throws -> Data {
    try PNGEncoder(compression: compression).encode(self, scale: scale)
  }
}

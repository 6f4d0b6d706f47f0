import CPNG
import CPNGShim
import Foundation

/// How the PNG writer compresses: the deflate library and its level, and for zlib the
/// strategy and the row filters tried.
public struct PNGCompression: Sendable, Hashable, Codable {
  /// Level: zlib 0...9, libdeflate 0...12.
  public var level: Int
  /// zlib strategy: 0 default, 1 filtered, 2 Huffman only, 3 RLE.
  public var strategy: Int
  /// libpng filter bits (`PNG_FILTER_NONE` = 8 … `PNG_ALL_FILTERS` = 248).
  public var filters: Int
  /// Whether libdeflate compresses the image data (unfiltered, one IDAT chunk) instead of zlib.
  public var libdeflate: Bool

  /// Creates zlib settings.
  public init(level: Int, strategy: Int, filters: Int) {
    self.level = level
    self.strategy = strategy
    self.filters = filters
    self.libdeflate = false
  }

  /// Creates libdeflate settings at `level`: rows unfiltered.
  public static func libdeflate(level: Int) -> PNGCompression {
    var settings = PNGCompression(level: level, strategy: 0, filters: 0x08)
    settings.libdeflate = true
    return settings
  }

  /// The settings Buttonsmith writes with, chosen by measurement on the standard workload
  /// (see docs/rendering.md).
  public static let standard = PNGCompression.libdeflate(level: 7)
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
      filters: Int32(compression.filters), libdeflate: compression.libdeflate ? 1 : 0)
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

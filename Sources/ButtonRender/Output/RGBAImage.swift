import CPNGShim
import Foundation

/// Straight (not premultiplied) 8-bit RGBA pixels, row after row.
public struct RGBAImage: Sendable, Equatable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// `width * height * 4` bytes: R, G, B, A.
  public var pixels: [UInt8]

  /// Creates an image from its pixels.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 4)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at (x, y) as (r, g, b, a).
  public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    let offset = (y * width + x) * 4
    return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
  }

  /// The longest side a decoded image may have.
  public static let maximumSide: UInt32 = 8192

  /// Decodes a PNG through libpng; refuses images longer than `maximumSide` on a side (by
  /// default the longest a build draws; a contact sheet may be longer).
  public init(png data: Data, maximumSide: UInt32 = RGBAImage.maximumSide) throws {
    var info = bs_png_info()
    var message = [CChar](repeating: 0, count: 256)
    var buffer: UnsafeMutablePointer<UInt8>?
    let status = data.withUnsafeBytes { bytes in
      bs_png_decode_rgba(
        bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, maximumSide, &buffer, &info, &message,
        message.count)
    }
    defer { bs_png_free(buffer) }
    try PNGError.check(status, message: message)
    let count = Int(info.width) * Int(info.height) * 4
    self.init(
      width: Int(info.width), height: Int(info.height), pixels: Array(UnsafeBufferPointer(start: buffer, count: count)))
  }
}

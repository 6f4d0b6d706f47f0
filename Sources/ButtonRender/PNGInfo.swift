import CPNGShim
import Foundation

/// Header facts of a PNG file, read through libpng.
public struct PNGInfo: Sendable, Equatable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Creates header facts directly.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Reads the header of the PNG in `data`.
  ///
  /// - Throws: `PNGError` when the bytes are not a PNG or libpng rejects the header.
  public init(data: Data) throws {
    var info = bs_png_info()
    var message = [CChar](repeating: 0, count: 256)
    let status = data.withUnsafeBytes { bytes in
      bs_png_read_info(
        bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &info, &message, message.count)
    }
    try PNGError.check(status, message: message)
    width = Int(info.width)
    height = Int(info.height)
  }

  /// Reads the header of the PNG in `data`, having checked that the file is whole: every
  /// chunk's CRC, `IHDR` first, image data, and `IEND` last. (Reading the header stops at the
  /// image data: a file cut short, or damaged past its header, passes it.) The image data
  /// itself is not decompressed.
  ///
  /// - Throws: `PNGError` when the bytes are not a whole PNG.
  public init(wholeData data: Data) throws {
    var message = [CChar](repeating: 0, count: 256)
    let status = data.withUnsafeBytes { bytes in
      bs_png_check_chunks(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &message, message.count)
    }
    try PNGError.check(status, message: message)
    try self.init(data: data)
  }
}

/// A failure reported by libpng or by the PNG shim.
public enum PNGError: Error, Equatable, CustomStringConvertible {
  /// The bytes do not start with the PNG signature.
  case notPNG(String)
  /// libpng rejected the data.
  case libpng(String)
  /// libpng could not allocate memory.
  case outOfMemory

  /// The one place a shim status becomes a Swift error.
  static func check(_ status: bs_png_status, message: [CChar]) throws {
    let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    switch status {
    case BS_PNG_OK: return
    case BS_PNG_NOT_PNG: throw PNGError.notPNG(text)
    case BS_PNG_OUT_OF_MEMORY: throw PNGError.outOfMemory
    default: throw PNGError.libpng(text)
    }
  }

  public var description: String {
    switch self {
    case .notPNG(let message), .libpng(let message): return message
    case .outOfMemory: return "out of memory"
    }
  }
}

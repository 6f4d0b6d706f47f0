import CCairo

/// Moves pixels between straight RGBA and Cairo's premultiplied, native-endian ARGB32.
enum SurfaceConversion {
  /// A Cairo surface holding `image`; with `alphaOnly`, every pixel is white at the image's alpha.
  static func surface(from image: RGBAImage, alphaOnly: Bool = false) throws -> Canvas {
    let canvas = try Canvas(width: image.width, height: image.height)
    let stride = canvas.stride
    canvas.withPixels { data in
      image.pixels.withUnsafeBufferPointer { source in
        for y in 0..<image.height {
          let row = data + y * stride
          for x in 0..<image.width {
            let s = (y * image.width + x) * 4
            let alpha = UInt32(source[s + 3])
            let (r, g, b): (UInt32, UInt32, UInt32) =
              alphaOnly
              ? (alpha, alpha, alpha)
              : (premultiply(source[s], alpha), premultiply(source[s + 1], alpha), premultiply(source[s + 2], alpha))
            let pixel = alpha << 24 | r << 16 | g << 8 | b
            UnsafeMutableRawPointer(row + x * 4).storeBytes(of: pixel, as: UInt32.self)
          }
        }
      }
    }
    return canvas
  }

  /// Straight RGBA of a Cairo ARGB32 surface, with every alpha multiplied by `opacity`.
  static func image(from canvas: Canvas, opacity: Double = 1) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: canvas.width * canvas.height * 4)
    let stride = canvas.stride
    let opacityFixed = UInt32((max(0, min(1, opacity)) * 65536).rounded())
    let width = canvas.width
    canvas.withPixels { data in
      pixels.withUnsafeMutableBufferPointer { target in
        let out = target.baseAddress!
        for y in 0..<canvas.height {
          let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
          let line = out + y * width * 4
          for x in 0..<width {
            let pixel = row[x]
            let alpha = pixel >> 24
            if alpha == 0 { continue }
            let t = line + x * 4
            if alpha == 255 {
              t[0] = UInt8(truncatingIfNeeded: pixel >> 16)
              t[1] = UInt8(truncatingIfNeeded: pixel >> 8)
              t[2] = UInt8(truncatingIfNeeded: pixel)
            } else {
              let scale = unpremultiplyScale[Int(alpha)]
              t[0] = UInt8(truncatingIfNeeded: min(255, ((pixel >> 16 & 0xFF) &* scale &+ 0x8000) >> 16))
              t[1] = UInt8(truncatingIfNeeded: min(255, ((pixel >> 8 & 0xFF) &* scale &+ 0x8000) >> 16))
              t[2] = UInt8(truncatingIfNeeded: min(255, ((pixel & 0xFF) &* scale &+ 0x8000) >> 16))
            }
            t[3] = UInt8(truncatingIfNeeded: (alpha &* opacityFixed &+ 32768) >> 16)
          }
        }
      }
    }
    return RGBAImage(width: canvas.width, height: canvas.height, pixels: pixels)
  }

  /// 255 / alpha in 16.16 fixed point, for un-premultiplying without a division per pixel.
  private static let unpremultiplyScale: [UInt32] = (0...255).map { $0 == 0 ? 0 : (255 << 16) / UInt32($0) }

  @inline(__always)
  private static func premultiply(_ channel: UInt8, _ alpha: UInt32) -> UInt32 {
    (UInt32(channel) * alpha + 127) / 255
  }

}

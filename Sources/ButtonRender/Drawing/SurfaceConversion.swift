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
              alphaOnly ? (alpha, alpha, alpha)
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
    canvas.withPixels { data in
      pixels.withUnsafeMutableBufferPointer { target in
        for y in 0..<canvas.height {
          let row = UnsafeRawPointer(data + y * stride)
          for x in 0..<canvas.width {
            let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self)
            let alpha = pixel >> 24
            guard alpha > 0 else { continue }
            let t = (y * canvas.width + x) * 4
            target[t] = unpremultiply(pixel >> 16 & 0xFF, alpha)
            target[t + 1] = unpremultiply(pixel >> 8 & 0xFF, alpha)
            target[t + 2] = unpremultiply(pixel & 0xFF, alpha)
            target[t + 3] = UInt8((alpha * opacityFixed + 32768) >> 16)
          }
        }
      }
    }
    return RGBAImage(width: canvas.width, height: canvas.height, pixels: pixels)
  }

  @inline(__always)
  private static func premultiply(_ channel: UInt8, _ alpha: UInt32) -> UInt32 {
    (UInt32(channel) * alpha + 127) / 255
  }

  @inline(__always)
  private static func unpremultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt8 {
    UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
  }
}

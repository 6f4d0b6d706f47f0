extension SwiftSource {
  /// `HitMask`: a 1-bit PNG read without an image framework.
  static let hitMaskCode = #"""
      /// A hit mask read from its 1-bit greyscale PNG without any image framework: a pixel is hit
      /// where the mask is white.
      public struct HitMask: Hashable, Sendable {
        /// The mask's width in pixels: the image's.
        public let width: Int
        /// The mask's height in pixels.
        public let height: Int
        private let rows: [UInt8]

        /// Why a hit mask's bytes could not be read.
        public enum DecodingError: Swift.Error, Hashable, Sendable {
          case notPNG
          case unsupported(String)
          case corrupt(String)
        }

        /// The largest mask read, in pixels: larger ones are refused before anything is inflated.
        public static let maximumPixels = 1 << 26

        /// Decodes a non-interlaced 1-bit greyscale PNG.
        public init(png: Foundation.Data) throws {
          let bytes = [UInt8](png)
          guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw DecodingError.notPNG
          }
          var offset = 8
          var header: [UInt8] = []
          var compressed: [UInt8] = []
          chunks: while offset + 12 <= bytes.count {
            let length = Self.bigEndian(bytes, at: offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard let length, length <= bytes.count - start - 4 else {
              throw DecodingError.corrupt("chunk \(type) is cut short")
            }
            let body = bytes[start..<(start + length)]
            switch type {
            case "IHDR": header = Array(body)
            case "IDAT": compressed += body
            case "IEND": break chunks
            default: break
            }
            offset = start + length + 4
          }
          guard header.count == 13 else { throw DecodingError.corrupt("no image header") }
          guard let width = Self.bigEndian(header, at: 0), let height = Self.bigEndian(header, at: 4) else {
            throw DecodingError.unsupported("a size of 2^31 pixels or more")
          }
          guard header[8] == 1, header[9] == 0 else {
            throw DecodingError.unsupported("bit depth \(header[8]), colour type \(header[9]); a hit mask is 1-bit grey")
          }
          guard header[12] == 0 else { throw DecodingError.unsupported("interlaced") }
          guard width > 0, height > 0, width <= Self.maximumPixels / height else {
            throw DecodingError.unsupported("\(width) x \(height) pixels")
          }
          let rowBytes = (width + 7) / 8
          var inflater = Inflater(compressed)
          let filtered = try inflater.inflateZlib(expectedCount: (rowBytes + 1) * height)
          self.width = width
          self.height = height
          self.rows = try Self.unfiltered(filtered, rowBytes: rowBytes, height: height)
        }

        /// Whether pixel (`x`, `y`) is hit; points outside the mask are not.
        public func contains(x: Int, y: Int) -> Bool {
          guard x >= 0, y >= 0, x < width, y < height else { return false }
          return rows[y * ((width + 7) / 8) + x / 8] & (0x80 >> UInt8(x % 8)) != 0
        }

        /// Whether the point (`x`, `y`) of a view `viewWidth` x `viewHeight` showing the whole image
        /// is hit.
        public func contains(x: Double, y: Double, viewWidth: Double, viewHeight: Double) -> Bool {
          guard viewWidth > 0, viewHeight > 0 else { return false }
          let column = (x / viewWidth * Double(width)).rounded(.down)
          let row = (y / viewHeight * Double(height)).rounded(.down)
          guard column.isFinite, row.isFinite, column >= 0, row >= 0 else { return false }
          return contains(x: Int(Swift.min(column, Double(width))), y: Int(Swift.min(row, Double(height))))
        }

        /// A PNG's 4-byte number, which is below 2^31; `nil` when it is not.
        private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int? {
          let value = bytes[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
          return value <= UInt32(Int32.max) ? Int(value) : nil
        }

        /// Undoes PNG's per-row filters (one byte per pixel group at this depth).
        private static func unfiltered(_ data: [UInt8], rowBytes: Int, height: Int) throws -> [UInt8] {
          var rows = [UInt8](repeating: 0, count: rowBytes * height)
          for y in 0..<height {
            let source = y * (rowBytes + 1)
            let filter = data[source]
            let row = y * rowBytes
            for x in 0..<rowBytes {
              let value = data[source + 1 + x]
              let left = x > 0 ? Int(rows[row + x - 1]) : 0
              let up = y > 0 ? Int(rows[row - rowBytes + x]) : 0
              let upLeft = x > 0 && y > 0 ? Int(rows[row - rowBytes + x - 1]) : 0
              let predicted: Int
              switch filter {
              case 0: predicted = 0
              case 1: predicted = left
              case 2: predicted = up
              case 3: predicted = (left + up) / 2
              case 4:
                let estimate = left + up - upLeft
                let toLeft = Swift.abs(estimate - left)
                let toUp = Swift.abs(estimate - up)
                let toUpLeft = Swift.abs(estimate - upLeft)
                predicted = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft
              default: throw DecodingError.corrupt("row \(y) has filter \(filter)")
              }
              rows[row + x] = value &+ UInt8(truncatingIfNeeded: predicted)
            }
          }
          return rows
        }
      }
    """#
}

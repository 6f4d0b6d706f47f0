extension SwiftSource {
  /// The types every button uses and the hit-mask reader, inside `extension Buttons`: plain Swift,
  /// compiled everywhere.
  static let supportCode = #"""
      /// A control state with an image of its own.
      public enum State: String, CaseIterable, Hashable, Sendable {
        case normal, highlighted, disabled, selected, loading, focused
      }

      /// The appearance an image was drawn for.
      public enum Appearance: String, CaseIterable, Hashable, Sendable {
        case light, dark
      }

      /// Cap insets in points: the parts of a stretchable image that keep their size.
      public struct Insets: Hashable, Sendable {
        public var top: Double
        public var left: Double
        public var bottom: Double
        public var right: Double

        public init(top: Double, left: Double, bottom: Double, right: Double) {
          self.top = top
          self.left = left
          self.bottom = bottom
          self.right = right
        }
      }

      /// One button of the specs: the images of its states, how they stretch, and its hit masks.
      ///
      /// Image names are the asset catalog's (`checkout`, `checkout-highlighted`), which picks the
      /// appearance, scale and language itself; paths are the `files` layout's, relative to the
      /// directory the images were published or copied into.
      public struct Asset: Hashable, Sendable {
        /// The button's asset name.
        public let name: String
        /// Its size in points, without a shadow or outside border.
        public let width: Double
        /// Its height in points.
        public let height: Double
        /// The states drawn, in `State` order.
        public let states: [State]
        /// The spinner frames of each state drawn as an animation; other states have one image.
        public let frames: [State: Int]
        /// Seconds per turn of the spinner, when a state has frames.
        public let spinnerPeriod: Double?
        /// The scales drawn.
        public let scales: [Double]
        /// The appearances drawn.
        public let appearances: [Appearance]
        /// Languages with images of their own; the development language uses the unlocalized paths.
        public let languages: [String]
        /// The cap insets, when the image stretches.
        public let capInsets: Insets?
        /// Whether the stretched part repeats instead of scaling.
        public let tiles: Bool
        /// The alpha a pixel had to exceed to be hit, when the button has hit masks.
        public let hitMaskThreshold: Double?

        public init(
          name: String, width: Double, height: Double, states: [State], frames: [State: Int] = [:],
          spinnerPeriod: Double? = nil, scales: [Double], appearances: [Appearance], languages: [String] = [],
          capInsets: Insets? = nil, tiles: Bool = false, hitMaskThreshold: Double? = nil
        ) {
          self.name = name
          self.width = width
          self.height = height
          self.states = states
          self.frames = frames
          self.spinnerPeriod = spinnerPeriod
          self.scales = scales
          self.appearances = appearances
          self.languages = languages
          self.capInsets = capInsets
          self.tiles = tiles
          self.hitMaskThreshold = hitMaskThreshold
        }

        /// The asset catalog's image set of `state` (of spinner `frame`, when it has frames).
        public func imageName(for state: State, frame: Int? = nil) -> String {
          var name = self.name
          if state != .normal || frame != nil { name += "-" + state.rawValue }
          if let frame { name += "-f" + Self.twoDigits(frame) }
          return name
        }

        /// The asset catalog's data set holding the hit mask of `state` at `scale`.
        public func hitMaskDataSetName(for state: State = .normal, scale: Double) -> String {
          imageName(for: state) + "-hitmask-" + Self.scaleName(scale) + "x"
        }

        /// The path of an image in the `files` layout: `name/[language/]state[-fNN][-dark][@Nx].png`.
        public func filePath(
          for state: State, scale: Double = 1, appearance: Appearance = .light, language: String? = nil,
          frame: Int? = nil
        ) -> String {
          var path = name + "/"
          if let language, languages.contains(language) { path += language + "/" }
          path += state.rawValue
          if let frame { path += "-f" + Self.twoDigits(frame) }
          if appearance == .dark { path += "-dark" }
          if scale != 1 { path += "@" + Self.scaleName(scale) + "x" }
          return path + ".png"
        }

        /// The path of a hit mask in the `files` layout: the image's, with `.hitmask` before `.png`.
        public func hitMaskPath(
          for state: State = .normal, scale: Double = 1, appearance: Appearance = .light, language: String? = nil
        ) -> String {
          String(filePath(for: state, scale: scale, appearance: appearance, language: language).dropLast(4))
            + ".hitmask.png"
        }

        /// Reads the hit mask of `state` at `scale` from `directory`, a copy of the `files` layout.
        public func hitMask(
          for state: State = .normal, scale: Double, appearance: Appearance = .light, language: String? = nil,
          in directory: URL
        ) throws -> HitMask {
          let path = hitMaskPath(for: state, scale: scale, appearance: appearance, language: language)
          return try HitMask(png: Data(contentsOf: directory.appendingPathComponent(path)))
        }

        /// The drawn scale closest to `scale` from above, else the largest.
        public func bestScale(for scale: Double) -> Double {
          scales.filter { $0 >= scale }.min() ?? scales.max() ?? 1
        }

        /// Whether the point (`x`, `y`) of a view `viewWidth` x `viewHeight` showing this button's
        /// image is hit, by `mask` drawn at `scale`: the caps of a stretchable image keep their size
        /// and only the part between them stretches (or repeats), as the image does.
        public func hits(
          _ mask: HitMask, scale: Double, x: Double, y: Double, viewWidth: Double, viewHeight: Double
        ) -> Bool {
          guard let capInsets, scale > 0 else {
            return mask.contains(x: x, y: y, viewWidth: viewWidth, viewHeight: viewHeight)
          }
          let column = Self.natural(
            x, length: viewWidth, natural: Double(mask.width) / scale, caps: (capInsets.left, capInsets.right),
            tiles: tiles)
          let row = Self.natural(
            y, length: viewHeight, natural: Double(mask.height) / scale, caps: (capInsets.top, capInsets.bottom),
            tiles: tiles)
          guard let column, let row else { return false }
          return mask.contains(x: Int((column * scale).rounded(.down)), y: Int((row * scale).rounded(.down)))
        }

        /// Where `position` along a view `length` long falls in the image, `natural` long.
        static func natural(
          _ position: Double, length: Double, natural: Double, caps: (Double, Double), tiles: Bool
        ) -> Double? {
          guard position.isFinite, length > 0, position >= 0, position < length else { return nil }
          let middle = natural - caps.0 - caps.1
          let stretched = length - caps.0 - caps.1
          guard middle > 0, stretched > 0 else { return position / length * natural }
          if position < caps.0 { return position }
          if position >= length - caps.1 { return natural - (length - position) }
          let into = position - caps.0
          return caps.0 + (tiles ? into.truncatingRemainder(dividingBy: middle) : into / stretched * middle)
        }

        static func scaleName(_ scale: Double) -> String {
          scale.rounded() == scale ? String(Int(scale)) : String(scale)
        }

        static func twoDigits(_ number: Int) -> String {
          number < 10 ? "0\(number)" : String(number)
        }
      }

      /// A hit mask read from its 1-bit greyscale PNG without any image framework: a pixel is hit
      /// where the mask is white.
      public struct HitMask: Hashable, Sendable {
        /// The mask's width in pixels: the image's.
        public let width: Int
        /// The mask's height in pixels.
        public let height: Int
        private let rows: [UInt8]

        /// Why a hit mask's bytes could not be read.
        public enum DecodingError: Error, Hashable, Sendable {
          case notPNG
          case unsupported(String)
          case corrupt(String)
        }

        /// The largest mask read, in pixels: larger ones are refused before anything is inflated.
        public static let maximumPixels = 1 << 26

        /// Decodes a non-interlaced 1-bit greyscale PNG.
        public init(png: Data) throws {
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
          return contains(x: Int(min(column, Double(width))), y: Int(min(row, Double(height))))
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
                let (toLeft, toUp, toUpLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                predicted = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft
              default: throw DecodingError.corrupt("row \(y) has filter \(filter)")
              }
              rows[row + x] = value &+ UInt8(truncatingIfNeeded: predicted)
            }
          }
          return rows
        }
      }

      /// Inflates a zlib stream (RFC 1950 and 1951): stored, fixed and dynamic Huffman blocks.
      struct Inflater {
        private let input: [UInt8]
        private var position = 0
        private var bitBuffer = 0
        private var bitCount = 0
        private var output: [UInt8] = []

        init(_ input: [UInt8]) {
          self.input = input
        }

        /// The stream's bytes, which must be exactly `expectedCount`; the Adler-32 is checked.
        mutating func inflateZlib(expectedCount: Int) throws -> [UInt8] {
          guard input.count >= 6, input[0] & 0x0F == 8, (Int(input[0]) << 8 | Int(input[1])) % 31 == 0,
            input[1] & 0x20 == 0
          else { throw HitMask.DecodingError.corrupt("not a zlib stream") }
          position = 2
          output.reserveCapacity(expectedCount)
          var isLast = false
          while !isLast {
            isLast = try bits(1) == 1
            switch try bits(2) {
            case 0: try storedBlock(limit: expectedCount)
            case 1: try huffmanBlock(Self.fixedCodes.literals, Self.fixedCodes.distances, limit: expectedCount)
            case 2:
              let codes = try dynamicCodes()
              try huffmanBlock(codes.literals, codes.distances, limit: expectedCount)
            default: throw HitMask.DecodingError.corrupt("reserved block type")
            }
          }
          guard output.count == expectedCount else {
            throw HitMask.DecodingError.corrupt("\(output.count) bytes where \(expectedCount) were expected")
          }
          bitBuffer = 0
          bitCount = 0
          guard position + 4 <= input.count else { throw HitMask.DecodingError.corrupt("no checksum") }
          let stored = input[position..<(position + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
          guard stored == Self.adler32(output) else { throw HitMask.DecodingError.corrupt("checksum mismatch") }
          return output
        }

        private mutating func bits(_ count: Int) throws -> Int {
          while bitCount < count {
            guard position < input.count else { throw HitMask.DecodingError.corrupt("data cut short") }
            bitBuffer |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
          }
          let value = bitBuffer & ((1 << count) - 1)
          bitBuffer >>= count
          bitCount -= count
          return value
        }

        private mutating func storedBlock(limit: Int) throws {
          bitBuffer = 0
          bitCount = 0
          guard position + 4 <= input.count else { throw HitMask.DecodingError.corrupt("data cut short") }
          let length = Int(input[position]) | Int(input[position + 1]) << 8
          let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
          guard length == ~complement & 0xFFFF else { throw HitMask.DecodingError.corrupt("bad stored block") }
          position += 4
          guard position + length <= input.count, output.count + length <= limit else {
            throw HitMask.DecodingError.corrupt("stored block too long")
          }
          output += input[position..<(position + length)]
          position += length
        }

        /// A canonical Huffman code: how many codes each length has, and the symbols in code order.
        struct Code {
          var counts = [Int](repeating: 0, count: 16)
          var symbols: [Int] = []

          init(lengths: [Int]) throws {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var left = 1
            for length in 1..<16 {
              left = left << 1 - counts[length]
              guard left >= 0 else { throw HitMask.DecodingError.corrupt("over-subscribed code") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
              symbols[offsets[length]] = symbol
              offsets[length] += 1
            }
          }
        }

        private mutating func decode(_ code: Code) throws -> Int {
          var (value, first, index) = (0, 0, 0)
          for length in 1..<16 {
            value |= try bits(1)
            let count = code.counts[length]
            if value - first < count { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
          }
          throw HitMask.DecodingError.corrupt("invalid code")
        }

        private static let lengthBases = [
          3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
        ]
        private static let lengthExtraBits = [
          0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
        ]
        private static let distanceBases = [
          1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
          6145, 8193, 12289, 16385, 24577,
        ]
        private static let distanceExtraBits = [
          0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
        ]
        private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

        private static let fixedCodes: (literals: Code, distances: Code) = {
          let literals = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
          // Both tables are complete by construction.
          return (try! Code(lengths: literals), try! Code(lengths: Array(repeating: 5, count: 30)))
        }()

        private mutating func dynamicCodes() throws -> (literals: Code, distances: Code) {
          let literalCount = try bits(5) + 257
          let distanceCount = try bits(5) + 1
          let lengthCodeCount = try bits(4) + 4
          guard literalCount <= 286, distanceCount <= 30 else { throw HitMask.DecodingError.corrupt("too many codes") }
          var lengthLengths = [Int](repeating: 0, count: 19)
          for index in 0..<lengthCodeCount { lengthLengths[Self.codeLengthOrder[index]] = try bits(3) }
          let lengthCode = try Code(lengths: lengthLengths)
          var lengths: [Int] = []
          while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
              guard let previous = lengths.last else { throw HitMask.DecodingError.corrupt("repeat with no length") }
              lengths += repeatElement(previous, count: 3 + (try bits(2)))
            case 17: lengths += repeatElement(0, count: 3 + (try bits(3)))
            default: lengths += repeatElement(0, count: 11 + (try bits(7)))
            }
          }
          guard lengths.count == literalCount + distanceCount, lengths[256] != 0 else {
            throw HitMask.DecodingError.corrupt("bad code lengths")
          }
          return (
            try Code(lengths: Array(lengths[..<literalCount])), try Code(lengths: Array(lengths[literalCount...]))
          )
        }

        private mutating func huffmanBlock(_ literals: Code, _ distances: Code, limit: Int) throws {
          while true {
            let symbol = try decode(literals)
            if symbol < 256 {
              guard output.count < limit else { throw HitMask.DecodingError.corrupt("more data than the image holds") }
              output.append(UInt8(symbol))
              continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < Self.lengthBases.count else { throw HitMask.DecodingError.corrupt("bad length") }
            let length = Self.lengthBases[index] + (try bits(Self.lengthExtraBits[index]))
            let distanceSymbol = try decode(distances)
            guard distanceSymbol < Self.distanceBases.count else { throw HitMask.DecodingError.corrupt("bad distance") }
            let distance = Self.distanceBases[distanceSymbol] + (try bits(Self.distanceExtraBits[distanceSymbol]))
            guard distance <= output.count, output.count + length <= limit else {
              throw HitMask.DecodingError.corrupt("a copy reaches outside the image")
            }
            for _ in 0..<length { output.append(output[output.count - distance]) }
          }
        }

        /// Adler-32 in `UInt32`, as RFC 1950 defines it: an `Int` sum overflows on 32-bit systems.
        private static func adler32(_ bytes: [UInt8]) -> UInt32 {
          var (a, b): (UInt32, UInt32) = (1, 0)
          for chunk in stride(from: 0, to: bytes.count, by: 5552) {
            for byte in bytes[chunk..<min(chunk + 5552, bytes.count)] {
              a &+= UInt32(byte)
              b &+= a
            }
            a %= 65521
            b %= 65521
          }
          return b << 16 | a
        }
      }
    """#
}

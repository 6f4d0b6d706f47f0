extension SwiftSource {
  /// `Inflater`: zlib's stored, fixed and dynamic blocks, for `HitMask`.
  static let inflaterCode = #"""
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
              lengths += Swift.repeatElement(previous, count: 3 + (try bits(2)))
            case 17: lengths += Swift.repeatElement(0, count: 3 + (try bits(3)))
            default: lengths += Swift.repeatElement(0, count: 11 + (try bits(7)))
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
          for chunk in Swift.stride(from: 0, to: bytes.count, by: 5552) {
            for byte in bytes[chunk..<Swift.min(chunk + 5552, bytes.count)] {
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

import Foundation

/// A Gaussian blur approximated by three box blurs in each direction, on 8-bit coverage.
///
/// Both directions run along rows (the vertical pass keeps one running sum per column), so
/// memory is read in order; sums are integers, so results are the same on every machine. A
/// button's coverage repeats row after row along its straight sides, so a row equal to the one
/// above reuses that row's result instead of summing again.
enum ShadowBlur {
  /// The box radius whose three passes give a Gaussian of standard deviation `sigma`.
  static func boxRadius(sigma: Double) -> Int {
    Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2 + 0.5)
  }

  /// Blurs `alpha` (`width * height`, row after row) in place.
  static func blur(_ alpha: inout [UInt8], width: Int, height: Int, radius: Int) {
    guard radius > 0, width > 0, height > 0 else { return }
    let window = UInt32(2 * radius + 1)
    let reciprocal = (UInt32(1) << 24) / window
    var line = [UInt8](repeating: 0, count: width + 2 * radius + 1)
    var sums = [UInt32](repeating: 0, count: width)
    var copy = [UInt8](repeating: 0, count: width * height)
    var previous = [UInt8](repeating: 0, count: 2 * width)
    alpha.withUnsafeMutableBufferPointer { pixels in
      line.withUnsafeMutableBufferPointer { line in
        sums.withUnsafeMutableBufferPointer { sums in
          copy.withUnsafeMutableBufferPointer { copy in
            previous.withUnsafeMutableBufferPointer { previous in
              let previousInput = previous.baseAddress!
              let previousOutput = previousInput + width
              for _ in 0..<3 {
                for y in 0..<height {
                  let row = pixels.baseAddress! + y * width
                  if y > 0, memcmp(row, previousInput, width) == 0 {
                    row.update(from: previousOutput, count: width)
                    continue
                  }
                  previousInput.update(from: row, count: width)
                  horizontal(row, width: width, radius: radius, reciprocal: reciprocal, line: line)
                  previousOutput.update(from: row, count: width)
                }
                vertical(
                  pixels, width: width, height: height, radius: radius, reciprocal: reciprocal, sums: sums, copy: copy)
              }
            }
          }
        }
      }
    }
  }

  /// One box pass along a row; `line` is scratch of `width + 2 * radius + 1` zeros at both
  /// ends, so the loop needs no edge tests.
  private static func horizontal(
    _ row: UnsafeMutablePointer<UInt8>, width: Int, radius: Int, reciprocal: UInt32,
    line: UnsafeMutableBufferPointer<UInt8>
  ) {
    let padded = line.baseAddress!
    (padded + radius).update(from: row, count: width)
    var sum: UInt32 = 0
    for x in 0..<(2 * radius) { sum &+= UInt32(padded[x]) }
    for x in 0..<width {
      sum &+= UInt32(padded[x + 2 * radius])
      row[x] = UInt8(truncatingIfNeeded: (sum &* reciprocal &+ (1 << 23)) >> 24)
      sum &-= UInt32(padded[x])
    }
  }

  private static func vertical(
    _ pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, radius: Int, reciprocal: UInt32,
    sums: UnsafeMutableBufferPointer<UInt32>, copy: UnsafeMutableBufferPointer<UInt8>
  ) {
    let source = copy.baseAddress!
    let target = pixels.baseAddress!
    source.update(from: target, count: width * height)
    sums.update(repeating: 0)
    for y in 0..<min(radius, height) {
      let row = source + y * width
      for x in 0..<width { sums[x] &+= UInt32(row[x]) }
    }
    for y in 0..<height {
      let entering = y + radius
      if entering < height {
        let row = source + entering * width
        for x in 0..<width { sums[x] &+= UInt32(row[x]) }
      }
      let out = target + y * width
      for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: (sums[x] &* reciprocal &+ (1 << 23)) >> 24) }
      let leaving = y - radius
      if leaving >= 0 {
        let row = source + leaving * width
        for x in 0..<width { sums[x] &-= UInt32(row[x]) }
      }
    }
  }
}

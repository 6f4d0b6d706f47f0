import Foundation

/// A Gaussian blur approximated by three box blurs in each direction, on 8-bit coverage.
enum ShadowBlur {
  /// The box radius whose three passes give a Gaussian of standard deviation `sigma`.
  static func boxRadius(sigma: Double) -> Int {
    Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2 + 0.5)
  }

  /// Blurs `alpha` (`width * height`, row after row) in place.
  static func blur(_ alpha: inout [UInt8], width: Int, height: Int, radius: Int) {
    guard radius > 0, width > 0, height > 0 else { return }
    var scratch = [UInt8](repeating: 0, count: max(width, height))
    alpha.withUnsafeMutableBufferPointer { pixels in
      scratch.withUnsafeMutableBufferPointer { line in
        for _ in 0..<3 {
          for y in 0..<height { boxPass(pixels.baseAddress! + y * width, count: width, step: 1, radius: radius, line: line) }
          for x in 0..<width { boxPass(pixels.baseAddress! + x, count: height, step: width, radius: radius, line: line) }
        }
      }
    }
  }

  /// One box pass along a line of `count` values `step` apart; outside the line counts as 0.
  private static func boxPass(
    _ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, line: UnsafeMutableBufferPointer<UInt8>
  ) {
    for index in 0..<count { line[index] = start[index * step] }
    let window = 2 * radius + 1
    let reciprocal = (1 << 24) / window
    var sum = 0
    for index in 0..<min(radius, count) { sum += Int(line[index]) }
    for index in 0..<count {
      let entering = index + radius
      if entering < count { sum += Int(line[entering]) }
      start[index * step] = UInt8((sum * reciprocal + (1 << 23)) >> 24)
      let leaving = index - radius
      if leaving >= 0 { sum -= Int(line[leaving]) }
    }
  }
}

import Foundation

// Prints each hit mask given on the command line as the generated `HitMask` reads it:
// `path width height bits`, one 0 or 1 per pixel, row by row; or `path error …`.
for path in CommandLine.arguments.dropFirst() {
  do {
    let mask = try Buttons.HitMask(png: Data(contentsOf: URL(fileURLWithPath: path)))
    var bits = ""
    for y in 0..<mask.height {
      for x in 0..<mask.width { bits += mask.contains(x: x, y: y) ? "1" : "0" }
    }
    print(path, mask.width, mask.height, bits)
  } catch {
    print(path, "error", error)
  }
}

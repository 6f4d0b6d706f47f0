import Foundation

// Hit-tests points of a 400 x 44 view showing `pill` (120 x 44 points, caps of 22 points left
// and right), with the mask drawn at 2x read from the folder given: `x y hits proportional`.
let folder = URL(fileURLWithPath: CommandLine.arguments[1])
let pill = Buttons.pill
let mask = try pill.hitMask(scale: 2, in: folder)
for (x, y) in [(20.0, 3.0), (6.0, 3.0), (200.0, 22.0), (399.0, 1.0), (390.0, 22.0)] {
  let hits = pill.hits(mask, scale: 2, x: x, y: y, viewWidth: 400, viewHeight: 44)
  let proportional = mask.contains(x: x, y: y, viewWidth: 400, viewHeight: 44)
  print(Int(x), Int(y), hits, proportional)
}

// A state drawn as spinner frames has a mask per frame: its path, and the mask read from it.
let frameMask = folder.appendingPathComponent(Buttons.default.hitMaskPath(for: .loading, scale: 2, frame: 3))
let read = (try? Buttons.default.hitMask(for: .loading, scale: 2, frame: 3, in: folder)) != nil
print(FileManager.default.fileExists(atPath: frameMask.path), read)

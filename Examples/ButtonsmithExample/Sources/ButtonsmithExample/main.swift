import Foundation

// The images are the resource folder the plugin made; `Buttons` is the code it generated.
guard let folder = Bundle.module.url(forResource: "Buttonsmith", withExtension: nil) else {
  fatalError("the Buttonsmith resource folder is missing")
}

/// The pixel size in a PNG's header.
func pixelSize(of png: Data) -> (width: Int, height: Int) {
  let bytes = [UInt8](png)
  let number = { (offset: Int) in bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
  return (number(16), number(20))
}

let capsule = Buttons.capsule
let path = capsule.filePath(for: .normal, scale: 2)
let size = pixelSize(of: try Data(contentsOf: folder.appendingPathComponent(path)))
print("\(path): \(size.width) x \(size.height) pixels (\(Int(capsule.width)) x \(Int(capsule.height)) points at 2x)")

let mask = try capsule.hitMask(scale: 2, in: folder)
print("hit mask \(mask.width) x \(mask.height): corner (2, 2) inside: \(mask.contains(x: 2, y: 2))")
print("hit mask \(mask.width) x \(mask.height): centre (120, 44) inside: \(mask.contains(x: 120, y: 44))")
print("buttons: \(Buttons.Asset.all.map(\.name).joined(separator: ", "))")

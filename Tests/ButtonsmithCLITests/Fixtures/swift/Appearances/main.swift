import Foundation

// For each button and each appearance asked for: the image path, whether that file is in the
// folder given, and whether the hit mask is read from it: `button appearance path exists read`.
let folder = URL(fileURLWithPath: CommandLine.arguments[1])
for asset in Buttons.Asset.all {
  for appearance in Buttons.Appearance.allCases {
    let path = asset.filePath(for: .normal, scale: 2, appearance: appearance)
    let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    let read = (try? asset.hitMask(scale: 2, appearance: appearance, in: folder)) != nil
    print(asset.name, appearance.rawValue, path, exists, read)
  }
}

import ButtonCore
import ButtonRender
import Foundation
@testable import ButtonsmithKit
import Testing

/// Comparisons on decoded pixels.
struct PixelDifferenceTests {
  func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8] = { _, _ in [10, 20, 30, 255] }) -> RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<height { for x in 0..<width { pixels += pixel(x, y) } }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  @Test func identicalImagesDifferNowhere() {
    let difference = PixelDifference(image(4, 3), image(4, 3))
    #expect(difference.count == 0 && difference.largest == 0)
  }

  @Test func onePixelChanged() {
    let changed = image(4, 3) { x, y in x == 2 && y == 1 ? [10, 20, 37, 255] : [10, 20, 30, 255] }
    let difference = PixelDifference(image(4, 3), changed)
    #expect(difference.count == 1 && difference.largest == 7)
    #expect(difference.image[2, 1] == (255, 0, 0, 255))
    #expect(difference.image[0, 0].alpha < 255)
  }

  @Test func aResizedImageDiffersWhereOnlyOneHasPixels() {
    let difference = PixelDifference(image(4, 3), image(5, 3))
    #expect(difference.count == 3 && difference.largest == 255)
    #expect(difference.image.width == 5)
  }
}

/// Versions compared image by image.
struct VersionComparisonTests {
  func version(_ name: String, _ files: [String: Data]) throws -> PublishedVersion {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "buttonsmith-compare-\(UUID().uuidString)")
    var assets: [Manifest.Asset] = []
    for (path, data) in files {
      let url = directory.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
      assets.append(
        Manifest.Asset(
          button: "b", state: "normal", appearance: "light", scale: 1, format: .files, path: path, width: 4, height: 3,
          points: [4, 3], sha256: ContentHash.sha256(data), key: "k", source: "a.yaml:1:1"))
    }
    let manifest = Manifest(version: 1, generator: "test", renderer: .current, assets: assets)
    return PublishedVersion(directory: directory, manifest: manifest, name: name)
  }

  @Test func reencodedBytesWithTheSamePixelsAreUnchanged() throws {
    let image = PixelDifferenceTests().image(4, 3)
    let fast = try image.pngData(compression: .libdeflate(level: 1))
    let small = try image.pngData(compression: .libdeflate(level: 12))
    let changed = try PixelDifferenceTests().image(4, 3) { x, _ in x == 0 ? [255, 0, 0, 255] : [10, 20, 30, 255] }
      .pngData()
    try #require(fast != small)
    let old = try version("v1", ["b/normal.png": fast, "b/gone.png": fast, "b/red.png": fast])
    let new = try version("v2", ["b/normal.png": small, "b/new.png": fast, "b/red.png": changed])
    let comparison = try VersionComparison.compare(old, new)
    #expect(comparison.changed.map(\.path) == ["b/red.png"] && comparison.changed.first?.pixels == 3)
    #expect(comparison.added == ["b/new.png"] && comparison.removed == ["b/gone.png"] && comparison.unchanged == 1)
  }
}

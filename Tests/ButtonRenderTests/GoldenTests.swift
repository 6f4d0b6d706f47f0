import ButtonRender
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// Every built-in template, drawn in each of its states, against golden images compared as
/// decoded pixels with a tolerance. `BUTTONSMITH_RECORD=1` re-records them.
struct GoldenTests {
  static let goldens = repositoryRoot.appendingPathComponent("Tests/ButtonRenderTests/Goldens")

  static let cases: [String] = BuiltInTemplates.all.keys.sorted()

  @Test(arguments: cases)
  func templateMatchesItsGoldens(template: String) throws {
    let workspace = try TestWorkspace()
    let yaml = """
      buttonsmith: 1
      buttons:
        \(template):
          extends: \(template)
          size: [160, 48]
          scales: [2]
          text: Button
      """
    let jobs = try plannedJobs(yaml, in: workspace)
    #expect(!jobs.isEmpty)
    for (path, planned) in jobs.sorted(by: { $0.key < $1.key }) where planned.job.frame == nil || planned.job.frame == 0
    {
      let image = try Renderer().draw(planned.job).image
      let golden = Self.goldens.appendingPathComponent(path.replacingOccurrences(of: "/", with: "-"))
      if isRecordingGoldens {
        try image.pngData(scale: 2).write(to: golden)
        continue
      }
      let expected = try RGBAImage(png: try Data(contentsOf: golden))
      let difference = PixelDifference(image, expected)
      #expect(
        difference.sameSize, "\(path): size \(image.width)x\(image.height) vs \(expected.width)x\(expected.height)")
      #expect(difference.fractionOver(tolerance: 3) <= 0.002, "\(path): \(difference)")
    }
  }
}

/// How two images differ, channel by channel.
struct PixelDifference: CustomStringConvertible {
  let sameSize: Bool
  private let deltas: [UInt8]

  init(_ a: RGBAImage, _ b: RGBAImage) {
    sameSize = a.width == b.width && a.height == b.height
    deltas = sameSize ? zip(a.pixels, b.pixels).map { $0 > $1 ? $0 - $1 : $1 - $0 } : []
  }

  /// The fraction of channel values that differ by more than `tolerance`.
  func fractionOver(tolerance: UInt8) -> Double {
    guard sameSize else { return 1 }
    return Double(deltas.count { $0 > tolerance }) / Double(max(deltas.count, 1))
  }

  var description: String {
    "max delta \(deltas.max() ?? 0), \(String(format: "%.4f", fractionOver(tolerance: 3))) of channels over 3"
  }
}

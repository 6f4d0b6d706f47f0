import ButtonRender
import ButtonsmithTestSupport
import Testing

/// A label that shrinks to fit is drawn at one size in every scale of its button: the size
/// `lint` reports.
struct TextFitTests {
  /// Widths a step of the shrinking apart, where measuring at each scale's pixel grid chose a
  /// size a step larger (or smaller) at some scales than at others.
  static let widths: [(width: Double, text: String, size: Double)] = [
    (137.25, "HHHHHHHH", 20), (138.5, "HHHHHHHH", 20), (140.25, "HHHHHHHH", 20),
    (186.5, "Continue to payment", 17), (188.75, "Continue to payment", 17),
  ]

  @Test(arguments: widths)
  func aShrunkLabelHasOneSizeAtEveryScale(width: Double, text: String, size: Double) throws {
    let yaml = """
      buttonsmith: 1
      defaults:
        scales: [1, 2, 3]
        style: mask
        gradient: red
        font: { size: \(size) }
        text: \(text)
        states: { normal: {} }
      buttons:
        full: { size: [400, 40] }
        fit: { size: [\(width), 40] }
      """
    let workspace = try TestWorkspace()
    let jobs = try plannedJobs(yaml, in: workspace)
    let renderer = Renderer()
    var fractions: [Double] = []
    for (scale, suffix) in [(1, ""), (2, "@2x"), (3, "@3x")] {
      let job = try #require(jobs["fit/normal\(suffix).png"])
      let full = try #require(jobs["full/normal\(suffix).png"])
      let fraction = try #require(try renderer.contentFit(of: job.job).text?.fraction)
      #expect(fraction < 1, "the label is shrunk")
      fractions.append(fraction)
      // The ink of the shrunk label against the ink of the full-size one, at the same scale:
      // a step of the shrinking is 1.25 % of the width.
      let drawn = try #require(inkWidth(try renderer.draw(job.job).image))
      let unshrunk = try #require(inkWidth(try renderer.draw(full.job).image))
      let ratio = Double(drawn) / Double(unshrunk)
      #expect(abs(ratio - fraction) < 0.006, "@\(scale)x drawn at \(ratio) of the size, lint says \(fraction)")
    }
    #expect(Set(fractions).count == 1, "one size at every scale: \(fractions)")
  }

  /// The number of columns from the first to the last holding any alpha.
  private func inkWidth(_ image: RGBAImage) -> Int? {
    let columns = (0..<image.width).filter { x in (0..<image.height).contains { image.alpha(x, $0) > 0 } }
    guard let first = columns.first, let last = columns.last else { return nil }
    return last - first + 1
  }
}

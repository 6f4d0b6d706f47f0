import ButtonRender
import ButtonSpec
import Testing

/// Pixel assertions on the three styles.
struct StyleTests {
  /// A big bold "H": its stems are thick and its counters wide.
  static func spec(style: String) -> String {
    """
    buttonsmith: 1
    buttons:
      h:
        size: [200, 100]
        scales: [1]
        style: \(style)
        corner-radius: 20
        text: H
        font: { family: DejaVu Sans, size: 80, weight: bold }
        gradient: { colors: [red, blue], angle: 0 }
        states: { normal: {} }
    """
  }

  /// The opaque runs of a row, as ranges of x.
  static func runs(_ image: RGBAImage, row: Int) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start: Int?
    for x in 0..<image.width {
      let opaque = image.alpha(x, row) == 255
      if opaque, start == nil { start = x }
      if !opaque, let begin = start {
        runs.append(begin..<x)
        start = nil
      }
    }
    if let start { runs.append(start..<image.width) }
    return runs
  }

  @Test func maskShowsTheGradientInsideGlyphsOnly() throws {
    let image = try drawn(Self.spec(style: "mask"), "h/normal.png")
    let row = 30
    let stems = Self.runs(image, row: row)
    try #require(stems.count == 2, "expected the two stems of H at row \(row), got \(stems)")
    let inside = stems[0].lowerBound + stems[0].count / 2
    let between = (stems[0].upperBound + stems[1].lowerBound) / 2
    #expect(image.alpha(between, row) == 0)
    #expect(image.alpha(5, 50) == 0)  // outside the glyphs, inside the shape
    let t = (Double(row) + 0.5) / 100
    let pixel = image[inside, row]
    #expect(close(pixel.red, 255 * (1 - t)) && close(pixel.blue, 255 * t) && pixel.green == 0, "\(pixel) at t \(t)")
  }

  @Test func reversedPunchesTheGlyphsOutOfTheFill() throws {
    let mask = try drawn(Self.spec(style: "mask"), "h/normal.png")
    let image = try drawn(Self.spec(style: "reversed"), "h/normal.png")
    let stems = Self.runs(mask, row: 30)
    let inside = stems[0].lowerBound + stems[0].count / 2
    #expect(image.alpha(inside, 30) == 0)
    #expect(image.alpha(10, 10) == 255)  // inside the rounded corner's reach but in the shape
    #expect(image.alpha(0, 0) == 0)  // cut off by the corner radius
    let between = (stems[0].upperBound + stems[1].lowerBound) / 2
    #expect(image.alpha(between, 30) == 255)
  }

  @Test func fillDrawsTheTextInTheContentColour() throws {
    let yaml = Self.spec(style: "fill").replacingOccurrences(of: "text: H", with: "text: H\n    content-color: lime")
    let mask = try drawn(Self.spec(style: "mask"), "h/normal.png")
    let image = try drawn(yaml, "h/normal.png")
    let stems = Self.runs(mask, row: 30)
    let inside = stems[0].lowerBound + stems[0].count / 2
    #expect(image[inside, 30] == (0, 255, 0, 255))
    let between = (stems[0].upperBound + stems[1].lowerBound) / 2
    #expect(image[between, 30].alpha == 255 && image[between, 30].green == 0)
  }
}

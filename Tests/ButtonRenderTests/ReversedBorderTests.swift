import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// A `reversed` button's border is punched out completely: what remains is exactly the shape
/// inside the border, with no halo along the outer edge.
struct ReversedBorderTests {
  static func spec(width: Double, height: Double, radius: Double, border: Double, align: String, scale: Int) -> String {
    """
    buttonsmith: 1
    buttons:
      r:
        size: [\(width), \(height)]
        scales: [\(scale)]
        style: reversed
        corner-radius: \(radius)
        border: { width: \(border), align: \(align) }
        gradient: "#3060C0"
        states: { normal: {} }
    """
  }

  /// Signed distance (points) from (x, y) to the rounded rectangle inset by `inset`.
  static func distance(
    x: Double, y: Double, width: Double, height: Double, radius: Double, inset: Double
  ) -> Double {
    let (w, h) = (width - 2 * inset, height - 2 * inset)
    let r = min(max(0, radius - inset), w / 2, h / 2)
    let qx = abs(x - width / 2) - (w / 2 - r)
    let qy = abs(y - height / 2) - (h / 2 - r)
    let outside = hypot(max(qx, 0), max(qy, 0))
    return outside + min(max(qx, qy), 0) - r
  }

  @Test(arguments: [
    (350.0, 100.0, 30.0, 4.0, "inside", 4.0, 1), (350.0, 100.0, 30.0, 4.0, "inside", 4.0, 2),
    (120.0, 44.0, 22.0, 3.0, "inside", 3.0, 3), (200.0, 60.0, 12.0, 6.0, "center", 3.0, 1),
  ])
  func nothingRemainsOutsideTheInnerShape(
    width: Double, height: Double, radius: Double, border: Double, align: String, inset: Double, scale: Int
  ) throws {
    let image = try drawn(
      Self.spec(width: width, height: height, radius: radius, border: border, align: align, scale: scale),
      scale == 1 ? "r/normal.png" : "r/normal@\(scale)x.png")
    let pixel = 1 / Double(scale)
    // A centred border reaches outside the button, so the image has a margin of half its width.
    let margin = align == "center" ? border / 2 : 0
    var halo = 0
    var holes = 0
    for py in 0..<image.height {
      for px in 0..<image.width {
        let d = Self.distance(
          x: (Double(px) + 0.5) * pixel - margin, y: (Double(py) + 0.5) * pixel - margin, width: width, height: height,
          radius: radius,
          inset: inset)
        if d > 0.75 * pixel, image.alpha(px, py) != 0 { halo += 1 }
        if d < -0.75 * pixel, image.alpha(px, py) != 255 { holes += 1 }
      }
    }
    #expect(halo == 0, "\(halo) pixels outside the inner shape are not transparent")
    #expect(holes == 0, "\(holes) pixels inside the inner shape are not opaque")
  }
}

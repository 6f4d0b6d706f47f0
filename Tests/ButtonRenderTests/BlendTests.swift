import Testing

/// Gradients blend premultiplied, as CSS does: a colour fading to `transparent` keeps its hue
/// at every alpha. A mask multiplies the whole finished image: an outside border and a shadow
/// past the button's rectangle take the coverage of the mask's nearest edge.
extension FeatureTests {
  @Test(arguments: ["[\"#FF0000\", transparent]", "[\"#FF0000\", \"#0000FF00\"]", "[transparent, \"#FF0000\"]"])
  func aFadeToTransparentKeepsItsColour(colors: String) throws {
    let image = try drawn(button("gradient: { colors: \(colors), angle: 180 }", size: "[40, 100]"), "b/normal.png")
    for y in stride(from: 2, to: 98, by: 8) {
      let pixel = image[20, y]
      #expect(pixel.red >= 250 && pixel.green == 0 && pixel.blue <= 2, "\(y): \(pixel)")
    }
    // The alpha falls (or rises) evenly all the same; at 180° the first colour is at the bottom.
    let fading = colors.hasPrefix("[transparent") ? (97, 2) : (2, 97)
    #expect(image.alpha(20, fading.0) < 10 && image.alpha(20, fading.1) > 245)
    #expect(close(image.alpha(20, 50), 127.5, 4))
  }

  /// Between two colours of two alphas: at the middle, the premultiplied mean.
  @Test func twoColoursOfTwoAlphasBlendPremultiplied() throws {
    let image = try drawn(
      button("gradient: { colors: [\"#FF000080\", \"#0000FF\"], angle: 180 }", size: "[40, 101]"), "b/normal.png")
    let middle = image[20, 50]
    // Alpha 0.75; red 0.25 and blue 0.5 premultiplied: a third red, two thirds blue.
    #expect(close(middle.alpha, 191, 3) && close(middle.red, 85, 4) && close(middle.blue, 170, 4), "\(middle)")
  }

  @Test(arguments: [
    "border: { width: 4, color: black, align: outside }", "shadow: { offset: [0, 0], blur: 4, opacity: 1 }",
  ])
  func aMaskReachesPastTheButton(beyond: String) throws {
    let image = try drawn(
      button("gradient: blue\n\(beyond)\nmask: { inset: 0, alpha: 0 }", size: "[100, 40]"), "b/normal.png")
    #expect(image.width > 100)
    for x in 0..<image.width {
      for y in 0..<image.height { #expect(image.alpha(x, y) == 0, "\(x), \(y)") }
    }
  }
}

import Testing

/// A window mask whose insets meet or cross leaves no window: the button stays opaque, where
/// Cairo drew a rectangle of negative size mirrored about its corner.
extension FeatureTests {
  @Test(arguments: ["50%", "75%", "100%", "60", "20"])
  func insetsThatLeaveNoWindowLeaveTheButtonOpaque(inset: String) throws {
    let image = try drawn(
      button("gradient: red\nmask: { inset: \(inset), alpha: 0 }", size: "[100, 40]"), "b/normal.png")
    for x in stride(from: 0, to: 100, by: 7) {
      for y in stride(from: 0, to: 40, by: 7) { #expect(image.alpha(x, y) == 255, "\(x), \(y)") }
    }
  }
}

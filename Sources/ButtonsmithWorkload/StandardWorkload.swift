import Foundation

/// The standard benchmark workload of the build contract, as spec and SVG text.
///
/// 100 buttons of 200 x 44 pt, `fill` style, a two-colour gradient at a different angle each, a
/// 2 pt border, a drop shadow, corner radius 20 %, a bold DejaVu Sans label; states normal,
/// highlighted (opacity 0.5), disabled (grey, other text), selected (green), loading (grey, other
/// text); scales 1, 2, 3: 1,500 images.
public enum StandardWorkload {
  /// The spec file of `count` buttons; `changedButton` changes one button's label (for rebuild
  /// runs). The disabled and loading states have one label for every button, as the contract's
  /// workload reads, so those images are identical across buttons and drawn once; with
  /// `distinct`, each button has its own disabled and loading labels and every image differs.
  public static func spec(buttons count: Int = 100, changedButton: Int? = nil, distinct: Bool = false) -> String {
    var lines = [
      "buttonsmith: 1",
      "defaults:",
      "  size: [200, 44]",
      "  scales: [1, 2, 3]",
      "  corner-radius: 20%",
      "  border: { width: 2, color: \"#FFFFFF99\" }",
      "  shadow: { offset: [0, 3], blur: 3, color: black, opacity: 0.3 }",
      "  font: { family: DejaVu Sans, size: 17, weight: bold }",
      "  states:",
      "    highlighted: { opacity: 0.5 }",
      "    disabled: { gradient: { colors: [\"#8E8E93\", \"#636366\"], angle: -90 }, text: Unavailable }",
      "    selected: { gradient: { colors: [\"#248A3D\", \"#1E6B30\"], angle: -90 } }",
      "    loading: { gradient: { colors: [\"#8E8E93\", \"#636366\"], angle: -90 }, text: Loading… }",
      "buttons:",
    ]
    for index in 0..<count {
      let (start, end) = colors(index)
      let label = index == changedButton ? "Button \(index) changed" : "Button \(index)"
      lines.append(
        "  button-\(index): { text: \"\(label)\", gradient: { colors: [\"\(start)\", \"\(end)\"], angle: \(angle(index)) } }"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each button's gradient angle: spread over -180...180.
  public static func angle(_ index: Int) -> Int {
    (index * 37) % 361 - 180
  }

  /// Each button's two colours, dark enough for white text.
  public static func colors(_ index: Int) -> (String, String) {
    let hue = Double(index * 29 % 360)
    return (hex(hue: hue, lightness: 0.30), hex(hue: (hue + 40).truncatingRemainder(dividingBy: 360), lightness: 0.24))
  }

  private static func hex(hue: Double, lightness: Double) -> String {
    let saturation = 0.75
    let chroma = (1 - abs(2 * lightness - 1)) * saturation
    let h = hue / 60
    let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double) =
      switch Int(h) {
      case 0: (chroma, x, 0)
      case 1: (x, chroma, 0)
      case 2: (0, chroma, x)
      case 3: (0, x, chroma)
      case 4: (x, 0, chroma)
      default: (chroma, 0, x)
      }
    let m = lightness - chroma / 2
    return String(format: "#%02X%02X%02X", Int((r + m) * 255), Int((g + m) * 255), Int((b + m) * 255))
  }
}

import Foundation

extension StandardWorkload {
  /// One SVG per image of the workload, drawing the same button as the spec, for timing
  /// `rsvg-convert` on the same work. Keys are file names such as `button-3-normal@2x.svg`.
  public static func svgFiles(buttons count: Int = 100) -> [String: String] {
    var files: [String: String] = [:]
    let grey = ("#8E8E93", "#636366")
    for index in 0..<count {
      let own = colors(index)
      let states: [(String, (String, String), Int, Double, String)] = [
        ("normal", own, angle(index), 1, "Button \(index)"),
        ("highlighted", own, angle(index), 0.5, "Button \(index)"),
        ("disabled", grey, -90, 1, "Unavailable"),
        ("selected", ("#248A3D", "#1E6B30"), -90, 1, "Button \(index)"),
        ("loading", grey, -90, 1, "Loading…"),
      ]
      for (state, colors, angle, opacity, text) in states {
        for scale in [1, 2, 3] {
          let name = "button-\(index)-\(state)\(scale == 1 ? "" : "@\(scale)x").svg"
          files[name] = svg(colors: colors, angle: angle, opacity: opacity, text: text, scale: scale)
        }
      }
    }
    return files
  }

  private static func svg(colors: (String, String), angle: Int, opacity: Double, text: String, scale: Int) -> String {
    let (width, height, margin) = (200.0, 44.0, 6.0)
    let radians = Double(180 + angle) * .pi / 180
    let (dx, dy) = (sin(radians), -cos(radians))
    let length = abs(width * dx) + abs(height * dy)
    let (x1, y1) = (width / 2 - dx * length / 2, height / 2 - dy * length / 2)
    let (x2, y2) = (width / 2 + dx * length / 2, height / 2 + dy * length / 2)
    let pixelWidth = Int((width + 2 * margin) * Double(scale))
    let pixelHeight = Int((height + 2 * margin) * Double(scale))
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(pixelWidth)" height="\(pixelHeight)" \
      viewBox="\(-margin) \(-margin) \(width + 2 * margin) \(height + 2 * margin)">
      <defs>
      <linearGradient id="fill" gradientUnits="userSpaceOnUse" x1="\(x1)" y1="\(y1)" x2="\(x2)" y2="\(y2)">
      <stop offset="0" stop-color="\(colors.0)"/><stop offset="1" stop-color="\(colors.1)"/></linearGradient>
      <filter id="shadow" x="-10%" y="-30%" width="120%" height="160%">
      <feGaussianBlur in="SourceAlpha" stdDeviation="1.5"/><feOffset dy="3" result="blur"/>
      <feFlood flood-color="black" flood-opacity="0.3"/><feComposite in2="blur" operator="in"/>
      <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
      </defs>
      <g opacity="\(opacity)">
      <rect x="1" y="1" width="198" height="42" rx="7.8" fill="url(#fill)" stroke="#FFFFFF" stroke-opacity="0.6" \
      stroke-width="2" filter="url(#shadow)"/>
      <text x="100" y="28" font-family="DejaVu Sans" font-weight="bold" font-size="17" fill="white" \
      text-anchor="middle">\(text)</text>
      </g>
      </svg>

      """
  }
}

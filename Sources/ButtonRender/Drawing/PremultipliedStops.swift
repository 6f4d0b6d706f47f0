import ButtonCore

/// Gradient stops that Cairo, which interpolates colour and alpha apart, draws as CSS does:
/// with the colours premultiplied by their alpha, so that red fading to `transparent` stays red
/// and does not pass through dark red (`transparent` is black at alpha 0). Between two stops
/// whose colours and alphas both differ, stops are added where the premultiplied blend falls;
/// a stop of alpha 0 takes the colour of the stop beside it on each side (two stops at one
/// position when they differ), which is what the blend tends to there.
enum PremultipliedStops {
  /// Stops added between two stops of another colour and alpha: the blend's colour drawn
  /// straight between them strays from it by under 1/255 where it shows.
  static let steps = 16

  static func stops(_ stops: [ResolvedGradient.Stop]) -> [ResolvedGradient.Stop] {
    guard stops.count > 1 else { return stops }
    var result: [ResolvedGradient.Stop] = []
    for (start, end) in zip(stops, stops.dropFirst()) {
      // Each segment from its own start: a stop of alpha 0 shows each side's colour. Then a
      // segment whose colours are alike, or whose alphas are, blends alike either way.
      let (from, to) = (visible(start.color, beside: end.color), visible(end.color, beside: start.color))
      result.append(.init(color: from, position: start.position))
      if from.alpha != to.alpha, (from.red, from.green, from.blue) != (to.red, to.green, to.blue),
        end.position > start.position
      {
        for step in 1..<steps {
          let t = Double(step) / Double(steps)
          result.append(
            .init(color: blend(from, to, t), position: start.position + (end.position - start.position) * t))
        }
      }
      result.append(.init(color: to, position: end.position))
    }
    // Two stops alike at one position are one.
    return result.enumerated().filter { index, stop in index == 0 || result[index - 1] != stop }.map(\.element)
  }

  /// `color`, or, at alpha 0 (no colour of its own to show), `other`'s colour at alpha 0.
  private static func visible(_ color: RGBA, beside other: RGBA) -> RGBA {
    guard color.alpha == 0 else { return color }
    return RGBA(red: other.red, green: other.green, blue: other.blue, alpha: 0)
  }

  /// The blend of `from` and `to` at `t`, premultiplied, given back straight.
  private static func blend(_ from: RGBA, _ to: RGBA, _ t: Double) -> RGBA {
    let alpha = from.alpha * (1 - t) + to.alpha * t
    guard alpha > 0 else { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
    func channel(_ a: Double, _ b: Double) -> Double { (a * from.alpha * (1 - t) + b * to.alpha * t) / alpha }
    return RGBA(
      red: channel(from.red, to.red), green: channel(from.green, to.green), blue: channel(from.blue, to.blue),
      alpha: alpha)
  }
}

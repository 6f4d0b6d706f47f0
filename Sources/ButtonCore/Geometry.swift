/// A width and a height in points.
public struct Size: Equatable, Hashable, Sendable, Codable {
  /// Width in points.
  public var width: Double
  /// Height in points.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// A length in points, or a percentage of a side of the button (its height for a corner radius;
/// for a mask's inset, its width across and its height down).
public enum Length: Equatable, Hashable, Sendable {
  /// Points.
  case points(Double)
  /// Percent of the side (`"20%"`).
  case percent(Double)
  /// Percent of the side, rounded down to whole points (`"floor(20%)"`).
  case flooredPercent(Double)

  /// The length in points for a side of `length` points.
  public func points(ofSide length: Double) -> Double {
    switch self {
    case .points(let value): return value
    case .percent(let percent): return length * percent / 100
    case .flooredPercent(let percent): return (length * percent / 100).rounded(.down)
    }
  }
}

extension Size {
  /// The size with `insets` added around it.
  public func grown(by insets: Insets) -> Size {
    Size(width: width + insets.left + insets.right, height: height + insets.top + insets.bottom)
  }
}

/// Space around content, in points.
public struct Insets: Equatable, Hashable, Sendable, Codable {
  /// Top inset in points.
  public var top: Double
  /// Right inset in points.
  public var right: Double
  /// Bottom inset in points.
  public var bottom: Double
  /// Left inset in points.
  public var left: Double

  /// Creates insets from their four sides.
  public init(top: Double, right: Double, bottom: Double, left: Double) {
    self.top = top
    self.right = right
    self.bottom = bottom
    self.left = left
  }

  /// The same inset on every side.
  public init(all value: Double) {
    self.init(top: value, right: value, bottom: value, left: value)
  }
}

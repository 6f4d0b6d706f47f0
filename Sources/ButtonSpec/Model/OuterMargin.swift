/// How far, in points, a shadow or a centred or outside border reaches past the button's
/// rectangle: the image grows by this much on every side.
public enum OuterMargin {
  /// The margin for a shadow (blur and offsets) and a border (width and alignment).
  public static func points(
    shadow: (blur: Double, offsetX: Double, offsetY: Double)?, border: (width: Double, align: BorderAlignment)?
  ) -> Double {
    var margin = 0.0
    if let shadow {
      margin = max(margin, shadow.blur + max(abs(shadow.offsetX), abs(shadow.offsetY)))
    }
    if let border {
      switch border.align {
      case .inside: break
      case .center: margin = max(margin, border.width / 2)
      case .outside: margin = max(margin, border.width)
      }
    }
    return margin
  }
}

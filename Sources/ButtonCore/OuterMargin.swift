/// How far, in points, a shadow or a centred or outside border reaches past each side of the
/// button's rectangle: the image grows by this much on that side.
public enum OuterMargin {
  /// The margin of each side for a shadow (blur and offsets) and a border (width and alignment).
  /// A shadow is cast by the shape and its border together, and reaches `blur` past them once
  /// offset: further on the side it is offset towards.
  public static func sides(
    shadow: (blur: Double, offsetX: Double, offsetY: Double)?, border: (width: Double, align: BorderAlignment)?
  ) -> Insets {
    var borderReach = 0.0
    switch border {
    case (let width, .center)?: borderReach = width / 2
    case (let width, .outside)?: borderReach = width
    default: break
    }
    var sides = Insets(all: borderReach)
    if let shadow {
      sides.left += max(0, shadow.blur - shadow.offsetX)
      sides.right += max(0, shadow.blur + shadow.offsetX)
      sides.top += max(0, shadow.blur - shadow.offsetY)
      sides.bottom += max(0, shadow.blur + shadow.offsetY)
    }
    return sides
  }
}

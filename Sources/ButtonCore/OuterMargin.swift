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

extension OuterMargin {
  /// How far, in points, a border reaches inside the button's edge: all of an inside border,
  /// half of a centred one. The content box starts past it (and past the padding).
  public static func innerReach(of border: (width: Double, align: BorderAlignment)?) -> Double {
    switch border {
    case (let width, .inside)?: return width
    case (let width, .center)?: return width / 2
    default: return 0
    }
  }

  /// How a button of `size` points with `margins` around it is laid out in pixels at `scale`:
  /// the button's rectangle rounded to the nearest whole pixels (at least one), each margin
  /// rounded up. The renderer draws this layout and the checks measure it, so they agree to the
  /// pixel. Values past what an image can hold are clamped, never trapped on.
  public static func pixelLayout(
    size: Size, margins: Insets, scale: Double
  ) -> (imageWidth: Int, imageHeight: Int, contentX: Int, contentY: Int, contentWidth: Int, contentHeight: Int) {
    func whole(_ value: Double) -> Int {
      value.isNaN ? 0 : Int(min(max(value, -1e12), 1e12))
    }
    let width = max(1, whole((size.width * scale).rounded()))
    let height = max(1, whole((size.height * scale).rounded()))
    let (left, top) = (whole((margins.left * scale).rounded(.up)), whole((margins.top * scale).rounded(.up)))
    let right = whole((margins.right * scale).rounded(.up))
    let bottom = whole((margins.bottom * scale).rounded(.up))
    return (width + left + right, height + top + bottom, left, top, width, height)
  }
}

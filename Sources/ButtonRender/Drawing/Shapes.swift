import ButtonCore
import CCairo
import Foundation

/// Paths and paints in point coordinates (the context is already scaled).
enum Shapes {
  /// Adds the rounded rectangle of the button to the path.
  static func roundedRect(_ context: OpaquePointer, width: Double, height: Double, radius: Double, inset: Double = 0) {
    let x = inset
    let y = inset
    let w = max(0, width - 2 * inset)
    let h = max(0, height - 2 * inset)
    let r = radius <= 0 ? 0 : min(max(0, radius - inset), w / 2, h / 2)
    cairo_new_sub_path(context)
    if r <= 0 {
      cairo_rectangle(context, x, y, w, h)
      return
    }
    cairo_arc(context, x + w - r, y + r, r, -.pi / 2, 0)
    cairo_arc(context, x + w - r, y + h - r, r, 0, .pi / 2)
    cairo_arc(context, x + r, y + h - r, r, .pi / 2, .pi)
    cairo_arc(context, x + r, y + r, r, .pi, 3 * .pi / 2)
    cairo_close_path(context)
  }

  /// Sets the gradient as the source: CSS `linear-gradient(180deg + angle)` over the button
  /// in points, long enough that the ends reach the extreme corners.
  static func setGradient(_ context: OpaquePointer, _ gradient: ResolvedGradient, width: Double, height: Double) {
    if gradient.stops.count == 1 {
      setColor(context, gradient.stops[0].color)
      return
    }
    let radians = (180 + gradient.angle) * .pi / 180
    let dx = sin(radians)
    let dy = -cos(radians)
    let length = abs(width * dx) + abs(height * dy)
    let (cx, cy) = (width / 2, height / 2)
    let pattern = cairo_pattern_create_linear(
      cx - dx * length / 2, cy - dy * length / 2, cx + dx * length / 2, cy + dy * length / 2)
    for stop in PremultipliedStops.stops(gradient.stops) {
      cairo_pattern_add_color_stop_rgba(
        pattern, stop.position, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_set_source(context, pattern)
    cairo_pattern_destroy(pattern)
  }

  /// Sets a solid colour as the source.
  static func setColor(_ context: OpaquePointer, _ color: RGBA) {
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
  }

  /// Adds the border's ring to the path (even-odd), placed by its alignment.
  static func borderRegion(
    _ context: OpaquePointer, _ border: ResolvedBorder, width: Double, height: Double, radius: Double
  ) {
    let (outer, inner): (Double, Double)
    switch border.align {
    case .inside: (outer, inner) = (0, border.width)
    case .center: (outer, inner) = (-border.width / 2, border.width / 2)
    case .outside: (outer, inner) = (-border.width, 0)
    }
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
    roundedRect(context, width: width, height: height, radius: radius, inset: outer)
    roundedRect(context, width: width, height: height, radius: radius, inset: inner)
  }
}

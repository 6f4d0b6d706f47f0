import CCairo
import Foundation

/// An activity indicator: spokes around a circle, fading from the leading spoke, turned
/// clockwise by `step / frames` of a turn, so that one loop of the frames is one turn whatever
/// the number of spokes.
enum SpinnerPainter {
  static func paint(_ spinner: ResolvedSpinner, context: OpaquePointer) {
    let radius = spinner.diameter / 2
    cairo_save(context)
    cairo_translate(context, spinner.centerX, spinner.centerY)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_width(context, max(radius * 0.2, 0.5))
    let count = max(spinner.spokes, 1)
    let turn = Double(spinner.step) / Double(max(spinner.frames, 1))
    for index in 0..<count {
      let angle = 2 * Double.pi * (Double(index) / Double(count) + turn) - .pi / 2
      // The first spoke is the brightest; the rest fade behind it, anticlockwise.
      let age = (count - index) % count
      let alpha = spinner.color.alpha * (1 - 0.85 * Double(age) / Double(count))
      cairo_set_source_rgba(context, spinner.color.red, spinner.color.green, spinner.color.blue, alpha)
      cairo_move_to(context, cos(angle) * radius * 0.45, sin(angle) * radius * 0.45)
      cairo_line_to(context, cos(angle) * radius * 0.9, sin(angle) * radius * 0.9)
      cairo_stroke(context)
    }
    cairo_restore(context)
  }
}

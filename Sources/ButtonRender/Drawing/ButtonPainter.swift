import ButtonCore
import CCairo

/// Paints a button (without its shadow, mask and opacity) in point coordinates, in the order
/// the spec format gives for its style.
struct ButtonPainter {
  let job: RenderJob
  let context: OpaquePointer
  let images: ImageStore

  private var size: (width: Double, height: Double) { (job.size.width, job.size.height) }

  func paint() throws {
    let image = try job.image.map { try images.image(at: $0.file, scale: job.scale) }
    let layout = try ContentLayout(job: job, imageSize: image?.naturalSize, context: context)
    switch job.style {
    case .fill:
      addShape()
      Shapes.setGradient(context, job.fill, width: size.width, height: size.height)
      cairo_fill(context)
      paintOverlay()
      if let border = job.border {
        Shapes.borderRegion(context, border, width: size.width, height: size.height, radius: job.cornerRadius)
        setBorderSource(border)
        // An outside ring meets the fill on the shape's edge, where each covers a part of every
        // pixel and the other the rest: added, not laid over, they make the pixel whole (over,
        // a curved edge showed a see-through seam). Nothing else is drawn yet outside the shape.
        if border.align == .outside { cairo_set_operator(context, CAIRO_OPERATOR_ADD) }
        cairo_fill(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
      }
      if let image, let frame = layout.image {
        try paintImage(image, in: frame, template: job.image!.template, color: job.contentColor)
      }
      if let text = layout.text {
        Shapes.setColor(context, job.contentColor)
        text.addPath(to: context, x: layout.textOrigin.x, y: layout.textOrigin.y)
        cairo_fill(context)
      }
    case .mask:
      cairo_push_group_with_content(context, CAIRO_CONTENT_ALPHA)
      try paintCoverage(layout: layout, image: image)
      let coverage = cairo_pop_group(context)
      Shapes.setGradient(context, job.fill, width: size.width, height: size.height)
      cairo_mask(context, coverage)
      cairo_pattern_destroy(coverage)
      paintOverlay()
    case .reversed:
      // The border is punched out by filling only the shape inside it: subtracting an
      // antialiased ring from an antialiased shape would leave a faint halo along the edge.
      addShape(inset: job.border.map(Self.innerEdge) ?? 0)
      Shapes.setGradient(context, job.fill, width: size.width, height: size.height)
      cairo_fill(context)
      paintOverlay()
      cairo_push_group_with_content(context, CAIRO_CONTENT_ALPHA)
      try paintCoverage(layout: layout, image: image, includingBorder: false)
      let coverage = cairo_pop_group(context)
      cairo_set_operator(context, CAIRO_OPERATOR_DEST_OUT)
      cairo_set_source_rgba(context, 0, 0, 0, 1)
      cairo_mask(context, coverage)
      cairo_pattern_destroy(coverage)
      cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }
    if let spinner = job.spinner {
      SpinnerPainter.paint(spinner, context: context)
    }
    try RenderError.check(cairo_status(context))
  }

  private func addShape(inset: Double = 0) {
    cairo_new_path(context)
    Shapes.roundedRect(context, width: size.width, height: size.height, radius: job.cornerRadius, inset: inset)
  }

  /// How far inside the button's edge the border ends: what a `reversed` button keeps of its shape.
  static func innerEdge(of border: ResolvedBorder) -> Double {
    switch border.align {
    case .inside: return border.width
    case .center: return border.width / 2
    case .outside: return 0
    }
  }

  /// The overlay colour painted over the shape, clipped to it: over a translucent fill it adds
  /// its own alpha, as the glass look's highlight adds white at 0.1 (a layer over the gloss).
  /// In the `mask` and `reversed` styles, where parts of the shape stay see-through (all but
  /// what is drawn; the punched-out border), the overlay tints only what is drawn.
  private func paintOverlay() {
    guard let overlay = job.overlay else { return }
    cairo_save(context)
    addShape()
    cairo_clip(context)
    cairo_set_operator(context, job.style == .fill ? CAIRO_OPERATOR_OVER : CAIRO_OPERATOR_ATOP)
    Shapes.setColor(context, overlay)
    cairo_paint(context)
    cairo_restore(context)
  }

  private func setBorderSource(_ border: ResolvedBorder) {
    if let color = border.color {
      Shapes.setColor(context, color)
    } else {
      Shapes.setGradient(context, job.fill, width: size.width, height: size.height)
    }
  }

  /// The text, the image and the border as opaque coverage, for `mask` and `reversed`.
  private func paintCoverage(layout: ContentLayout, image: SourceImage?, includingBorder: Bool = true) throws {
    cairo_set_source_rgba(context, 0, 0, 0, 1)
    if includingBorder, let border = job.border {
      Shapes.borderRegion(context, border, width: size.width, height: size.height, radius: job.cornerRadius)
      cairo_fill(context)
      cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    }
    if let image, let frame = layout.image {
      try paintImage(image, in: frame, template: true, color: .black)
    }
    if let text = layout.text {
      cairo_set_source_rgba(context, 0, 0, 0, 1)
      text.addPath(to: context, x: layout.textOrigin.x, y: layout.textOrigin.y)
      cairo_fill(context)
    }
  }

  /// Draws `image` scaled into `frame`; a template image paints `color` through its alpha.
  private func paintImage(_ image: SourceImage, in frame: ContentLayout.Frame, template: Bool, color: RGBA) throws {
    // Padding can leave no room at all: an image under a point on a side is not drawn, as
    // `ContentFit.imageSize` says and the asset check warns.
    guard frame.width >= 1, frame.height >= 1 else { return }
    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_translate(context, frame.x, frame.y)
    try image.draw(in: context, width: frame.width, height: frame.height, template: template, color: color)
  }
}

import CCairo
import CPangoCairo

/// A Pango layout of the label at one font size, measured in points.
final class TextLayout {
  let layout: OpaquePointer
  /// The logical size of the text, in points.
  let width: Double
  let height: Double

  init(_ text: ResolvedText, size: Double, context: OpaquePointer) throws {
    self.layout = try Self.makeLayout(fontFile: text.fontFile, context: context)
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
    cairo_font_options_destroy(options)
    let pangoContext = pango_layout_get_context(layout)
    // Glyphs where the font places them, not rounded to whole points: the layout is measured in
    // points and drawn at every scale, where whole points would be steps of 2 or 3 pixels (and
    // would make `fit` shrink a label in steps of whole points).
    pango_context_set_round_glyph_positions(pangoContext, 0)
    pango_context_set_language(pangoContext, pango_language_from_string(text.shapingLanguage))
    if text.rightToLeft == true { pango_context_set_base_dir(pangoContext, PANGO_DIRECTION_RTL) }
    pango_layout_context_changed(layout)
    let description = pango_font_description_new()
    pango_font_description_set_family(description, text.family)
    pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(text.weight)))
    pango_font_description_set_style(description, text.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    pango_layout_set_single_paragraph_mode(layout, 1)
    pango_layout_set_text(layout, text.string, -1)
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    width = Double(logical.width) / Double(PANGO_SCALE)
    height = Double(logical.height) / Double(PANGO_SCALE)
  }

  /// A layout on `context`: from the font file's own font map when there is a file, else from
  /// the system's fonts.
  private static func makeLayout(fontFile: String?, context: OpaquePointer) throws -> OpaquePointer {
    guard let fontFile else {
      guard let layout = pango_cairo_create_layout(context) else {
        throw RenderError.cairo("cannot create a text layout")
      }
      return layout
    }
    let fontMap = try FontRegistry.shared.fontMap(forFileAt: fontFile)
    guard let pangoContext = pango_font_map_create_context(UnsafeMutablePointer(fontMap)) else {
      throw RenderError.cairo("cannot create a text context")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pangoContext)) }
    pango_cairo_update_context(context, pangoContext)
    guard let layout = pango_layout_new(pangoContext) else { throw RenderError.cairo("cannot create a text layout") }
    return layout
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(layout))
  }

  /// Adds the glyph outlines to the context's path with the layout's top-left at (x, y).
  func addPath(to context: OpaquePointer, x: Double, y: Double) {
    cairo_move_to(context, x, y)
    pango_cairo_layout_path(context, layout)
  }

  /// How many characters no font of the layout could draw (each drawn as a box).
  var unknownGlyphs: Int {
    Int(pango_layout_get_unknown_glyphs_count(layout))
  }

  /// The families of the fonts Pango drew the label with, in order of first use: the family
  /// asked for, and any fallback fontconfig chose for characters it lacks.
  var families: [String] {
    var families: [String] = []
    guard let iterator = pango_layout_get_iter(layout) else { return families }
    defer { pango_layout_iter_free(iterator) }
    repeat {
      guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
        let font = item.pointee.analysis.font, let description = pango_font_describe(font)
      else { continue }
      defer { pango_font_description_free(description) }
      if let family = pango_font_description_get_family(description) {
        let name = String(cString: family)
        if !families.contains(name) { families.append(name) }
      }
    } while pango_layout_iter_next_run(iterator) != 0
    return families
  }

  /// The characters of `text` that no font can draw, each laid out alone.
  static func missingCharacters(of text: ResolvedText, context: OpaquePointer) throws -> [Unicode.Scalar] {
    var missing: [Unicode.Scalar] = []
    for scalar in text.string.unicodeScalars where !scalar.properties.isWhitespace && !missing.contains(scalar) {
      var single = text
      single.string = String(scalar)
      if try TextLayout(single, size: text.size, context: context).unknownGlyphs > 0 { missing.append(scalar) }
    }
    return missing
  }

  /// The largest font size, from `text.size` down in steps of `step x size` to the minimum
  /// scale, at which the text fits `available` points; with the layout at that size, on
  /// `context`.
  ///
  /// The size is chosen in points, measured at one pixel a point whatever `context` draws at:
  /// the font's advances move by fractions of a pixel with the pixel grid, which chose a size a
  /// step apart for the @1x, @2x and @3x images of one button (and another than `lint` reports).
  static func fitting(
    _ text: ResolvedText, available: Double, context: OpaquePointer
  ) throws -> (layout: TextLayout, fraction: Double, fits: Bool) {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    // Where `context` draws at one pixel a point already (a move aside), its layouts are the
    // measured ones.
    if matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0 {
      return try measuredFit(text, available: available, context: context)
    }
    cairo_save(context)
    cairo_identity_matrix(context)
    let measured = Result { try measuredFit(text, available: available, context: context) }
    cairo_restore(context)
    let (_, fraction, fits) = try measured.get()
    return (try TextLayout(text, size: text.size * fraction, context: context), fraction, fits)
  }

  /// The size `fitting` chooses, measured in layouts made on `context` as it stands.
  private static func measuredFit(
    _ text: ResolvedText, available: Double, context: OpaquePointer
  ) throws -> (layout: TextLayout, fraction: Double, fits: Bool) {
    let full = try TextLayout(text, size: text.size, context: context)
    guard let minimum = text.minimumScale, full.width > available, full.width > 0 else {
      return (full, 1, full.width <= available)
    }
    // Width grows almost linearly with size: jump close to the answer, then step.
    let estimate = max(minimum, available / full.width)
    var steps = max(0, Int(((1 - estimate) / text.step).rounded(.up)) - 1)
    while true {
      let fraction = max(minimum, 1 - Double(steps) * text.step)
      let layout = try TextLayout(text, size: text.size * fraction, context: context)
      if layout.width <= available { return (layout, fraction, true) }
      if fraction <= minimum { return (layout, fraction, false) }
      steps += 1
    }
  }
}

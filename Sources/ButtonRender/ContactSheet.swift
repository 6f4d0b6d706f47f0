import ButtonCore
import CCairo
import CPangoCairo
import Foundation

/// A contact sheet of rendered images: a row per button, a column per state and appearance,
/// every cell over a checkerboard so transparency shows, labelled with asset and state names.
/// Each cell's image is loaded or drawn as it is painted, and let go before the next.
public struct ContactSheet: Sendable {
  /// One image of a row: its size in pixels, known before it is drawn, and how to get it.
  public struct Cell: Sendable {
    public var width: Int
    public var height: Int
    /// Gives the image, `width` x `height` pixels; called once, when the sheet is drawn.
    public var image: @Sendable () throws -> RGBAImage

    /// A cell of the given size whose image `image` gives.
    public init(width: Int, height: Int, image: @escaping @Sendable () throws -> RGBAImage) {
      self.width = width
      self.height = height
      self.image = image
    }
  }

  /// One row: a label and a cell (or nothing) per column.
  public struct Row: Sendable {
    public var label: String
    public var cells: [Cell?]

    /// Creates a row.
    public init(label: String, cells: [Cell?]) {
      self.label = label
      self.cells = cells
    }
  }

  /// Column titles.
  public var columns: [String]
  /// The rows, top to bottom.
  public var rows: [Row]
  /// An optional title above everything.
  public var title: String?

  /// Creates a sheet.
  public init(title: String? = nil, columns: [String], rows: [Row]) {
    self.title = title
    self.columns = columns
    self.rows = rows
  }

  static let padding = 12.0
  static let labelWidth = 190.0
  static let headerHeight = 28.0
  static let checker = 8.0

  /// The largest sheet drawn, in pixels: its sides, and its area (a sheet of 8192 x 8192, one
  /// of the largest images a build draws, and 256 MB as a canvas; held twice while it is
  /// encoded).
  public static let maximumWidth = 16_384
  public static let maximumHeight = 32_768
  public static let maximumPixels = 1 << 26

  /// What a sheet's size takes besides its images, measured once: the labels' column (as wide
  /// as its longest label, at least `labelWidth`), each column title's width and the title's
  /// height. Sizes are checked before any image is drawn or loaded.
  public struct Measure: Sendable {
    let labelColumnWidth: Double
    let titleWidths: [Double]
    let titleHeight: Double

    /// Measures `columns`' titles and `rowLabels` as the sheet draws them.
    public init(columns: [String], rowLabels: [String], hasTitle: Bool) throws {
      let measure = try LabelMeasure()
      labelColumnWidth = try rowLabels.reduce(ContactSheet.labelWidth) { widest, label in
        max(widest, try measure.width(of: label, bold: false) + 2 * ContactSheet.padding)
      }
      titleWidths = try columns.map { try measure.width(of: $0, bold: true) }
      titleHeight = hasTitle ? ContactSheet.headerHeight + 8 : 0
    }

    /// The sheet's size in pixels for cells of the given sizes (`nil`: an empty cell), rows first.
    public func size(cells: [[(width: Int, height: Int)?]]) -> (width: Double, height: Double) {
      let layout = Layout(cells: cells, measure: self)
      return (layout.width, layout.height)
    }

    /// The part of that size the images take: the widest of each column, the tallest of each row.
    public func imageArea(cells: [[(width: Int, height: Int)?]]) -> (width: Double, height: Double) {
      let columns = titleWidths.indices.map { column in
        cells.compactMap { $0.indices.contains(column) ? $0[column]?.width : nil }.max() ?? 0
      }
      let rows = cells.map { row in row.compactMap { $0?.height }.max() ?? 0 }
      return (Double(columns.reduce(0, +)), Double(rows.reduce(0, +)))
    }
  }

  /// Column widths, row heights and the whole size, from the cells' pixel sizes and the labels'
  /// widths: a column is as wide as its widest image or its title, the labels' column as its
  /// longest label, so that no label is drawn over another or under an image, however small the
  /// images or long the names.
  struct Layout {
    var labelColumnWidth: Double
    var cellWidths: [Double]
    var rowHeights: [Double]
    var titleHeight: Double
    var width: Double
    var height: Double

    init(cells: [[(width: Int, height: Int)?]], measure: Measure) {
      labelColumnWidth = measure.labelColumnWidth
      cellWidths = measure.titleWidths.indices.map { column in
        let images = cells.compactMap { $0.indices.contains(column) ? $0[column]?.width : nil }.max() ?? 40
        return max(Double(images), measure.titleWidths[column])
      }
      rowHeights = cells.map { row in Double(row.compactMap { $0?.height }.max() ?? 20) }
      titleHeight = measure.titleHeight
      width = labelColumnWidth + cellWidths.reduce(0) { $0 + $1 + ContactSheet.padding } + ContactSheet.padding
      height =
        titleHeight + ContactSheet.headerHeight + rowHeights.reduce(0) { $0 + $1 + ContactSheet.padding }
        + ContactSheet.padding
    }
  }

  /// Measures labels as the sheet draws them, on a canvas of one pixel.
  private struct LabelMeasure {
    let canvas: Canvas

    init() throws {
      canvas = try Canvas(width: 1, height: 1)
    }

    /// The width of `text` drawn at the labels' full size, whole pixels.
    func width(of text: String, bold: Bool) throws -> Double {
      try TextLayout(ContactSheet.labelText(text, bold: bold, size: 13), size: 13, context: canvas.context).width
        .rounded(.up)
    }
  }

  /// Throws when a sheet of `size` would be larger than the largest drawn.
  public static func checkSize(_ size: (width: Double, height: Double)) throws {
    guard size.width <= Double(maximumWidth), size.height <= Double(maximumHeight),
      size.width.rounded(.up) * size.height.rounded(.up) <= Double(maximumPixels)
    else {
      throw RenderError.sheetTooLarge(width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))
    }
  }

  /// Draws the sheet.
  public func draw() throws -> RGBAImage {
    let layout = try Layout(
      cells: rows.map { $0.cells.map { $0.map { (width: $0.width, height: $0.height) } } },
      measure: Measure(columns: columns, rowLabels: rows.map(\.label), hasTitle: title != nil))
    let (cellWidths, rowHeights, titleHeight) = (layout.cellWidths, layout.rowHeights, layout.titleHeight)
    let (width, height) = (layout.width, layout.height)
    try Self.checkSize((width, height))
    let canvas = try Canvas(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)))
    let context = canvas.context
    cairo_set_source_rgb(context, 0.97, 0.97, 0.98)
    cairo_paint(context)
    if let title {
      try label(title, x: Self.padding, y: 8, width: width, bold: true, size: 16, context: context)
    }
    var x = layout.labelColumnWidth
    for (column, name) in columns.enumerated() {
      try label(name, x: x, y: titleHeight + 6, width: cellWidths[column], bold: true, size: 13, context: context)
      x += cellWidths[column] + Self.padding
    }
    var y = titleHeight + Self.headerHeight
    for (index, row) in rows.enumerated() {
      try label(
        row.label, x: Self.padding, y: y + rowHeights[index] / 2 - 9,
        width: layout.labelColumnWidth - Self.padding, bold: false, size: 13, context: context)
      var x = layout.labelColumnWidth
      for column in columns.indices {
        let cellWidth = cellWidths[column]
        if column < row.cells.count, let cell = row.cells[column] {
          let image = try cell.image()
          let left = x + (cellWidth - Double(image.width)) / 2
          drawChecker(x: left, y: y, width: Double(image.width), height: Double(image.height), context: context)
          let surface = try SurfaceConversion.surface(from: image)
          cairo_set_source_surface(context, surface.surface, left, y)
          cairo_paint(context)
        }
        x += cellWidth + Self.padding
      }
      y += rowHeights[index] + Self.padding
    }
    try canvas.check()
    return SurfaceConversion.image(from: canvas)
  }

  private func drawChecker(x: Double, y: Double, width: Double, height: Double, context: OpaquePointer) {
    cairo_save(context)
    cairo_rectangle(context, x, y, width, height)
    cairo_clip(context)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_paint(context)
    cairo_set_source_rgb(context, 0.82, 0.82, 0.85)
    var row = 0
    var top = y
    while top < y + height {
      var left = x + (row % 2 == 0 ? 0 : Self.checker)
      while left < x + width {
        cairo_rectangle(context, left, top, Self.checker, Self.checker)
        left += 2 * Self.checker
      }
      top += Self.checker
      row += 1
    }
    cairo_fill(context)
    cairo_restore(context)
  }

  private func label(
    _ text: String, x: Double, y: Double, width: Double, bold: Bool, size: Double, context: OpaquePointer
  ) throws {
    let fitted = try TextLayout.fitting(
      Self.labelText(text, bold: bold, size: size), available: max(width, 1), context: context)
    cairo_set_source_rgb(context, 0.15, 0.15, 0.18)
    fitted.layout.addPath(to: context, x: x, y: y)
    cairo_fill(context)
  }

  /// A label as the sheet draws it: a long title may shrink to half its size to fit the sheet.
  static func labelText(_ text: String, bold: Bool, size: Double) -> ResolvedText {
    ResolvedText(
      string: text, family: "DejaVu Sans", fontFile: nil, size: size, weight: bold ? 700 : 400, italic: false,
      minimumScale: 0.5, step: 0.05)
  }
}

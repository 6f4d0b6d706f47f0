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

  /// The sheet's size in pixels for cells of the given sizes (`nil`: an empty cell), rows
  /// first; checked before any image is drawn or loaded.
  public static func size(cells: [[(width: Int, height: Int)?]], columns: Int, hasTitle: Bool) -> (
    width: Double, height: Double
  ) {
    let layout = Layout(cells: cells, columns: columns, hasTitle: hasTitle)
    return (layout.width, layout.height)
  }

  /// Column widths, row heights and the whole size, from the cells' pixel sizes.
  struct Layout {
    var cellWidths: [Int]
    var rowHeights: [Double]
    var titleHeight: Double
    var width: Double
    var height: Double

    init(cells: [[(width: Int, height: Int)?]], columns: Int, hasTitle: Bool) {
      cellWidths = (0..<columns).map { column in
        cells.compactMap { $0.indices.contains(column) ? $0[column]?.width : nil }.max() ?? 40
      }
      rowHeights = cells.map { row in Double(row.compactMap { $0?.height }.max() ?? 20) }
      titleHeight = hasTitle ? ContactSheet.headerHeight + 8 : 0
      width =
        ContactSheet.labelWidth + cellWidths.reduce(0) { $0 + Double($1) + ContactSheet.padding }
        + ContactSheet.padding
      height =
        titleHeight + ContactSheet.headerHeight + rowHeights.reduce(0) { $0 + $1 + ContactSheet.padding }
        + ContactSheet.padding
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
    let layout = Layout(
      cells: rows.map { $0.cells.map { $0.map { (width: $0.width, height: $0.height) } } }, columns: columns.count,
      hasTitle: title != nil)
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
    var x = Self.labelWidth
    for (column, name) in columns.enumerated() {
      try label(
        name, x: x, y: titleHeight + 6, width: Double(cellWidths[column]), bold: true, size: 13, context: context)
      x += Double(cellWidths[column]) + Self.padding
    }
    var y = titleHeight + Self.headerHeight
    for (index, row) in rows.enumerated() {
      try label(
        row.label, x: Self.padding, y: y + rowHeights[index] / 2 - 9, width: Self.labelWidth - Self.padding,
        bold: false, size: 13, context: context)
      var x = Self.labelWidth
      for column in columns.indices {
        let cellWidth = Double(cellWidths[column])
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
    let resolved = ResolvedText(
      string: text, family: "DejaVu Sans", fontFile: nil, size: size, weight: bold ? 700 : 400, italic: false,
      minimumScale: 0.5, step: 0.05)
    let fitted = try TextLayout.fitting(resolved, available: max(width, 1), context: context)
    cairo_set_source_rgb(context, 0.15, 0.15, 0.18)
    fitted.layout.addPath(to: context, x: x, y: y)
    cairo_fill(context)
  }
}

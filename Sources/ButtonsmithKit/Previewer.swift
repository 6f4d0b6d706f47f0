import ButtonCore
import ButtonRender
import ButtonSpec
import Foundation

/// Lays planned jobs out as a contact sheet: a row per button, a column per state and
/// appearance, each at one scale (or the nearest the button has), spinners at their first
/// frame. Images come from the build cache when it has them, else they are drawn.
public struct Previewer: Sendable {
  /// Draws what the cache lacks.
  public var renderer: Renderer

  /// Creates a previewer.
  public init(renderer: Renderer = Renderer()) {
    self.renderer = renderer
  }

  /// The sheet of `jobs` at `scale` (or the closest scale each button has), using the cache of
  /// the asset directory `output` when there is one; with `languageColumns`, each language of a
  /// localized button has its own columns. A sheet that would be larger than a sheet may be
  /// (`ContactSheet.checkSize`) has its images drawn smaller, each at the same fraction of its
  /// scale, the largest that fits (`shrunk`); when none does (too many rows or columns for any
  /// image size), nothing is drawn and the error says so.
  public func sheet(
    for jobs: [PlannedJob], cache output: URL, scale: Double = 2, title: String? = nil, languageColumns: Bool = false
  ) throws -> (sheet: ContactSheet, shrunk: Double?) {
    var diagnostics = Diagnostics()
    let keyed = Builder(renderer: renderer).keyJobs(jobs, into: &diagnostics)
    let store = AssetStore(root: output)
    let storeIsSafe = (try? store.inspectForReading()) != nil
    let index = storeIsSafe ? CacheIndex.read(from: store.indexURL) : CacheIndex()
    let chosen = Self.previewJobs(keyed, scale: scale)
    let columns = Set(chosen.map { Column(job: $0.job.job, byLanguage: languageColumns) }).sorted()
    let grid = Grid(chosen.map(\.job.job), columns: columns, byLanguage: languageColumns)
    // The sheet's size follows from the jobs' pixel sizes alone: checked before any image is
    // loaded or drawn.
    let measure = try ContactSheet.Measure(columns: columns.map(\.name), rowLabels: grid.labels, hasTitle: title != nil)
    func sizes(shrunk: Double?) throws -> [[(width: Int, height: Int)?]] {
      var sizes = grid.emptyRows(of: (width: Int, height: Int)?.none)
      for (position, (planned, _)) in chosen.enumerated() {
        sizes[grid.cells[position].row][grid.cells[position].column] = try renderer.pixelSize(
          of: Self.job(planned, shrunk: shrunk))
      }
      return sizes
    }
    let (cellSizes, shrunk) = try Self.fitting(initial: sizes(shrunk: nil), measure: measure, sizes: sizes)
    // Each image is taken from the cache (at its own scale) or drawn as the sheet paints its cell.
    var cells = grid.emptyRows(of: ContactSheet.Cell?.none)
    for (position, (planned, key)) in chosen.enumerated() {
      let place = grid.cells[position]
      guard let size = cellSizes[place.row][place.column] else { continue }
      let job = Self.job(planned, shrunk: shrunk)
      cells[place.row][place.column] = ContactSheet.Cell(width: size.width, height: size.height) {
        [renderer] in
        try (shrunk == nil ? Self.cachedImage(key, index: index, store: store) : nil) ?? renderer.draw(job).image
      }
    }
    let rows = zip(grid.labels, cells).map { ContactSheet.Row(label: $0, cells: $1) }
    return (ContactSheet(title: title, columns: columns.map(\.name), rows: rows), shrunk)
  }

  /// `planned`'s job, at `shrunk` times its scale when given.
  private static func job(_ planned: PlannedJob, shrunk: Double?) -> RenderJob {
    var job = planned.job
    if let shrunk { job.scale *= shrunk }
    return job
  }

  /// The cells' sizes of a sheet that fits, and the fraction of their scales the images are
  /// drawn at when not their own: first a guess from how far the images overflow (labels and
  /// padding keep their size), then ever smaller, down to a 64th. Throws the size of the sheet
  /// at full scale when none fits.
  private static func fitting(
    initial: [[(width: Int, height: Int)?]], measure: ContactSheet.Measure,
    sizes: (Double?) throws -> [[(width: Int, height: Int)?]]
  ) throws -> (sizes: [[(width: Int, height: Int)?]], shrunk: Double?) {
    let full = measure.size(cells: initial)
    guard (try? ContactSheet.checkSize(full)) == nil else { return (initial, nil) }
    let images = measure.imageArea(cells: initial)
    let room = (
      width: Double(ContactSheet.maximumWidth) - (full.width - images.width),
      height: Double(ContactSheet.maximumHeight) - (full.height - images.height)
    )
    var shrunk = min(
      room.width / max(images.width, 1), room.height / max(images.height, 1),
      (Double(ContactSheet.maximumPixels) / (full.width * full.height)).squareRoot(), 1)
    while shrunk >= 1.0 / 64 {
      let cells = try sizes(shrunk)
      if (try? ContactSheet.checkSize(measure.size(cells: cells))) != nil { return (cells, shrunk) }
      shrunk *= 0.9
    }
    try ContactSheet.checkSize(full)
    return (initial, nil)
  }

  /// The cached image of `key`, read once and used only when its bytes still hash to its name.
  private static func cachedImage(_ key: SHA256Digest, index: CacheIndex, store: AssetStore) -> RGBAImage? {
    guard let entry = index.entries[key], let data = AtomicFile.readRegularFile(store.objectPath(entry.sha256)),
      ContentHash.digest(data) == entry.sha256
    else { return nil }
    return try? RGBAImage(png: data)
  }

  /// Where each job goes on the sheet: a row per button, in order of first appearance, and the
  /// column of its appearance and state.
  struct Grid {
    var labels: [String] = []
    var cells: [(row: Int, column: Int)] = []
    let columnCount: Int

    init(_ jobs: [RenderJob], columns: [Column], byLanguage: Bool) {
      columnCount = columns.count
      var rowOf: [String: Int] = [:]
      for job in jobs {
        if rowOf[job.button] == nil {
          rowOf[job.button] = labels.count
          labels.append(job.button)
        }
        cells.append((rowOf[job.button]!, columns.firstIndex(of: Column(job: job, byLanguage: byLanguage))!))
      }
    }

    func emptyRows<Cell>(of empty: Cell) -> [[Cell]] {
      Array(repeating: Array(repeating: empty, count: columnCount), count: labels.count)
    }
  }

  /// One job per button, state and appearance: at `scale` when planned, else the closest; frame 0.
  static func previewJobs(_ keyed: KeyedJobs, scale: Double) -> [(job: PlannedJob, key: SHA256Digest)] {
    var best: [String: (job: PlannedJob, key: SHA256Digest)] = [:]
    var order: [String] = []
    for item in keyed where (item.job.job.frame ?? 0) == 0 {
      let job = item.job.job
      let id = "\(job.button)|\(job.state.rawValue)|\(job.appearance.rawValue)|\(job.locale ?? "")"
      if let current = best[id] {
        if abs(job.scale - scale) < abs(current.job.job.scale - scale) { best[id] = item }
      } else {
        best[id] = item
        order.append(id)
      }
    }
    return order.map { best[$0]! }
  }

  /// A column of the sheet: light ones first, then dark, each in state order, then each
  /// language (when the sheet shows several); unlocalized images have columns without one.
  struct Column: Hashable, Comparable {
    var appearance: Appearance
    var state: ButtonState
    var locale: String

    init(job: RenderJob, byLanguage: Bool) {
      appearance = job.appearance
      state = job.state
      locale = byLanguage ? job.locale ?? "" : ""
    }

    var name: String {
      let details = [appearance == .dark ? "dark" : nil, locale.isEmpty ? nil : locale].compactMap { $0 }
      return details.isEmpty ? state.rawValue : "\(state.rawValue) (\(details.joined(separator: ", ")))"
    }

    static func < (lhs: Column, rhs: Column) -> Bool {
      (lhs.appearance, lhs.state, lhs.locale) < (rhs.appearance, rhs.state, rhs.locale)
    }
  }
}

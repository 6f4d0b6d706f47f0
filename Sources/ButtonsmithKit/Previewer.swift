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
  /// the asset directory `output` when there is one.
  public func sheet(for jobs: [PlannedJob], cache output: URL, scale: Double = 2, title: String? = nil) throws
    -> ContactSheet
  {
    var diagnostics = Diagnostics()
    let keyed = Builder(renderer: renderer).keyJobs(jobs, into: &diagnostics)
    let store = AssetStore(root: output)
    let storeIsSafe = (try? store.inspectForReading()) != nil
    let index = storeIsSafe ? CacheIndex.read(from: store.indexURL) : CacheIndex()
    let chosen = Self.previewJobs(keyed, scale: scale)
    let columns = Set(chosen.map { Column(job: $0.job.job) }).sorted()
    try checkSize(of: chosen, columns: columns, hasTitle: title != nil)
    var rows: [ContactSheet.Row] = []
    var rowIndex: [String: Int] = [:]
    for (planned, key) in chosen {
      let job = planned.job
      if rowIndex[job.button] == nil {
        rowIndex[job.button] = rows.count
        rows.append(ContactSheet.Row(label: job.button, cells: Array(repeating: nil, count: columns.count)))
      }
      let image: RGBAImage
      if let entry = index.entries[key], store.hasIntactObject(entry.sha256),
        let cached = AtomicFile.readRegularFile(store.objectPath(entry.sha256)).flatMap({ try? RGBAImage(png: $0) })
      {
        image = cached
      } else {
        image = try renderer.draw(job).image
      }
      rows[rowIndex[job.button]!].cells[columns.firstIndex(of: Column(job: job))!] = image
    }
    return ContactSheet(title: title, columns: columns.map(\.name), rows: rows)
  }

  /// Throws when the sheet would be too large, from the jobs' pixel sizes alone: before any
  /// image is loaded or drawn.
  private func checkSize(of chosen: [(job: PlannedJob, key: String)], columns: [Column], hasTitle: Bool) throws {
    var rows: [[(width: Int, height: Int)?]] = []
    var rowIndex: [String: Int] = [:]
    for (planned, _) in chosen {
      let job = planned.job
      if rowIndex[job.button] == nil {
        rowIndex[job.button] = rows.count
        rows.append(Array(repeating: nil, count: columns.count))
      }
      let size = try renderer.pixelSize(of: job)
      rows[rowIndex[job.button]!][columns.firstIndex(of: Column(job: job))!] = size
    }
    try ContactSheet.checkSize(ContactSheet.size(cells: rows, columns: columns.count, hasTitle: hasTitle))
  }

  /// One job per button, state and appearance: at `scale` when planned, else the closest; frame 0.
  static func previewJobs(_ keyed: [(job: PlannedJob, key: String)], scale: Double) -> [(job: PlannedJob, key: String)]
  {
    var best: [String: (job: PlannedJob, key: String)] = [:]
    var order: [String] = []
    for item in keyed where (item.job.job.frame ?? 0) == 0 {
      let job = item.job.job
      let id = "\(job.button)|\(job.state.rawValue)|\(job.appearance.rawValue)"
      if let current = best[id] {
        if abs(job.scale - scale) < abs(current.job.job.scale - scale) { best[id] = item }
      } else {
        best[id] = item
        order.append(id)
      }
    }
    return order.map { best[$0]! }
  }

  /// A column of the sheet: light ones first, then dark, each in state order.
  struct Column: Hashable, Comparable {
    var appearance: Appearance
    var state: ButtonState

    init(job: RenderJob) {
      appearance = job.appearance
      state = job.state
    }

    var name: String { appearance == .light ? state.rawValue : "\(state.rawValue) (dark)" }

    static func < (lhs: Column, rhs: Column) -> Bool {
      (lhs.appearance, lhs.state) < (rhs.appearance, rhs.state)
    }
  }
}

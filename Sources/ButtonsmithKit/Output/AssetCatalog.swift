import ButtonCore
import ButtonRender
import ButtonSpec
import Foundation

/// The `Contents.json` files of the asset catalog, as Xcode writes them: one for the catalog,
/// one per image set (entries by scale, each Any entry before its dark one, `resizing` for
/// stretchable images, the rendering intent, `localizable` when its entries have a `locale`) and
/// one per hit-mask data set.
enum AssetCatalog {
  struct Appearance: Encodable {
    var appearance = "luminosity"
    var value = "dark"
  }

  struct Image: Encodable {
    var appearances: [Appearance]?
    var filename: String
    var idiom = "universal"
    var locale: String?
    var resizing: Resizing?
    var scale: String
  }

  /// `resizing` of an image entry: cap insets in that file's pixels.
  struct Resizing: Encodable {
    struct Center: Encodable {
      var height: Int?
      var mode: String
      var width: Int?
    }
    var capInsets: [String: Int]
    var center: Center
    var mode: String

    enum CodingKeys: String, CodingKey {
      case capInsets = "cap-insets"
      case center, mode
    }
  }

  struct Data: Encodable {
    var appearances: [Appearance]?
    var filename: String
    var idiom = "universal"
    var locale: String?
    var universalTypeIdentifier = "public.png"

    enum CodingKeys: String, CodingKey {
      case appearances, filename, idiom, locale
      case universalTypeIdentifier = "universal-type-identifier"
    }
  }

  struct Info: Encodable {
    var author = "buttonsmith"
    var version = 1
  }

  struct Properties: Encodable {
    /// What Xcode's "Localize…" sets on a set whose entries have a `locale`.
    var localizable: Bool?
    var templateRenderingIntent: String?

    enum CodingKeys: String, CodingKey {
      case localizable
      case templateRenderingIntent = "template-rendering-intent"
    }

    /// The properties of a set, `nil` when it has none.
    init?(localized: Bool, intent: RenderIntent? = nil) {
      guard localized || intent != nil else { return nil }
      localizable = localized ? true : nil
      templateRenderingIntent = intent?.rawValue
    }
  }

  struct Contents: Encodable {
    var data: [Data]?
    var images: [Image]?
    var info = Info()
    var properties: Properties?
  }

  /// `path -> bytes` of every `Contents.json` the `xcassets` jobs need; with `always`, the
  /// catalog's own even when no job goes into it.
  static func contentsFiles(
    for jobs: [PlannedJob], renderer: Renderer, always: Bool = false
  ) throws -> [String: Foundation.Data] {
    let catalogJobs = jobs.filter { $0.format == .xcassets }
    guard !catalogJobs.isEmpty || always else { return [:] }
    var imageSets: [String: (entries: [(order: Order, image: Image)], intent: RenderIntent?)] = [:]
    var dataSets: [String: [(order: Order, data: Data)]] = [:]
    for planned in catalogJobs {
      let job = planned.job
      let appearances = planned.isDefaultAppearance ? nil : [Appearance()]
      let order = Order(scale: job.scale, isDark: !planned.isDefaultAppearance, file: fileName(of: planned.path))
      let image = Image(
        appearances: appearances, filename: order.file, locale: job.locale,
        resizing: try job.stretch.map { try resizing($0, of: job, renderer: renderer) },
        scale: "\(formatScale(job.scale))x")
      imageSets[directory(of: planned.path), default: ([], job.renderAs)].entries.append((order, image))
      if job.hitMaskThreshold != nil {
        let path = planned.hitMaskPath
        let data = Data(appearances: appearances, filename: fileName(of: path), locale: job.locale)
        dataSets[directory(of: path), default: []].append(
          (Order(scale: job.scale, isDark: order.isDark, file: data.filename), data))
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    func encoded(_ contents: Contents) throws -> Foundation.Data {
      try encoder.encode(contents) + Foundation.Data("\n".utf8)
    }
    var files = [OutputNaming.catalog + "/Contents.json": try encoded(Contents())]
    for (directory, set) in imageSets {
      let images = set.entries.sorted { $0.order < $1.order }.map(\.image)
      let properties = Properties(localized: images.contains { $0.locale != nil }, intent: set.intent)
      files[directory + "/Contents.json"] = try encoded(Contents(images: images, properties: properties))
    }
    for (directory, entries) in dataSets {
      let data = entries.sorted { $0.order < $1.order }.map(\.data)
      files[directory + "/Contents.json"] = try encoded(
        Contents(data: data, properties: Properties(localized: data.contains { $0.locale != nil })))
    }
    return files
  }

  /// Xcode's entry order: by scale, then the Any entry before the dark one.
  struct Order: Comparable {
    var scale: Double
    var isDark: Bool
    var file: String

    static func < (lhs: Order, rhs: Order) -> Bool {
      (lhs.scale, lhs.isDark ? 1 : 0, lhs.file) < (rhs.scale, rhs.isDark ? 1 : 0, rhs.file)
    }
  }

  /// The `resizing` of `job`'s image: one region per axis (more is refused when planning), from
  /// the image's edges, rounded outward to the file's pixels within the button as a
  /// nine-patch's are.
  static func resizing(_ stretch: Stretch, of job: RenderJob, renderer: Renderer) throws -> Resizing {
    let button = try renderer.contentRect(of: job)
    let (width, height) = try renderer.pixelSize(of: job)
    // Every inset and both centre sizes are written; an axis that does not stretch has zero caps
    // and the whole length as its centre.
    var insets = ["top": 0, "left": 0, "bottom": 0, "right": 0]
    var center = Resizing.Center(height: height, mode: stretch.center.rawValue, width: width)
    let regions = stretch.pixelRegions(
      scale: job.scale, width: width, height: height, buttonX: button.columns, buttonY: button.rows)
    if let pixels = regions.x.first {
      insets["left"] = pixels.lowerBound
      insets["right"] = width - pixels.upperBound
      center.width = pixels.count
    }
    if let pixels = regions.y.first {
      insets["top"] = pixels.lowerBound
      insets["bottom"] = height - pixels.upperBound
      center.height = pixels.count
    }
    let mode =
      switch (stretch.x.isEmpty, stretch.y.isEmpty) {
      case (false, true): "3-part-horizontal"
      case (true, false): "3-part-vertical"
      default: "9-part"
      }
    return Resizing(capInsets: insets, center: center, mode: mode)
  }

  private static func directory(of path: String) -> String {
    String(path[..<path.lastIndex(of: "/")!])
  }

  private static func fileName(of path: String) -> String {
    String(path[path.index(after: path.lastIndex(of: "/")!)...])
  }
}

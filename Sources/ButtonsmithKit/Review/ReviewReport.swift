import ButtonCore
import ButtonRender
import Foundation

/// The review page of a version: `index.html`, working offline from the file system, with the
/// data it shows beside it as `report.json` (and as `report.js`, which the page loads: browsers
/// refuse to fetch a file from a page opened from the file system).
///
/// A row per button and a column per state; scale, appearance, spinner frame and language are
/// switchable. With a comparison, each image is marked changed, added, removed or unchanged,
/// changed ones first, with the old image, the new one and a difference image (`diff/`) side by
/// side (an image whose hit mask alone changed shows the masks).
public struct ReviewReport: Sendable {
  /// One image as the page shows it.
  public struct Image: Encodable, Sendable {
    var button: String
    var state: String
    var appearance: String
    var scale: Double
    var frame: Int?
    var locale: String?
    var format: String
    var path: String
    var src: String?
    var width: Int
    var height: Int
    var bytes: Int
    var key: String
    var source: String
    var hitMask: String?
    var status: String
    var oldSrc: String?
    /// A changed image's old pixel size, which the page draws it at.
    var oldWidth: Int?
    var oldHeight: Int?
    var diffSrc: String?
    var pixels: Int?
    /// With the image unchanged, its hit mask changed: `old_src` and `diff_src` are then masks.
    var maskChanged: Bool?
    var oldHitMask: String?

    enum CodingKeys: String, CodingKey {
      case button, state, appearance, scale, frame, locale, format, path, src, width, height, bytes, key, source
      case status, pixels
      case hitMask = "hit_mask"
      case oldSrc = "old_src"
      case oldWidth = "old_width"
      case oldHeight = "old_height"
      case diffSrc = "diff_src"
      case maskChanged = "mask_changed"
      case oldHitMask = "old_hit_mask"
    }
  }

  /// The page's data.
  public struct Data: Encodable, Sendable {
    /// The version shown.
    public var version: String
    /// The version it is compared with.
    public var comparedWith: String?
    /// Every image shown (and removed ones, with a comparison).
    public var images: [Image]
    public var changed: Int
    public var added: Int
    public var removed: Int
    public var unchanged: Int

    enum CodingKeys: String, CodingKey {
      case version, images, changed, added, removed, unchanged
      case comparedWith = "compared_with"
    }
  }

  /// The version shown.
  public var version: PublishedVersion
  /// The version it is compared with, if any.
  public var old: PublishedVersion?
  /// Whether images are copied beside the page (else referenced in the version).
  public var copy: Bool

  public init(version: PublishedVersion, comparedWith old: PublishedVersion? = nil, copy: Bool = false) {
    self.version = version
    self.old = old
    self.copy = copy
  }

  /// Writes the page into `directory`; returns its data.
  @discardableResult
  public func write(to directory: URL) throws -> Data {
    let directory = directory.standardizedFileURL
    try Self.checkIsReportDirectory(directory)
    func isRealDirectory() -> Bool? {
      var status = stat()
      guard lstat(directory.path, &status) == 0 else { return nil }
      return status.st_mode & S_IFMT == S_IFDIR
    }
    let existed = isRealDirectory()
    let wasEmpty =
      existed == true && DirectoryListing(path: directory.path)?.entries.isEmpty == true
    do {
      return try writePage(to: directory)
    } catch {
      // What a report that failed wrote into a directory it made, or one that was empty, goes,
      // so the directory is as it was (an earlier report's keeps its `report.json`, and is taken
      // again). Anything else at the path (a file, a link) was not the report's, and stays.
      if existed == nil || wasEmpty, isRealDirectory() == true {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
          try? FileManager.default.removeItem(at: directory.appendingPathComponent(entry))
        }
        if existed == nil { rmdir(directory.path) }
      }
      throw error
    }
  }

  private func writePage(to directory: URL) throws -> Data {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let comparison = try old.map { try VersionComparison.compare($0, version) }
    let changes = Dictionary(uniqueKeysWithValues: (comparison?.changed ?? []).map { ($0.path, $0) })
    let added = Set(comparison?.added ?? [])
    var images: [Image] = []
    for asset in preferred(version.manifest.assets, comparedWith: old?.manifest.assets ?? []) {
      var image = try self.image(asset, in: version, directory: directory)
      let maskPath = asset.hitMask?.path
      if let change = changes[asset.path], let old {
        image.status = "changed"
        image.pixels = change.pixels
        image.oldSrc = try reference(asset.path, in: old, directory: directory, copyAs: "old/")
        (image.oldWidth, image.oldHeight) = (change.oldSize.first, change.oldSize.last)
        image.diffSrc = try writeDifference(of: asset.path, between: old, and: version, into: directory)
      } else if let maskPath, let change = changes[maskPath], let old {
        // The image is the same; its hit mask is not: the mask's old, new and difference show.
        image.status = "changed"
        image.pixels = change.pixels
        image.maskChanged = true
        image.oldHitMask = try reference(maskPath, in: old, directory: directory, copyAs: "old/")
        image.diffSrc = try writeDifference(of: maskPath, between: old, and: version, into: directory)
      } else if added.contains(asset.path) {
        image.status = "added"
      }
      images.append(image)
    }
    if let old, let comparison {
      let removed = Set(comparison.removed)
      for asset in preferred(old.manifest.assets, comparedWith: version.manifest.assets)
      where removed.contains(asset.path) {
        var image = try self.image(asset, in: old, directory: directory, copyAs: "old/")
        image.status = "removed"
        image.oldSrc = image.src
        image.src = nil
        images.append(image)
      }
    }
    // The header counts what the page lists: one image per button, state, appearance, scale,
    // frame and language, its hit mask with it (`diff` counts every file of every format).
    func count(_ status: String) -> Int { images.count { $0.status == status } }
    let data = Data(
      version: version.name, comparedWith: old?.name, images: images, changed: count("changed"),
      added: count("added"), removed: count("removed"), unchanged: count("unchanged"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = try encoder.encode(data)
    try json.write(to: directory.appendingPathComponent("report.json"), options: .atomic)
    var script = Foundation.Data("window.BUTTONSMITH_REPORT = ".utf8)
    script.append(json)
    script.append(contentsOf: Array(";\n".utf8))
    try script.write(to: directory.appendingPathComponent("report.js"), options: .atomic)
    try Foundation.Data(ReviewPage.html.utf8).write(
      to: directory.appendingPathComponent("index.html"), options: .atomic)
    return data
  }

  /// Writes the difference image of `path` between `old` and `new` into `diff/`; its reference.
  private func writeDifference(
    of path: String, between old: PublishedVersion, and new: PublishedVersion, into directory: URL
  ) throws -> String {
    let difference = PixelDifference(
      try old.image(at: path), try new.image(at: path))
    let diffURL = try Self.inside(directory, "diff/\(path)")
    try FileManager.default.createDirectory(at: diffURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try difference.image.pngData().write(to: diffURL, options: .atomic)
    return Self.encoded("diff/\(path)")
  }

  /// One image per button, state, appearance, scale, frame and language: of the formats both
  /// versions have it in (`other`'s assets), or for an image one version lacks of the layouts
  /// both have, the `files` layout's when there is one, else the first; so that two versions
  /// built in other formats are compared in a layout they share.
  private func preferred(_ assets: [Manifest.Asset], comparedWith other: [Manifest.Asset] = []) -> [Manifest.Asset] {
    func identity(_ asset: Manifest.Asset) -> String {
      "\(asset.button)|\(asset.state)|\(asset.appearance)|\(asset.scale)|\(asset.frame ?? -1)|\(asset.locale ?? "")"
    }
    var shared: [String: Set<OutputFormat>] = [:]
    for asset in other { shared[identity(asset), default: []].insert(asset.format) }
    // An image only one version has (added, removed) is shown in a layout both versions have.
    let sharedLayouts = Set(assets.map(\.format)).intersection(other.map(\.format))
    var chosen: [String: Manifest.Asset] = [:]
    var order: [String] = []
    for asset in assets {
      let id = identity(asset)
      guard let current = chosen[id] else {
        chosen[id] = asset
        order.append(id)
        continue
      }
      let formats = shared[id] ?? sharedLayouts
      let (isShared, currentIsShared) = (formats.contains(asset.format), formats.contains(current.format))
      if isShared != currentIsShared ? isShared : asset.format < current.format { chosen[id] = asset }
    }
    return order.map { chosen[$0]! }
  }

  private func image(
    _ asset: Manifest.Asset, in version: PublishedVersion, directory: URL, copyAs prefix: String = "new/"
  ) throws -> Image {
    // The file's own size and bytes, as `diff` judges files, not the manifest's word for them;
    // the manifest's size when the file is not a PNG (the page shows it broken).
    let data = try? version.contents(of: asset.path)
    let size = data.flatMap { try? PNGInfo(data: $0) } ?? PNGInfo(width: asset.width, height: asset.height)
    return Image(
      button: asset.button, state: asset.state, appearance: asset.appearance, scale: asset.scale, frame: asset.frame,
      locale: asset.locale, format: asset.format.rawValue, path: asset.path,
      src: try reference(asset.path, in: version, directory: directory, copyAs: prefix), width: size.width,
      height: size.height, bytes: data?.count ?? 0, key: asset.key, source: asset.source,
      hitMask: try asset.hitMask.map { try reference($0.path, in: version, directory: directory, copyAs: prefix) },
      status: "unchanged")
  }

  /// The page's reference to `path` of `version`: relative to the page, or a copy beside it,
  /// under `images/new/` or `images/old/` (`prefix`): two trees, so that no path of one version
  /// (a button named `old`) lands on a file of the other.
  private func reference(_ path: String, in version: PublishedVersion, directory: URL, copyAs prefix: String) throws
    -> String
  {
    let file = version.directory.appendingPathComponent(path)
    guard copy else { return Self.encoded(Self.relativePath(from: directory, to: file)) }
    let target = try Self.inside(directory, "images/\(prefix)\(path)")
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try version.contents(of: path).write(to: target, options: .atomic)
    return Self.encoded("images/\(prefix)\(path)")
  }

  /// `directory/path`, refusing a path that would leave the directory, by its name or through
  /// a symbolic link planted in one of the directories below `directory`.
  static func inside(_ directory: URL, _ path: String) throws -> URL {
    guard PublishedVersion.isInside(path) else {
      throw PublishedVersion.NotFound(description: "'\(path)' is not inside the report's directory")
    }
    var walked = directory.path
    for component in path.split(separator: "/") {
      walked += "/\(component)"
      var status = stat()
      if lstat(walked, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
        throw RefusedPath(description: "'\(walked)' is a symbolic link; the report writes only inside its directory")
      }
    }
    return directory.appendingPathComponent(path)
  }

  /// Refuses a directory that holds anything but an earlier report: writing there would replace
  /// files the report did not create (an `index.html` of yours).
  static func checkIsReportDirectory(_ directory: URL) throws {
    // By its bytes: Foundation's listing leaves out a name that is not UTF-8.
    let entries = DirectoryListing(path: directory.path)?.entries ?? []
    guard entries.isEmpty || entries.contains(where: { $0.name == "report.json" }) else {
      throw RefusedPath(
        description: "'\(directory.path)' is not empty and holds no report; name a new or empty directory")
    }
  }

  /// A place the report does not write.
  struct RefusedPath: Error, CustomStringConvertible {
    var description: String
  }

  /// `path` as a URL path: each component percent-encoded (a `#` or `%` in a directory name).
  static func encoded(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "#?%;")
    return path.split(separator: "/", omittingEmptySubsequences: false).map {
      $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0)
    }.joined(separator: "/")
  }

  /// `file` relative to `directory`, with `..` where they part.
  static func relativePath(from directory: URL, to file: URL) -> String {
    let from = directory.standardizedFileURL.pathComponents
    let to = file.standardizedFileURL.pathComponents
    var common = 0
    while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
    return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
  }
}

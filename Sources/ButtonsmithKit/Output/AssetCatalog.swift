import ButtonRender
import Foundation

/// The `Contents.json` files of the asset catalog: one for the catalog, one per image set.
enum AssetCatalog {
  private struct Contents: Encodable {
    struct Image: Encodable {
      struct Appearance: Encodable {
        var appearance = "luminosity"
        var value: String
      }
      var appearances: [Appearance]?
      var filename: String
      var idiom = "universal"
      var scale: String
    }
    struct Info: Encodable {
      var author = "buttonsmith"
      var version = 1
    }
    var images: [Image]?
    var info = Info()
  }

  /// `path -> bytes` of every `Contents.json` the `xcassets` jobs need.
  static func contentsFiles(for jobs: [PlannedJob]) throws -> [String: Data] {
    let catalogJobs = jobs.filter { $0.format == .xcassets }
    guard !catalogJobs.isEmpty else { return [:] }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var sets: [String: [Contents.Image]] = [:]
    for planned in catalogJobs {
      let job = planned.job
      for path in [planned.path] + (job.hitMaskThreshold == nil ? [] : [planned.hitMaskPath]) {
        let directory = String(path[..<path.lastIndex(of: "/")!])
        let image = Contents.Image(
          appearances: job.appearance == .dark ? [.init(value: "dark")] : nil,
          filename: String(path[path.index(after: path.lastIndex(of: "/")!)...]),
          scale: "\(Int(job.scale))x")
        sets[directory, default: []].append(image)
      }
    }
    var files = [OutputNaming.catalog + "/Contents.json": try encoder.encode(Contents(images: nil)) + Data("\n".utf8)]
    for (directory, images) in sets {
      let sorted = images.sorted { ($0.scale, $0.filename) < ($1.scale, $1.filename) }
      files[directory + "/Contents.json"] = try encoder.encode(Contents(images: sorted)) + Data("\n".utf8)
    }
    return files
  }
}

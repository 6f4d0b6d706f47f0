import ButtonRender
import ButtonSpec
import Foundation

/// Computes each job's cache key: the SHA-256 of a canonical encoding of everything that can
/// change its pixels, and nothing else.
///
/// The encoding is the resolved job as sorted-key JSON, with the names that do not change
/// pixels blanked (asset, state, appearance, frame number) and every file path replaced by the
/// SHA-256 of the file's contents; then the renderer's version and Cairo's, Pango's and
/// libpng's. Each file is read and hashed once per build, and jobs that differ only in scale or
/// spinner frame share one encoding with the scale and frame appended.
public struct JobKeys {
  /// Bumped whenever the renderer draws or encodes differently for the same job.
  public static let rendererVersion = "buttonsmith-renderer-2"

  private var fileHashes: [String: String] = [:]

  /// The SHA-256 of each font, image and mask file as it was read for the keys, by path.
  public var fileDigests: [String: String] {
    fileHashes.mapValues { String($0.dropFirst("sha256:".count)) }
  }
  /// The last job encoded: the planner emits a job's scales and frames one after another.
  private var lastEncoding: (job: RenderJob, data: Data)?
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// Creates an empty calculator.
  public init() {}

  private struct Material: Encodable {
    var renderer: String
    var libraries: LibraryVersions
    var job: RenderJob
  }

  /// The key of `job`.
  public mutating func key(for job: RenderJob) throws -> String {
    var canonical = job
    canonical.button = ""
    canonical.state = .normal
    canonical.appearance = .light
    canonical.frame = nil
    let scale = canonical.scale
    let step = canonical.spinner?.step ?? 0
    canonical.scale = 1
    canonical.spinner?.step = 0
    var encoding: Data
    if let last = lastEncoding, last.job == canonical {
      encoding = last.data
    } else {
      encoding = try encode(canonical)
      lastEncoding = (canonical, encoding)
    }
    encoding.append(contentsOf: Array("\nscale=\(scale)\nstep=\(step)".utf8))
    return ContentHash.sha256(encoding)
  }

  private mutating func encode(_ job: RenderJob) throws -> Data {
    var canonical = job
    if var text = canonical.text, let file = text.fontFile {
      text.fontFile = try hash(file)
      canonical.text = text
    }
    if var image = canonical.image {
      image.file = try hash(image.file)
      canonical.image = image
    }
    if case .file(let path, let luminance, let invert) = canonical.mask {
      canonical.mask = .file(path: try hash(path), luminance: luminance, invert: invert)
    }
    let material = Material(renderer: Self.rendererVersion, libraries: .current, job: canonical)
    return try encoder.encode(material)
  }

  private mutating func hash(_ path: String) throws -> String {
    if let known = fileHashes[path] { return known }
    guard let digest = ContentHash.sha256(ofFileAt: URL(fileURLWithPath: path)) else {
      throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path])
    }
    let value = "sha256:" + digest
    fileHashes[path] = value
    return value
  }
}

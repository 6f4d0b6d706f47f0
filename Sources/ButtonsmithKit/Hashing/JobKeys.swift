import ButtonCore
import ButtonRender
import ButtonSpec
import Foundation

/// Computes each job's cache key: the SHA-256 of a canonical encoding of everything that can
/// change its pixels, and nothing else.
///
/// The encoding is the resolved job as canonical JSON (`CanonicalJSONEncoder`), with the names that do not change
/// pixels blanked (asset, state, appearance, frame number, a catalog's stretch and intent, an animation's period) and every file path replaced by the
/// SHA-256 of the file's contents; then the renderer's version and Cairo's, Pango's and
/// libpng's. Each file is read and hashed once per build, and jobs that differ only in scale or
/// spinner frame share one encoding with the scale and frame appended.
public struct JobKeys {
  /// Bumped whenever the renderer draws or encodes differently for the same job.
  public static let rendererVersion = "buttonsmith-renderer-6"

  /// The run's snapshot of the files jobs read.
  public let files: InputFiles
  /// The system-font queries the keys depend on (`SystemFonts.Query` descriptions).
  public private(set) var fontQueries = Set<String>()
  private var fileHashes: [FilePath: String] = [:]
  /// Each system-font query's fingerprint, taken once per run (it hashes the matched fonts' and
  /// fontconfig's configuration's digests: tens of microseconds a job).
  private var fontFingerprints: [SystemFonts.Query: String] = [:]

  /// The SHA-256 of each font, image and mask file as it was read for the keys, by path.
  public var fileDigests: [FilePath: String] {
    fileHashes.mapValues { String($0.dropFirst("sha256:".count)) }
  }
  /// The last shared job encoded, for its other scales, frames and formats.
  private var lastShared: (job: ResolvedJob, data: Data)?

  /// Creates a calculator that reads files through `files`.
  public init(files: InputFiles) {
    self.files = files
  }

  private struct Material: Encodable {
    var renderer: String
    var libraries: LibraryVersions
    var job: RenderJob
  }

  /// Takes in the files and font queries `other` read, keying other jobs from the same files.
  mutating func absorb(_ other: JobKeys) {
    fileHashes.merge(other.fileHashes) { mine, _ in mine }
    fontQueries.formUnion(other.fontQueries)
  }

  /// The key of `job`.
  public mutating func key(for job: RenderJob) throws -> SHA256Digest {
    let encoding = try canonicalEncoding(of: job)
    return Self.key(
      encoding, scale: job.scale, step: job.spinner?.step ?? 0, member: try memberDigest(of: job, scale: job.scale))
  }

  /// The key of `planned`: its shared job is encoded once for all its scales, frames and formats.
  public mutating func key(for planned: PlannedJob) throws -> SHA256Digest {
    let encoding: Data
    if let last = lastShared, last.job === planned.resolved {
      encoding = last.data
    } else {
      encoding = try canonicalEncoding(of: planned.resolved.base)
      lastShared = (planned.resolved, encoding)
    }
    return Self.key(
      encoding, scale: planned.scale, step: planned.frame ?? 0,
      member: try memberDigest(of: planned.resolved.base, scale: planned.scale))
  }

  private static func key(_ encoding: Data, scale: Double, step: Int, member: String?) -> SHA256Digest {
    var material = encoding
    material.append(contentsOf: Array("\nscale=\(scale)\nstep=\(step)".utf8))
    if let member { material.append(contentsOf: Array("\nimage=\(member)".utf8)) }
    return ContentHash.digest(material)
  }

  /// For a PNG image, the digest of the file drawn at `scale` (of a source set, its member) and
  /// the member's own scale: the shared encoding leaves the file out, and each scale's key names
  /// the one file it reads, so adding an `@2x` changes the keys of the scales that draw it and no
  /// others. The member's scale sets the image's size in points (its pixels over its scale), so
  /// the same bytes drawn as an `@2x` and as a plain PNG (or as an `@3x`) have different keys.
  private mutating func memberDigest(of job: RenderJob, scale: Double) throws -> String? {
    guard let path = job.image?.file, !ImageSourceSet.candidates(for: path).isEmpty else { return nil }
    let member = ImageSourceSet(path: path, files: files).member(for: scale)
    return try hash(member.path, limit: BoundedFile.imageLimit) + " @\(Int(member.scale))x"
  }

  /// The encoding of `job` with its names, scale and frame blanked.
  private mutating func canonicalEncoding(of job: RenderJob) throws -> Data {
    var canonical = job
    canonical.button = ""
    canonical.state = .normal
    canonical.appearance = .light
    canonical.frame = nil
    canonical.locale = nil
    canonical.scale = 1
    // Parts kept out of line are copied only when they change.
    if let step = canonical.spinner?.step, step != 0 { canonical.spinner?.step = 0 }
    canonical.stretch = nil
    canonical.renderAs = nil
    canonical.spinnerPeriod = nil
    if let center = canonical.ninePatch?.center, center != .stretch { canonical.ninePatch?.center = .stretch }
    // Not remembered by value for other jobs: `==` takes 0 and -0, and canonically equivalent
    // strings (two file names on Linux), as equal, and the encoding tells them apart.
    return try encode(canonical)
  }

  private mutating func encode(_ job: RenderJob) throws -> Data {
    var canonical = job
    if var text = canonical.text {
      if let file = text.fontFile {
        text.fontFile = try hash(file, limit: BoundedFile.fontLimit)
      } else {
        // System fonts: the files fontconfig matches now, so a font installed or removed changes
        // the key (and the stamp, which records the query).
        let query = SystemFonts.Query(text: text)
        fontQueries.insert(query.description)
        let fingerprint = fontFingerprints[query] ?? SystemFonts.fingerprint(of: query, files: files)
        fontFingerprints[query] = fingerprint
        text.fontFile = "fontconfig:" + fingerprint
      }
      canonical.text = text
    }
    if var image = canonical.image {
      // A PNG is keyed per scale, by the file that scale draws (`memberDigest`).
      image.file =
        ImageSourceSet.candidates(for: image.file).isEmpty
        ? try vectorHash(image.file) : "png, keyed per scale"
      canonical.image = image
    }
    if case .file(let path, let luminance, let invert) = canonical.mask {
      canonical.mask = .file(path: try vectorHash(path), luminance: luminance, invert: invert)
    }
    let material = Material(renderer: Self.rendererVersion, libraries: .current, job: canonical)
    return Data(try CanonicalJSONEncoder().encode(material))
  }

  /// The digest of an image or mask file, and for an SVG or PDF the library that draws it: a
  /// librsvg or poppler upgrade redraws the jobs it draws and no others.
  private mutating func vectorHash(_ path: String) throws -> String {
    let digest = try hash(path, limit: BoundedFile.imageLimit)
    return VectorLibrary(imageAt: path).map { "\(digest) \($0.identity)" } ?? digest
  }

  private mutating func hash(_ path: String, limit: Int) throws -> String {
    if let known = fileHashes[FilePath(path)] { return known }
    let digest: String
    switch files.file(at: path, limit: limit) {
    case .success(let file): digest = file.sha256
    case .failure(let failure): throw UnreadableFile(path: path, failure: failure)
    }
    let value = "sha256:" + digest
    fileHashes[FilePath(path)] = value
    return value
  }
}

/// A file a job names that cannot be read.
struct UnreadableFile: Error, CustomStringConvertible {
  var path: String
  var failure: BoundedFile.Failure

  var description: String { "'\(path)' \(failure)" }
}

import ButtonCore
import Foundation

/// Decoded image files (PNG pixels, SVG and PDF documents), read through the run's
/// `InputFiles` and shared between threads. The format is the file name's extension.
///
/// Images are cached by content (the file's SHA-256) and kind, so one file reached through
/// several paths, or two copies of it, are decoded once, within a budget of decoded bytes: past
/// it the oldest images are dropped and decoded again when needed.
final class ImageStore: @unchecked Sendable {
  /// The most decoded bytes kept at once: one image of the largest size allowed.
  static let budget = Limits.maximumPixelSide * Limits.maximumPixelSide * 4

  private let files: InputFiles
  private let lock = NSLock()
  private var images: [String: Result<SourceImage, RenderError>] = [:]
  private var order: [String] = []
  private var bytes = 0

  init(files: InputFiles) {
    self.files = files
  }

  /// The decoded image at `path` for a job at `scale`: of a PNG source set, the member drawn at
  /// that scale.
  func image(at path: String, scale: Double) throws -> SourceImage {
    let member = ImageSourceSet(path: path, files: files).member(for: scale)
    return try image(at: member.path, memberScale: member.scale)
  }

  /// The decoded image at `path`, taken as drawn for `memberScale` pixels per point.
  func image(at path: String, memberScale: Double = 1) throws -> SourceImage {
    let file: InputFiles.File
    // An SVG is parsed whole, as a spec is: it has a spec's size limit.
    let isSVG = (path as NSString).pathExtension.lowercased() == "svg"
    switch files.file(at: path, limit: isSVG ? BoundedFile.specLimit : BoundedFile.imageLimit) {
    case .success(let read): file = read
    case .failure(let failure): throw RenderError.imageFile(path: path, reason: "the file \(failure)")
    }
    // The same bytes decode the same way as the same kind of file; a failure names the path
    // asked for, not the first file found with those bytes.
    let kind = (path as NSString).pathExtension.lowercased()
    let cacheKey = "\(file.sha256)@\(memberScale).\(["svg", "pdf"].contains(kind) ? kind : "png")"
    switch lock.withLock({ images[cacheKey] }) {
    case .success(let image): return image
    case .failure(.imageFile(_, let reason)): throw RenderError.imageFile(path: path, reason: reason)
    case .failure(let error): throw error
    case nil: break
    }
    let result: Result<SourceImage, RenderError>
    do {
      switch kind {
      case "svg": result = .success(.vector(try VectorDocument(kind: .svg, data: file.data)))
      case "pdf": result = .success(.vector(try VectorDocument(kind: .pdf, data: file.data)))
      default: result = .success(.raster(try RGBAImage(png: file.data), scale: memberScale))
      }
    } catch RenderError.imageFile(_, let reason) {
      result = .failure(.imageFile(path: path, reason: reason))
    } catch {
      result = .failure(.imageFile(path: path, reason: "\(error)"))
    }
    lock.withLock { keep(result, as: cacheKey) }
    return try result.get()
  }

  /// Caches `result`, dropping the oldest images to stay within the budget.
  private func keep(_ result: Result<SourceImage, RenderError>, as digest: String) {
    guard images[digest] == nil else { return }
    let size = Self.bytes(of: result)
    guard size <= Self.budget else { return }
    while bytes + size > Self.budget, !order.isEmpty {
      let oldest = order.removeFirst()
      bytes -= images.removeValue(forKey: oldest).map(Self.bytes) ?? 0
    }
    images[digest] = result
    order.append(digest)
    bytes += size
  }

  /// What an entry costs: a PNG's pixels, a document's bytes.
  private static func bytes(of result: Result<SourceImage, RenderError>) -> Int {
    switch result {
    case .success(.raster(let image, _)): image.pixels.count
    case .success(.vector(let document)): document.data.count
    case .failure: 0
    }
  }
}

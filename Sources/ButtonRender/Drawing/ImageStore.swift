import ButtonCore
import Foundation

/// Decoded PNG files, read through the run's `InputFiles` and shared between threads.
///
/// Images are cached by content (the file's SHA-256), so one file reached through several
/// paths, or two copies of it, are decoded once, within a budget of decoded bytes: past it the
/// oldest images are dropped and decoded again when needed.
final class ImageStore: @unchecked Sendable {
  /// The most decoded bytes kept at once: one image of the largest size allowed.
  static let budget = Limits.maximumPixelSide * Limits.maximumPixelSide * 4

  private let files: InputFiles
  private let lock = NSLock()
  private var images: [String: Result<RGBAImage, RenderError>] = [:]
  private var order: [String] = []
  private var bytes = 0

  init(files: InputFiles) {
    self.files = files
  }

  /// The decoded image at `path`.
  func image(at path: String) throws -> RGBAImage {
    let file: InputFiles.File
    switch files.file(at: path, limit: BoundedFile.imageLimit) {
    case .success(let read): file = read
    case .failure(let failure): throw RenderError.imageFile(path: path, reason: "the file \(failure)")
    }
    if let cached = lock.withLock({ images[file.sha256] }) { return try cached.get() }
    let result: Result<RGBAImage, RenderError>
    do {
      result = .success(try RGBAImage(png: file.data))
    } catch {
      result = .failure(.imageFile(path: path, reason: "\(error)"))
    }
    lock.withLock { keep(result, as: file.sha256) }
    return try result.get()
  }

  /// Caches `result`, dropping the oldest images to stay within the budget.
  private func keep(_ result: Result<RGBAImage, RenderError>, as digest: String) {
    guard images[digest] == nil else { return }
    let size = (try? result.get().pixels.count) ?? 0
    guard size <= Self.budget else { return }
    while bytes + size > Self.budget, !order.isEmpty {
      let oldest = order.removeFirst()
      bytes -= (try? images.removeValue(forKey: oldest)?.get().pixels.count) ?? 0
    }
    images[digest] = result
    order.append(digest)
    bytes += size
  }
}

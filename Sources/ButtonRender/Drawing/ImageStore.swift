import ButtonCore
import Foundation

/// Decoded PNG files, loaded once per renderer and shared between threads.
///
/// Images are cached by file identity (device, inode, size and modification time), so a file
/// reached through many paths (links, `..`) is decoded once, and within a budget of decoded
/// bytes: past it the oldest images are dropped and decoded again when needed.
final class ImageStore: @unchecked Sendable {
  /// The most decoded bytes kept at once: one image of the largest size allowed.
  static let budget = Limits.maximumPixelSide * Limits.maximumPixelSide * 4

  private struct Identity: Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int
    var modifiedNanoseconds: Int
  }

  private let lock = NSLock()
  private var images: [Identity: Result<RGBAImage, RenderError>] = [:]
  private var order: [Identity] = []
  private var bytes = 0

  /// The decoded image at `path`.
  func image(at path: String) throws -> RGBAImage {
    guard let identity = Self.identity(of: path) else {
      throw RenderError.imageFile(path: path, reason: "the file \(BoundedFile.Failure.missing)")
    }
    if let cached = lock.withLock({ images[identity] }) { return try cached.get() }
    let result: Result<RGBAImage, RenderError>
    switch BoundedFile.read(at: path, limit: BoundedFile.imageLimit) {
    case .success(let data):
      do {
        result = .success(try RGBAImage(png: data))
      } catch {
        result = .failure(.imageFile(path: path, reason: "\(error)"))
      }
    case .failure(let failure):
      result = .failure(.imageFile(path: path, reason: "the file \(failure)"))
    }
    lock.withLock { keep(result, as: identity) }
    return try result.get()
  }

  /// Caches `result`, dropping the oldest images to stay within the budget.
  private func keep(_ result: Result<RGBAImage, RenderError>, as identity: Identity) {
    guard images[identity] == nil else { return }
    let size = (try? result.get().pixels.count) ?? 0
    guard size <= Self.budget else { return }
    while bytes + size > Self.budget, !order.isEmpty {
      let oldest = order.removeFirst()
      bytes -= (try? images.removeValue(forKey: oldest)?.get().pixels.count) ?? 0
    }
    images[identity] = result
    order.append(identity)
    bytes += size
  }

  private static func identity(of path: String) -> Identity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    #if os(Linux)
      let modified = status.st_mtim
    #else
      let modified = status.st_mtimespec
    #endif
    return Identity(
      device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino),
      size: Int64(status.st_size),
      modified: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec))
  }
}

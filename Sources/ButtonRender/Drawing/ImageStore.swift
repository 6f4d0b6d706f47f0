import Foundation

/// Decoded PNG files by path, loaded once per renderer and shared between threads.
final class ImageStore: @unchecked Sendable {
  private let lock = NSLock()
  private var images: [String: Result<RGBAImage, RenderError>] = [:]

  /// The decoded image at `path`.
  func image(at path: String) throws -> RGBAImage {
    lock.lock()
    if let cached = images[path] {
      lock.unlock()
      return try cached.get()
    }
    lock.unlock()
    let result: Result<RGBAImage, RenderError>
    if let data = FileManager.default.contents(atPath: path) {
      do {
        result = .success(try RGBAImage(png: data))
      } catch {
        result = .failure(.imageFile(path: path, reason: "\(error)"))
      }
    } else {
      result = .failure(.imageFile(path: path, reason: "cannot read the file"))
    }
    lock.lock()
    images[path] = result
    lock.unlock()
    return try result.get()
  }
}

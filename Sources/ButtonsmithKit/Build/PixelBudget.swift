import ButtonRender
import Foundation

/// Bounds the pixels drawn at once, so that the threads drawing the largest images do not take
/// more memory together than one build should: a job waits while others hold the budget, and a
/// job larger than the whole budget runs alone. Small images never wait.
final class PixelBudget: @unchecked Sendable {
  /// Two images of the largest size drawn (8192 x 8192 pixels): about 1 GB of buffers.
  static let standard = 2 * 8192 * 8192

  private let condition = NSCondition()
  private let limit: Int
  private var used = 0

  init(limit: Int = standard) {
    self.limit = limit
  }

  /// Runs `draw` once the pixels of `job` fit in the budget beside the jobs being drawn.
  func drawing<Result>(_ job: RenderJob, with renderer: Renderer, _ draw: () throws -> Result) rethrows -> Result {
    let size = try? renderer.pixelSize(of: job)
    return try drawing(pixels: size.map { $0.width * $0.height } ?? 0, draw)
  }

  /// Runs `draw` once `pixels` fit in the budget beside the others being drawn.
  func drawing<Result>(pixels: Int, _ draw: () throws -> Result) rethrows -> Result {
    let amount = min(pixels, limit)
    condition.lock()
    while used > 0, used + amount > limit { condition.wait() }
    used += amount
    condition.unlock()
    defer {
      condition.lock()
      used -= amount
      condition.broadcast()
      condition.unlock()
    }
    return try draw()
  }
}

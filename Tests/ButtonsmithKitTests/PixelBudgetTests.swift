import Foundation
import Testing

@testable import ButtonsmithKit

/// However many threads draw, the pixels drawn at once stay within the budget: the largest
/// images wait for one another, one larger than the whole budget is drawn alone, and small ones
/// go on beside them.
struct PixelBudgetTests {
  final class Held: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0
    private(set) var most = 0
    private(set) var aloneWhenHuge = true

    func draw(_ pixels: Int, huge: Bool) {
      lock.withLock {
        if huge, now > 0 { aloneWhenHuge = false }
        now += pixels
        most = max(most, now)
      }
      Thread.sleep(forTimeInterval: 0.002)
      lock.withLock { now -= pixels }
    }
  }

  @Test func thePixelsDrawnAtOnceStayWithinTheBudget() {
    let budget = PixelBudget(limit: 1_000)
    let held = Held()
    // 40 images of 400 pixels (two fit at once), two of 5,000 (more than the whole budget) and
    // 40 of 1 pixel, on 16 threads.
    let sizes = Array(repeating: 400, count: 40) + [5_000, 5_000] + Array(repeating: 1, count: 40)
    WorkerThreads.forEach(sizes.count, parallelism: 16) { position in
      let pixels = sizes[position]
      budget.drawing(pixels: pixels) { held.draw(min(pixels, 1_000), huge: pixels > 1_000) }
      return true
    }
    #expect(held.most <= 1_000)
    #expect(held.aloneWhenHuge)
  }
}

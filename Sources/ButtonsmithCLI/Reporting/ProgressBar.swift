import ButtonsmithKit
import Foundation

/// A one-line progress bar on stderr: counts and the asset just drawn, redrawn at most every
/// 50 ms, erased at the end. Silent when disabled (not a terminal, `--quiet`, `--json`); that
/// it waits for another build's lock it says unless `quiet` (errors only).
final class ProgressBar: BuildProgress, @unchecked Sendable {
  private let enabled: Bool
  private let quiet: Bool
  private let lock = NSLock()
  private var lastDraw = Date.distantPast
  private var drawn = false

  init(enabled: Bool, quiet: Bool = false) {
    self.enabled = enabled
    self.quiet = quiet
  }

  func willRender(total: Int) {
    draw(done: 0, total: total, asset: "", force: true)
  }

  func didRender(asset: String, done: Int, total: Int) {
    draw(done: done, total: total, asset: asset, force: done == total)
  }

  func waitingForLock(_ output: URL) {
    guard !quiet else { return }
    StandardStreams.error(CommandReporter.waitingText(output))
  }

  /// Erases the bar.
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if drawn { StandardStreams.error("\r\u{1B}[2K") }
    drawn = false
  }

  private func draw(done: Int, total: Int, asset: String, force: Bool) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = Date()
    guard force || now.timeIntervalSince(lastDraw) >= 0.05 else { return }
    lastDraw = now
    let width = 30
    let filled = total == 0 ? width : width * done / total
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    StandardStreams.error("\r\u{1B}[2K[\(bar)] \(done)/\(total) \(asset.prefix(50))")
    drawn = true
  }
}

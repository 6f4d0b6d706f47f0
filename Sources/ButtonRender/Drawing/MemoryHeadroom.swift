import Foundation

/// Whether the process can have the memory drawing an image takes.
///
/// A Swift array that cannot be allocated ends the process; past an address-space limit
/// (`ulimit -v`) a large image would do that halfway through drawing. Asking first makes such a
/// job fail as a job, with `RenderError.outOfMemory`, and the build report it. The memory is
/// mapped and unmapped at once, never touched; threads drawing at the same time
/// can still take what was there, so this makes the failure rare, not impossible.
enum MemoryHeadroom {
  /// Bytes drawing an image takes at most for each of its pixels: the button's surface, a
  /// shadow's buffers, the straight copy and the PNG (an 8,040-pixel square with a shadow
  /// peaks at 12.5; a build limited to just under what it takes fails at 12).
  static let bytesPerPixel = 13

  /// Throws `RenderError.outOfMemory` when the memory an image of `pixels` takes to draw cannot
  /// be had now. Images under a megapixel are not asked about.
  static func check(forPixels pixels: Int) throws {
    guard pixels >= 1 << 20 else { return }
    let bytes = pixels * bytesPerPixel
    // Mapped directly: a `malloc` whose memory is only freed again may be left out by the
    // compiler, and taken to have succeeded.
    let probe = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let probe, probe != MAP_FAILED else { throw RenderError.outOfMemory(bytes: bytes) }
    munmap(probe, bytes)
  }
}

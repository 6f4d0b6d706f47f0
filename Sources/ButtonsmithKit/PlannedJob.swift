import ButtonRender
import ButtonSpec

/// One image to produce: the render job, where the `files` format writes it, and where its
/// button was written.
public struct PlannedJob: Sendable, Hashable {
  /// Everything the renderer needs.
  public var job: RenderJob
  /// Output path relative to a version directory, e.g. `checkout/normal-dark@2x.png`.
  public var path: String
  /// Where the button's name was written.
  public var source: SourceLocation

  /// The hit mask's path beside the image: `.hitmask` before `.png`.
  public var hitMaskPath: String {
    String(path.dropLast(".png".count)) + ".hitmask.png"
  }
}

/// The `files` output layout: `asset/state[-fNN][-dark][@Nx].png`.
public enum OutputNaming {
  /// The path of `job`'s image.
  public static func path(for job: RenderJob) -> String {
    var name = job.state.rawValue
    if let frame = job.frame { name += "-f" + String(frame).leftPadded(to: 2) }
    if job.appearance == .dark { name += "-dark" }
    if job.scale != 1 { name += "@\(formatScale(job.scale))x" }
    return "\(job.button)/\(name).png"
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

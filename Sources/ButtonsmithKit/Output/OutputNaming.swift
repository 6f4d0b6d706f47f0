import ButtonRender
import ButtonSpec

/// Where each format puts a job's image and hit mask.
public enum OutputNaming {
  /// The directory of the asset catalog inside a version.
  public static let catalog = "Buttons.xcassets"

  /// The path of `job`'s image in the `files` layout: `asset/state[-fNN][-dark][@Nx].png`.
  public static func path(for job: RenderJob) -> String {
    "\(job.button)/\(fileName(for: job))"
  }

  /// The path of `job`'s image in `format`, or `nil` when the format has no place for it (an
  /// asset catalog has no 1.5x or 4x).
  public static func path(for job: RenderJob, format: OutputFormat) -> String? {
    switch format {
    case .files:
      return path(for: job)
    case .xcassets:
      guard [1, 2, 3].contains(job.scale) else { return nil }
      return "\(catalog)/\(imageSetName(for: job)).imageset/\(fileName(for: job))"
    case .android:
      let density =
        ["1": "mdpi", "1.5": "hdpi", "2": "xhdpi", "3": "xxhdpi", "4": "xxxhdpi"][formatScale(job.scale)] ?? "nodpi"
      let night = job.appearance == .dark ? "-night" : ""
      return "res/drawable\(night)-\(density)/\(androidName(for: job)).png"
    }
  }

  /// Where the hit mask of the image at `path` goes.
  public static func hitMaskPath(forImageAt path: String, format: OutputFormat) -> String {
    switch format {
    case .files:
      return String(path.dropLast(".png".count)) + ".hitmask.png"
    case .xcassets:
      return path.replacingOccurrences(of: ".imageset/", with: "-hitmask.imageset/")
    case .android:
      return String(path.dropLast(".png".count)) + "_hitmask.png"
    }
  }

  /// `state[-fNN][-dark][@Nx].png`.
  static func fileName(for job: RenderJob) -> String {
    var name = job.state.rawValue
    if let frame = job.frame { name += "-f" + String(frame).leftPadded(to: 2) }
    if job.appearance == .dark { name += "-dark" }
    if job.scale != 1 { name += "@\(formatScale(job.scale))x" }
    return name + ".png"
  }

  /// `asset` for `normal`, else `asset-state[-fNN]`.
  static func imageSetName(for job: RenderJob) -> String {
    var name = job.button
    if job.state != .normal || job.frame != nil { name += "-\(job.state.rawValue)" }
    if let frame = job.frame { name += "-f" + String(frame).leftPadded(to: 2) }
    return name
  }

  /// `asset[_state][_fNN]` with `-` turned into `_`, as Android resource names require.
  static func androidName(for job: RenderJob) -> String {
    var name = job.button.replacingOccurrences(of: "-", with: "_")
    if job.state != .normal || job.frame != nil { name += "_\(job.state.rawValue)" }
    if let frame = job.frame { name += "_f" + String(frame).leftPadded(to: 2) }
    return name
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

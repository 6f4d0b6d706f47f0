import ButtonRender
import ButtonSpec

/// One file to produce: the render job, the output format and the path it writes in a version
/// directory, and where its button was written. A job written in several formats is planned
/// once per format and drawn once (their keys are equal).
///
/// The jobs of one state in one appearance share one resolved job (`ResolvedJob`) and differ
/// only in scale and spinner frame, so a plan of many scales, frames and formats costs little
/// memory per file.
public struct PlannedJob: Sendable, Hashable {
  /// The state's job at scale 1, shared by its scales, frames and formats.
  public let resolved: ResolvedJob
  /// Pixels per point.
  public let scale: Double
  /// The spinner frame, when the state has a spinner with several frames.
  public let frame: Int?
  /// The output format this file belongs to.
  public var format: OutputFormat
  /// Output path relative to a version directory, e.g. `checkout/normal-dark@2x.png`.
  public var path: String
  /// Where the button's name was written.
  public var source: SourceLocation
  /// Whether a device whose appearance has no image of its own uses this one: the light
  /// image, or the dark one of a button drawn only dark (a catalog's Any entry, Android's
  /// default configuration).
  public var isDefaultAppearance: Bool

  /// A file of `resolved` at `scale` (and spinner `frame`) in `format`, at `path`.
  public init(
    _ resolved: ResolvedJob, scale: Double, frame: Int?, format: OutputFormat, path: String, source: SourceLocation,
    isDefaultAppearance: Bool = true
  ) {
    self.resolved = resolved
    self.scale = scale
    self.frame = frame
    self.format = format
    self.path = path
    self.source = source
    self.isDefaultAppearance = isDefaultAppearance
  }

  /// Everything the renderer needs: the shared job at this scale and frame.
  public var job: RenderJob {
    resolved.job(scale: scale, frame: frame)
  }

  /// Where the job's hit mask goes in this format.
  public var hitMaskPath: String {
    OutputNaming.hitMaskPath(for: self)
  }
}

/// One state's resolved job at scale 1, shared by the planned files of its scales, frames and
/// formats.
public final class ResolvedJob: Sendable, Hashable {
  /// The job at scale 1, frame 0.
  public let base: RenderJob

  /// Shares `base`.
  public init(_ base: RenderJob) {
    self.base = base
  }

  /// `resolved` itself, or for a stretchable job a copy framed as a nine-patch.
  static func ninePatch(of resolved: ResolvedJob) -> ResolvedJob {
    guard let stretch = resolved.base.stretch else { return resolved }
    var base = resolved.base
    base.ninePatch = stretch
    return ResolvedJob(base)
  }

  /// The job at `scale` and spinner `frame`.
  public func job(scale: Double, frame: Int?) -> RenderJob {
    var job = base
    job.scale = scale
    job.frame = frame
    // The spinner is kept out of line: only a step that changes makes another copy of it.
    if let step = job.spinner?.step, step != frame ?? 0 { job.spinner?.step = frame ?? 0 }
    return job
  }

  public static func == (lhs: ResolvedJob, rhs: ResolvedJob) -> Bool {
    lhs === rhs || lhs.base == rhs.base
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(base)
  }
}

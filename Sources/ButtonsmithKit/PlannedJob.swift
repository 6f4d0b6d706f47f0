import ButtonRender
import ButtonSpec

/// One file to produce: the render job, the output format and the path it writes in a version
/// directory, and where its button was written. A job written in several formats is planned
/// once per format and drawn once (their keys are equal).
public struct PlannedJob: Sendable, Hashable {
  /// Everything the renderer needs.
  public var job: RenderJob
  /// The output format this file belongs to.
  public var format: OutputFormat
  /// Output path relative to a version directory, e.g. `checkout/normal-dark@2x.png`.
  public var path: String
  /// Where the button's name was written.
  public var source: SourceLocation

  /// Where the job's hit mask goes in this format.
  public var hitMaskPath: String {
    OutputNaming.hitMaskPath(forImageAt: path, format: format)
  }
}

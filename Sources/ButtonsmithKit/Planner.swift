import ButtonRender
import ButtonSpec

/// The plan stage: expands buttons into fully resolved render jobs, one per state x
/// appearance x scale (x spinner frame), in a stable order.
public struct Planner: Sendable {
  /// Registers font files so jobs can name their families.
  public var fonts: FontRegistry

  /// Creates a planner.
  public init(fonts: FontRegistry = .shared) {
    self.fonts = fonts
  }

  /// The files of `buttons` in `formats`, and any problem found while resolving them (colours
  /// that do not resolve, font files fontconfig cannot load, two files with one path).
  public func plan(_ buttons: [ButtonDefinition], formats: [OutputFormat] = [.files])
    -> (jobs: [PlannedJob], diagnostics: Diagnostics)
  {
    var diagnostics = Diagnostics()
    var jobs: [PlannedJob] = []
    for button in buttons {
      for state in button.states {
        for appearance in button.appearances {
          do {
            let resolver = JobResolver(button: button, state: state, appearance: appearance.value, fonts: fonts)
            let base = try resolver.resolve()
            for scale in button.scales {
              for frame in frames(count: state.look.spinner?.frames ?? 1) {
                var job = base
                job.scale = scale.value
                job.frame = frame
                job.spinner?.step = frame ?? 0
                for format in formats {
                  guard let path = OutputNaming.path(for: job, format: format) else { continue }
                  jobs.append(PlannedJob(job: job, format: format, path: path, source: button.location))
                }
              }
            }
          } catch let error as ColorResolutionError {
            diagnostics.add(error.diagnostic)
          } catch let error as PlanningError {
            diagnostics.add(error.diagnostic)
          } catch {
            diagnostics.add(.missingFile, "\(error)", at: state.location)
          }
        }
      }
    }
    checkOutputPaths(jobs, into: &diagnostics)
    return (jobs, diagnostics)
  }

  /// Frame numbers: `nil` alone unless the spinner has several frames.
  private func frames(count: Int) -> [Int?] {
    count > 1 ? (0..<count).map { $0 } : [nil]
  }

  private func checkOutputPaths(_ jobs: [PlannedJob], into diagnostics: inout Diagnostics) {
    var first: [String: PlannedJob] = [:]
    for job in jobs {
      if let earlier = first[job.path] {
        diagnostics.add(
          .duplicateOutput, "two images would be written to '\(job.path)'", at: job.source,
          notes: [.init("the other comes from here", at: earlier.source)])
      } else {
        first[job.path] = job
      }
    }
  }
}

/// A planning failure with its diagnostic.
struct PlanningError: Error {
  var diagnostic: Diagnostic
}

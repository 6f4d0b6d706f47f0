import ButtonCore
import ButtonRender
import ButtonSpec

/// `identical-state`: a state the specs list whose images would be `normal`'s. Judged on the
/// jobs the planner resolved, in every appearance and language, so whatever makes two states
/// draw alike counts, however it was written: a palette name and the colour it stands for, a
/// `tint` under a gradient that hides it, a clear overlay.
struct IdenticalStateChecker {
  /// The button whose states are compared.
  let button: ButtonDefinition
  /// Each state's resolved jobs (at scale 1), in the order they were resolved: one for each
  /// language and appearance, or fewer when some did not resolve.
  private var resolved: [[RenderJob]]

  /// A checker of `button`'s states, with no job resolved yet.
  init(button: ButtonDefinition) {
    self.button = button
    resolved = Array(repeating: [], count: button.states.count)
  }

  /// Records `job`, resolved for the state at `stateIndex`.
  mutating func record(_ job: RenderJob, stateIndex: Int) {
    resolved[stateIndex].append(job)
  }

  /// Warns of each state listed in the specs that draws what `normal` draws, in every language
  /// and appearance (implicit states look like `normal` by design). States that did not resolve
  /// in all of them are not compared: what stopped them is reported already.
  func check(languages: Int, into diagnostics: inout Diagnostics) {
    let complete = languages * button.appearances.count
    guard let normalIndex = button.states.firstIndex(where: { $0.state == .normal }),
      resolved[normalIndex].count == complete
    else { return }
    let normal = resolved[normalIndex].map(Self.drawn)
    for (index, state) in button.states.enumerated()
    where index != normalIndex && state.isExplicit && resolved[index].count == complete
      && resolved[index].map(Self.drawn) == normal
    {
      diagnostics.add(
        .identicalState,
        "state '\(state.state.rawValue)' renders identical to 'normal'; give it overrides or leave it out",
        at: state.location)
    }
  }

  /// `job` as it draws, for comparing with another state's: named `normal`, without a clear
  /// overlay, and, when it has no label, image or spinner, without the content colour and
  /// padding it has nothing to colour or place.
  static func drawn(_ job: RenderJob) -> RenderJob {
    var drawn = job
    drawn.state = .normal
    if drawn.overlay?.alpha == 0 { drawn.overlay = nil }
    if job.text == nil, job.image == nil, job.spinner == nil {
      drawn.contentColor = .defaultContent
      drawn.padding = Insets(all: 0)
    }
    return drawn
  }
}

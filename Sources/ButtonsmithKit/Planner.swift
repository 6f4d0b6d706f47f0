import ButtonRender
import ButtonSpec

/// The plan stage: expands buttons into fully resolved render jobs, one per state x
/// appearance x scale (x spinner frame), in a stable order. Each state is resolved once per
/// appearance; its scales and frames are copies of that job.
public struct Planner: Sendable {
  /// The planned files, the states they come from, and the problems found resolving them.
  public struct Output: Sendable {
    /// Every file of the buttons in the formats asked for.
    public var jobs: [PlannedJob] = []
    /// Each state of each button resolved in the button's first appearance at scale 1: what the
    /// asset checks lay out, so nothing is resolved twice.
    public var states: [ResolvedState] = []
    /// Colours that do not resolve, font files fontconfig cannot load, two files with one path.
    public var diagnostics = Diagnostics()
  }

  /// Registers font files so jobs can name their families.
  public var fonts: FontRegistry

  /// Creates a planner.
  public init(fonts: FontRegistry = .shared) {
    self.fonts = fonts
  }

  /// The files of `buttons` in `formats`, the states they come from, and any problem found
  /// while resolving them. Buttons with errors are planned only to check their names and the
  /// files they would share with others. States that name a file at `reported`, a location that
  /// already has an error, are skipped (such a file is not opened again).
  /// With `localizer`, a button whose label is a string key is planned once per language.
  public func plan(
    _ buttons: [ButtonDefinition], formats: [OutputFormat] = [.files], skipping reported: Set<SourceLocation> = [],
    localizer: Localizer? = nil
  ) -> Output {
    var output = Output()
    // Room for every file at once: an array that doubles as it grows holds both buffers for a
    // moment, and ends with up to twice the room its jobs need.
    output.jobs.reserveCapacity(
      buttons.reduce(0) { count, button in
        count + fileCountBound(of: button, languages: localizer?.languages(of: button).count ?? 1, formats: formats)
      })
    let platforms = PlatformChecker(formats: formats)
    // The files of buttons with errors, planned only to find those another button would write
    // too: what else they say would repeat the errors reported already.
    var filesOfButtonsWithErrors: [PlannedJob] = []
    for button in buttons {
      platforms.checkName(button, into: &output.diagnostics)
      guard !button.hasErrors else {
        var unreported = Output()
        // Not compared: a state whose overrides were all mistakes would be reported again.
        var uncompared = IdenticalStateChecker(button: button)
        for (stateIndex, state) in button.states.enumerated()
        where !state.look.files.contains(where: { reported.contains($0.location) }) {
          let resolver = JobResolver(button: button, state: state, appearance: .light, fonts: fonts)
          plan(button, stateIndex, resolver: resolver, formats: formats, into: &unreported, identical: &uncompared)
        }
        filesOfButtonsWithErrors += unreported.jobs
        continue
      }
      platforms.checkLook(button, into: &output.diagnostics)
      let languages = localizer?.languages(of: button) ?? [nil]
      if localizer == nil {
        for key in button.states.compactMap(\.look.textKey) {
          output.diagnostics.add(
            .missingString,
            "'text: {string: \(Diagnostic.shown(key.value))}' needs the project's languages and string tables",
            at: key.location, notes: [.init("add 'locales: {languages: [...], strings: [...]}' to buttonsmith.yml")])
        }
      }
      var identical = IdenticalStateChecker(button: button)
      for (stateIndex, state) in button.states.enumerated()
      where !state.look.files.contains(where: { reported.contains($0.location) }) {
        for language in languages {
          var resolver = JobResolver(button: button, state: state, appearance: .light, fonts: fonts)
          if let language {
            guard let localizer else { continue }
            let text = localizer.text(of: state.look, in: language, into: &output.diagnostics)
            if state.look.textKey != nil, text == nil { continue }
            resolver.language = (language, text)
            resolver.developmentLanguage = localizer.settings.developmentLanguage
          }
          plan(button, stateIndex, resolver: resolver, formats: formats, into: &output, identical: &identical)
        }
      }
      identical.check(languages: languages.count, into: &output.diagnostics)
    }
    // Joined only when some button has errors: a joined copy of every job was the peak of a
    // build's memory (13 MB at 150,000 images).
    platforms.checkCollisions(
      filesOfButtonsWithErrors.isEmpty ? output.jobs : output.jobs + filesOfButtonsWithErrors,
      into: &output.diagnostics)
    platforms.checkSwiftNames(buttons, into: &output.diagnostics)
    return output
  }

  /// The files of one state in one language: each appearance resolved once (and recorded in
  /// `identical`), then every format, scale and frame.
  private func plan(
    _ button: ButtonDefinition, _ stateIndex: Int, resolver: JobResolver, formats: [OutputFormat],
    into output: inout Output, identical: inout IdenticalStateChecker
  ) {
    let state = button.states[stateIndex]
    for (index, appearance) in button.appearances.enumerated() {
      do {
        var resolver = resolver
        resolver.appearance = appearance.value
        let resolved = ResolvedJob(try resolver.resolve())
        identical.record(resolved.base, stateIndex: stateIndex)
        if index == 0 {
          output.states.append(ResolvedState(button: button, stateIndex: stateIndex, resolved: resolved))
        }
        let isDefault = appearance.value == .light || !button.appearances.contains { $0.value == .light }
        for format in formats {
          // Android draws a stretchable image as a nine-patch: other pixels, another job.
          let formatJob = format == .android ? ResolvedJob.ninePatch(of: resolved) : resolved
          for scale in button.scales {
            for frame in frames(count: state.look.spinner?.frames ?? 1) {
              let job = formatJob.job(scale: scale.value, frame: frame)
              guard
                let path = OutputNaming.path(
                  for: job, format: format, isDefaultAppearance: isDefault,
                  isDevelopmentLanguage: job.locale == nil || job.locale == resolver.developmentLanguage)
              else { continue }
              output.jobs.append(
                PlannedJob(
                  formatJob, scale: scale.value, frame: frame, format: format, path: path,
                  source: button.location, isDefaultAppearance: isDefault))
            }
          }
        }
      } catch let error as ColorResolutionError {
        if !error.alreadyReported { output.diagnostics.add(error.diagnostic) }
      } catch let error as PlanningError {
        output.diagnostics.add(error.diagnostic)
      } catch {
        output.diagnostics.add(.missingFile, "\(error)", at: state.location)
      }
    }
  }

  /// At most how many files `button` is planned into: every state's frames in every language,
  /// appearance, format with images and scale (fewer when some are skipped, such as a catalog's
  /// 1.5x and 4x).
  private func fileCountBound(of button: ButtonDefinition, languages: Int, formats: [OutputFormat]) -> Int {
    guard !button.hasErrors else { return 0 }
    let frames = button.states.reduce(0) { $0 + max($1.look.spinner?.frames ?? 1, 1) }
    return frames * languages * button.appearances.count * formats.count { $0.hasImages } * button.scales.count
  }

  /// Frame numbers: `nil` alone unless the spinner has several frames.
  private func frames(count: Int) -> [Int?] {
    count > 1 ? (0..<count).map { $0 } : [nil]
  }
}

/// One state of a button, resolved (at scale 1, in the button's first appearance).
///
/// A class sharing the state's resolved job: a plan keeps one for every state, and as a 2 KB
/// value the array of them, growing, was the peak of a build's memory (25 MB at 15,000 images).
/// Of its button it keeps only what the asset check reads, and shares the button's states
/// rather than copying one: a copy of the whole definition in every state took 66 MB at 150,000
/// images, and a copy of the state (about 1 KB) 55 MB.
public final class ResolvedState: Sendable {
  /// The button's states, shared with its definition.
  private let states: [StateLook]
  /// Which of them this is.
  private let stateIndex: Int
  /// The resolved job its files share.
  let resolved: ResolvedJob
  /// Where the button's name was written.
  public let buttonLocation: SourceLocation

  /// The state, as written: where its text, image and font came from.
  public var state: StateLook { states[stateIndex] }

  /// The state's stretchable region, as written (read from the state: a copy here took 200
  /// bytes a state, 10 MB at 150,000 images).
  public var stretch: StretchSpec? { states[stateIndex].stretch }

  /// What the renderer draws for it.
  public var job: RenderJob { resolved.base }

  init(button: ButtonDefinition, stateIndex: Int, resolved: ResolvedJob) {
    states = button.states
    self.stateIndex = stateIndex
    self.resolved = resolved
    buttonLocation = button.location
  }
}

/// A planning failure with its diagnostic.
struct PlanningError: Error {
  var diagnostic: Diagnostic
}

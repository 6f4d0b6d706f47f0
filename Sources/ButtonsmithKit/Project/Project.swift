import ButtonRender
import ButtonSpec
import Foundation

/// One project, one pass: every command's work as stages, each taking the previous stage's
/// value, shared by the command line, the tests and the benchmark.
///
/// ```swift
/// let project = Project(configuration: configuration)
/// let plan = project.plan()                   // check, then plan: diagnostics and jobs
/// let (summary, problems) = try project.build(plan, progress: progress)
/// ```
public struct Project: Sendable {
  /// Where the inputs and the output are, and the formats.
  public var configuration: ProjectConfiguration
  /// Draws and encodes jobs.
  public var renderer: Renderer

  /// A project of `configuration`.
  public init(configuration: ProjectConfiguration, renderer: Renderer = Renderer()) {
    self.configuration = configuration
    self.renderer = renderer
  }

  /// The planned jobs, and everything reported on the way (check and planning).
  public struct Plan: Sendable {
    /// Every file the configured formats need; empty when there are errors.
    public var jobs: [PlannedJob]
    /// The check's and the planner's diagnostics.
    public var diagnostics: Diagnostics
    /// Whether any diagnostic is an error (then nothing may be built).
    public var hasErrors: Bool { diagnostics.hasErrors }
    /// The warnings, which a build records with its stamp.
    public var warnings: [Diagnostic] { diagnostics.all.filter { $0.severity == .warning } }
    /// The inputs as they were before the check read them (`InputStamp.text(of:)`); a build
    /// records its stamp only with it.
    public var inputsText: String?
  }

  /// The files the input stamp digests.
  public var inputs: InputStamp.Inputs {
    InputStamp.Inputs(
      paths: configuration.specPaths, templateDirectories: configuration.templateDirectories,
      formats: configuration.formats, finder: configuration.finder)
  }

  /// Parse, merge and validate the specs, then check files and text through the drawing
  /// libraries: every problem at once.
  public func check() -> CheckedSpecs {
    let loader = SpecLoader(templateDirectories: configuration.templateDirectories, finder: configuration.finder)
    return ProjectChecker(loader: loader, assets: AssetChecker(renderer: renderer)).check(
      paths: configuration.specPaths)
  }

  /// Checks and plans, having first taken the inputs' text for the build's stamp.
  public func plan() -> Plan {
    let text = InputStamp.text(of: inputs)
    var plan = plan(check())
    plan.inputsText = text
    return plan
  }

  /// The jobs of `checked` in the configured formats; none when the check found errors. A
  /// build of this plan records no stamp (use `plan()` for that).
  public func plan(_ checked: CheckedSpecs) -> Plan {
    var diagnostics = checked.diagnostics
    guard !diagnostics.hasErrors else { return Plan(jobs: [], diagnostics: diagnostics) }
    let (jobs, planning) = Planner().plan(checked.buttons, formats: configuration.formats)
    diagnostics.formUnion(planning)
    return Plan(jobs: diagnostics.hasErrors ? [] : jobs, diagnostics: diagnostics)
  }

  /// The summary of a build that would change nothing and the warnings to print again, when
  /// the last build's stamp confirms it without checking or planning; `nil`: build as usual.
  public func confirmUpToDate() -> (summary: BuildSummary, warnings: [Diagnostic])? {
    Builder(renderer: renderer).confirmUpToDate(inputs, output: configuration.output)
  }

  /// Renders what the cache lacks and publishes a new version when anything changed, recording
  /// a stamp of the inputs and the plan's warnings.
  public func build(
    _ plan: Plan, parallelism: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false, keep: Int = 5,
    progress: BuildProgress
  ) throws -> (summary: BuildSummary?, diagnostics: Diagnostics) {
    let options = BuildOptions(output: configuration.output, parallelism: parallelism, force: force, keep: keep)
    return try Builder(renderer: renderer).build(
      plan.jobs, options: options, progress: progress, inputsText: plan.inputsText, warnings: plan.warnings)
  }

  /// What `build --check` lists: the files of `current` that differ from what `plan` produces.
  public func checkOutput(_ plan: Plan) throws -> (stale: [StaleAsset], diagnostics: Diagnostics) {
    try Builder(renderer: renderer).check(plan.jobs, output: configuration.output)
  }

  /// Each job's key, pixel size and whether the cache has it, for `plan`.
  public func statuses(_ plan: Plan) throws -> (statuses: [JobStatus], diagnostics: Diagnostics) {
    try Builder(renderer: renderer).statuses(plan.jobs, output: configuration.output)
  }
}

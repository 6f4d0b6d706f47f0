import ButtonCore
import ButtonRender
import ButtonSpec
import Foundation

/// One project, one pass: every command's work as stages, each taking the previous stage's
/// value, shared by the command line, the tests and the benchmark.
///
/// ```swift
/// let project = Project(configuration: configuration)
/// let plan = project.plan()                   // read, check, plan: diagnostics and jobs
/// let (summary, problems) = try project.build(plan, progress: progress)
/// ```
public struct Project: Sendable {
  /// Where the inputs and the output are, and the formats.
  public var configuration: ProjectConfiguration
  /// How PNGs are compressed.
  public var compression: PNGCompression
  /// How input files are read. Each `plan()` (and each `confirmUpToDate()`) reads through it
  /// into a new `InputFiles` snapshot: every file once, and the same bytes for every stage.
  public var reader: InputFiles.Reader
  /// How many threads `plan()` lays out states on (`build -j`; every core by default).
  public var parallelism = ProcessInfo.processInfo.activeProcessorCount

  /// A project of `configuration`.
  public init(
    configuration: ProjectConfiguration, compression: PNGCompression = .standard,
    reader: @escaping InputFiles.Reader = InputFiles.fileSystem
  ) {
    self.configuration = configuration
    self.compression = compression
    self.reader = reader
  }

  /// The planned jobs, and everything reported on the way (check and planning).
  public struct Plan: Sendable {
    /// Every file the configured formats need; empty when there are errors.
    public var jobs: [PlannedJob]
    /// The check's and the planner's diagnostics.
    public var diagnostics: Diagnostics
    /// How many spec and template files were read.
    public var fileCount = 0
    /// Whether any diagnostic is an error (then nothing may be built).
    public var hasErrors: Bool { diagnostics.hasErrors }
    /// The warnings, which a build records with its stamp.
    public var warnings: [Diagnostic] { diagnostics.all.filter { $0.severity == .warning } }
    /// The inputs as they were before the check read them (`InputStamp.text(of:)`); a build
    /// records its stamp only with it.
    public var inputsText: String?
    /// Draws the jobs from the snapshot the plan was made from.
    public var renderer: Renderer
    /// The font files the specs name, which the check loaded, drawn with or not (a look with a
    /// font and no label): the stamp records them all, so replacing one is seen.
    public var fontFiles: [String] = []
  }

  /// The files the input stamp digests, read through `files`.
  public func inputs(files: InputFiles) -> InputStamp.Inputs {
    var inputs = InputStamp.Inputs(
      paths: configuration.specPaths, templateDirectories: configuration.templateDirectories,
      formats: configuration.formats, finder: configuration.finder, files: files)
    if configuration.formats.contains(.swift) {
      inputs.paths.append("swift \(configuration.swift.name) \(configuration.swift.isPublic ? "public" : "internal")")
    }
    if let locales = configuration.locales {
      let loader = StringTableLoader(
        finder: configuration.finder, files: files, developmentLanguage: locales.developmentLanguage)
      inputs.paths.append("locales \(locales.languages.joined(separator: ","))")
      for path in locales.strings {
        let url = URL(literalPath: path.value, relativeTo: configuration.root).standardizedFileURL
        let (found, directories, undecodable) = loader.search(in: url)
        inputs.paths.append("strings \(found.count) \(path.value)")
        inputs.paths += undecodable.map { "undecodable \($0)" }
        inputs.stringFiles += (found.isEmpty ? [url] : found).map { ($0, configuration.finder.displayPath($0)) }
        inputs.directories += directories
      }
    }
    return inputs
  }

  /// Parses, merges and validates the specs, read into a new snapshot (or `files`): every
  /// problem the specs show by themselves.
  public func check(files: InputFiles? = nil) -> CheckedSpecs {
    var loader = SpecLoader(
      templateDirectories: configuration.templateDirectories, finder: configuration.finder,
      files: files ?? InputFiles(reader: reader))
    loader.pathLocations = configuration.pathLocations
    return SpecChecker(loader: loader, localizedLanguages: configuration.locales?.languages.count ?? 1).check(
      paths: configuration.specPaths)
  }

  /// fontconfig's configuration and font list, loaded on another thread once per process from
  /// its first use, by `plan()` or `confirmUpToDate()`: both look fonts up only after reading
  /// the specs or the stamp. (fontconfig registers nothing to run at exit, so a process may end
  /// while it loads.)
  private static let systemFonts = Background { FontRegistry.shared.loadSystemFonts() }

  /// Checks and plans from a new snapshot, having first taken the inputs' text for the
  /// build's stamp from it.
  public func plan() -> Plan {
    // Loading while the specs are read. The check's font look-ups wait for it, and `plan()`
    // returns once it is loaded: drawing asks fontconfig through Pango, which would load it again.
    let systemFonts = Self.systemFonts
    defer { systemFonts.wait() }
    let files = InputFiles(reader: reader)
    let text = InputStamp.text(of: inputs(files: files))
    var plan = plan(check(files: files))
    plan.inputsText = text
    return plan
  }

  /// The jobs of `checked` in the configured formats, with what the drawing libraries find
  /// laying out each state (files that do not decode, labels that do not fit): every problem at
  /// once. No jobs when anything is an error. A build of this plan records no stamp (use
  /// `plan()` for that).
  public func plan(_ checked: CheckedSpecs) -> Plan {
    var diagnostics = checked.diagnostics
    let reported = Set(diagnostics.all.filter { $0.severity == .error }.map(\.location))
    let renderer = Renderer(compression: compression, files: checked.files)
    var localizer: Localizer?
    if let locales = configuration.locales {
      let loader = StringTableLoader(
        finder: configuration.finder, files: checked.files, developmentLanguage: locales.developmentLanguage)
      localizer = Localizer(settings: locales, tables: loader.load(locales.strings, into: &diagnostics))
    }
    let planned = Planner().plan(
      checked.buttons, formats: configuration.formats, skipping: reported, localizer: localizer)
    diagnostics.formUnion(planned.diagnostics)
    diagnostics.formUnion(
      AssetChecker(renderer: renderer, parallelism: parallelism).check(
        checked.buttons, resolved: planned.states, skipping: reported))
    var plan = Plan(
      jobs: diagnostics.hasErrors ? [] : planned.jobs, diagnostics: diagnostics, fileCount: checked.fileCount,
      renderer: renderer)
    plan.fontFiles = Set(checked.buttons.flatMap { $0.states.compactMap { $0.look.font.file?.url.path } }).sorted()
    return plan
  }

  /// The summary of a build that would change nothing and the warnings to print again, when
  /// the last build's stamp confirms it without checking or planning; `nil`: build as usual.
  /// With `keep` (the build's `--keep`), more versions than that are a change: the build prunes.
  public func confirmUpToDate(keep: Int? = nil) -> (summary: BuildSummary, warnings: [Diagnostic])? {
    _ = Self.systemFonts  // loading while the stamp is read
    let files = InputFiles(reader: reader)
    return builder(Renderer(compression: compression, files: files)).confirmUpToDate(
      inputs(files: files), output: configuration.output, keep: keep)
  }

  /// Renders what the cache lacks (taking what the remote cache has, when there is one) and
  /// publishes a new version when anything changed, recording a stamp of the inputs and the
  /// plan's warnings. With `shard`, draws and uploads only that part of the missing images and
  /// publishes nothing. A `survey` of the output made while planning spares inspecting it again.
  /// Passed without another reference to it (`consume plan`), the plan's jobs are freed once they
  /// are published.
  public func build(
    _ plan: consuming Plan, parallelism: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false,
    keep: Int = 5,
    shard: Shard? = nil, survey: StoreSurvey? = nil, progress: BuildProgress
  ) throws -> (summary: BuildSummary?, diagnostics: Diagnostics) {
    var options = BuildOptions(output: configuration.output, parallelism: parallelism, force: force, keep: keep)
    options.remote = configuration.remoteCache
    options.shard = shard
    options.survey = survey
    if shard != nil, configuration.remoteCache?.upload != true {
      throw StoreError.shardWithoutUpload
    }
    let jobs = plan.jobs
    plan.jobs = []
    return try builder(plan.renderer).build(
      consume jobs, options: options, progress: progress, inputsText: shard == nil ? plan.inputsText : nil,
      warnings: plan.warnings, fontFiles: plan.fontFiles)
  }

  /// Starts loading the remote cache's HTTP client on another thread, when there is a remote
  /// cache, so that it is ready by the time `build` asks the remote: call it before `plan()`,
  /// and `wait()` for it before the process exits, whichever way it exits (a library still
  /// initializing while the process runs its exit handlers could crash it).
  public func prepareRemoteCache() -> RemoteCachePreparation? {
    configuration.remoteCache == nil ? nil : RemoteCachePreparation(loaded: HTTPTransfers.startLoading())
  }

  /// Starts inspecting the output directory on another thread, for `build` to take in place of
  /// its own inspection: call it before `plan()`.
  public func surveyOutput() -> StoreSurvey {
    StoreSurvey(root: configuration.output)
  }

  /// What `build --check` lists: the files of `current` that differ from what `plan` produces,
  /// and the number of the version compared (0: none).
  public func checkOutput(_ plan: Plan) throws -> (stale: [StaleAsset], diagnostics: Diagnostics, version: Int) {
    try builder(plan.renderer).check(plan.jobs, output: configuration.output)
  }

  /// Each job's key, pixel size and whether a build would take it from the cache, for `plan`.
  /// A build the stamp confirms draws nothing, whatever the cache lacks (an object deleted by
  /// hand, whose image `current` still holds): its jobs are all cached.
  public func statuses(_ plan: Plan) throws -> (statuses: [JobStatus], diagnostics: Diagnostics) {
    try builder(plan.renderer).statuses(plan.jobs, output: configuration.output, upToDate: confirmUpToDate() != nil)
  }

  /// A builder drawing with `renderer` and writing the generated files the formats need.
  private func builder(_ renderer: Renderer) -> Builder {
    let swift = configuration.formats.contains(.swift) ? configuration.swift : nil
    return Builder(
      renderer: renderer,
      generated: GeneratedFiles(
        swift: swift, developmentLanguage: configuration.locales?.developmentLanguage,
        catalog: configuration.formats.contains(.xcassets)))
  }
}

/// The remote cache's HTTP client, loading on another thread (`Project.prepareRemoteCache()`).
public struct RemoteCachePreparation: @unchecked Sendable {
  let loaded: Background<Void>

  /// Returns once the client is loaded, or failed to load.
  public func wait() {
    loaded.wait()
  }
}

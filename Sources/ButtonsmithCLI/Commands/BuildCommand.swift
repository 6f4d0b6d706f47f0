import ArgumentParser
import ButtonSpec
import ButtonsmithKit
import Foundation

/// `buttonsmith build`: renders what changed and publishes a new version of the assets.
struct BuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Render the specs into a versioned asset directory, reusing every unchanged image."
  )

  @OptionGroup var specs: SpecOptions
  @OptionGroup var outputOptions: OutputOptions

  @Option(
    help: "Output formats, comma-separated: files, xcassets, android, swift (default: the project file's, or files).")
  var format: String?

  // Numbers are taken unconditionally, so that `-j -3` is refused as a number out of range, not as
  // a missing value.
  @Option(
    name: [.customShort("j", allowingJoined: true), .customLong("jobs")], parsing: .unconditional,
    help: "Renders at once (default: the number of cores).")
  var jobs: Int?

  /// Renders at once: `-j`, or one per core.
  var parallelism: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

  @Flag(help: "Render every image, even those the cache holds.")
  var force = false

  @Option(parsing: .unconditional, help: "Versions to keep; older ones and the objects only they use are removed.")
  var keep = 5

  @Flag(help: "Render nothing; exit 1 and list what is stale or missing when the output is out of date.")
  var check = false

  @Option(help: "The team's shared cache, an HTTP server in Bazel's layout (default: the project file's).")
  var remoteCache: String?

  @Flag(help: "Upload what this build draws to the remote cache (CI); without it the remote is only read.")
  var remoteCacheUpload = false

  @Option(help: "Draw and upload only part I of N of the missing images, and publish nothing: I/N.")
  var shard: String?

  @Option(
    help:
      "Write buttonsmith-inputs.xcfilelist and buttonsmith-outputs.xcfilelist into this directory, for an Xcode Run Script phase."
  )
  var xcfilelists: String?

  @Option(
    help:
      "The directory Xcode's $(SRCROOT) stands for in the file lists (default: $SRCROOT, which Xcode sets for a Run Script phase, else the project's root)."
  )
  var srcroot: String?

  @Option(help: "Also copy the current version's files into this directory, replacing what an earlier copy wrote.")
  var export: String?

  @Option(help: "With --export, write the swift format's file here instead of into the export directory.")
  var exportSwift: String?

  @Flag(help: "Print errors only.")
  var quiet = false

  @Flag(help: "Print the summary as one JSON object on stdout.")
  var json = false

  func validate() throws {
    guard (1...BuildOptions.maximumParallelism).contains(parallelism) else {
      throw ValidationError("-j must be 1...\(BuildOptions.maximumParallelism)")
    }
    guard keep >= 1 else { throw ValidationError("--keep must be at least 1") }
    if let shard, Shard(shard) == nil { throw ValidationError("--shard takes I/N with 1 <= I <= N, such as 2/4") }
    if let remoteCache, !ProjectFile.isHTTPURL(remoteCache) {
      throw ValidationError("--remote-cache takes an http or https URL, such as http://cache:8080/buttons")
    }
    if let remoteCache, let problem = ProjectFile.remoteCacheURLProblem(remoteCache) {
      throw ValidationError("--remote-cache: \(problem)")
    }
    if shard != nil, check { throw ValidationError("--shard and --check do not go together") }
    if xcfilelists != nil, check || shard != nil {
      throw ValidationError("--xcfilelists describes a published build; it does not go with --check or --shard")
    }
    if xcfilelists == "" { throw ValidationError("--xcfilelists must name a directory") }
    try EmptyPathOptions.check([("--srcroot", srcroot)])
    if export != nil || exportSwift != nil, check || shard != nil {
      throw ValidationError("--export copies a published build; it does not go with --check or --shard")
    }
    if export == "" || exportSwift == "" { throw ValidationError("--export and --export-swift must name a path") }
    if exportSwift != nil, export == nil { throw ValidationError("--export-swift goes with --export DIR") }
    try OutputFormat.validate(format)
  }

  func run() throws {
    try specs.enterDirectory()
    let started = Date()
    var reporter = CommandReporter(quiet: quiet)
    let configuration = try reporter.project(
      specs, output: outputOptions.output, formats: format.flatMap { try? OutputFormat.parse($0).get() },
      remoteCacheURL: remoteCache.flatMap(URL.init(string:)), remoteCacheUpload: remoteCacheUpload ? true : nil)
    // The command line asks for what the configuration cannot give: a usage error.
    if remoteCacheUpload, configuration.remoteCache == nil {
      throw ValidationError(
        "--remote-cache-upload needs a remote cache: --remote-cache URL, or 'remote-cache: {url: …}' in buttonsmith.yml"
      )
    }
    if shard != nil, configuration.remoteCache?.upload != true {
      throw ValidationError("\(StoreError.shardWithoutUpload)")
    }
    try checkFileListsDirectory(configuration)
    try checkExport(configuration, reporter: reporter)
    var project = Project(configuration: configuration)
    project.parallelism = parallelism
    let shownOutput = outputOptions.display(configuration)
    // File lists name every file the plan read, so a build that writes them always plans.
    if !check, !force, shard == nil, xcfilelists == nil, let (summary, warnings) = project.confirmUpToDate(keep: keep) {
      reporter.report(warnings)
      try exportVersion(configuration, reporter: reporter)
      try printSummary(summary, output: shownOutput, remote: configuration.remoteCache != nil)
      return
    }
    let preparation = check ? nil : project.prepareRemoteCache()
    defer { preparation?.wait() }
    let survey = check ? nil : project.surveyOutput()
    let plan = project.plan()
    reporter.report(plan.diagnostics)
    if plan.hasErrors { throw ExitCode(1) }
    if check {
      let stale: [StaleAsset]
      let diagnostics: Diagnostics
      let version: Int
      do {
        (stale, diagnostics, version) = try project.checkOutput(plan)
      } catch {
        reporter.error(ErrorText.describe(error))
        throw ExitCode(1)
      }
      reporter.report(diagnostics)
      if diagnostics.hasErrors { throw ExitCode(1) }
      try reportCheck(
        stale, assets: plan.jobs.count, version: version, seconds: Date().timeIntervalSince(started))
      return
    }
    let progress = ProgressBar(enabled: !quiet && !json && Terminal.standardError.supportsCursorControl, quiet: quiet)
    let result: (summary: BuildSummary?, diagnostics: Diagnostics)
    // Kept for the file lists only: otherwise the build frees the plan's jobs once it has
    // published them.
    let listedPlan = xcfilelists == nil ? nil : plan
    do {
      result = try project.build(
        consume plan, parallelism: parallelism, force: force, keep: keep, shard: shard.flatMap(Shard.init),
        survey: survey,
        progress: progress)
    } catch {
      progress.finish()
      reporter.error(ErrorText.describe(error))
      throw ExitCode(1)
    }
    progress.finish()
    reporter.report(result.diagnostics)
    guard let summary = result.summary, !result.diagnostics.hasErrors else { throw ExitCode(1) }
    if let problems = summary.remoteProblems, let remote = configuration.remoteCache {
      reporter.warning("remote cache \(Self.shown(remote.url)): \(problems)")
    }
    for problem in summary.unsavedRecords { reporter.warning(problem) }
    for kept in summary.keptVersions {
      reporter.warning(
        "'\(shownOutput)/\(kept.path)' \(kept.reason): version \(kept.version) is kept past --keep \(keep), "
          + "and pruned once it holds only what Buttonsmith wrote")
    }
    try exportVersion(configuration, reporter: reporter)
    if let listedPlan { try writeFileLists(of: project, plan: listedPlan, reporter: reporter) }
    try printSummary(summary, output: shownOutput, remote: configuration.remoteCache != nil)
  }

  /// Refuses, before anything is built, an export the build could not make: `--export-swift`
  /// without the swift format, or a folder or file inside an output directory.
  private func checkExport(_ configuration: ProjectConfiguration, reporter: CommandReporter) throws {
    guard let export else { return }
    if exportSwift != nil, !configuration.formats.contains(.swift) {
      reporter.error("--export-swift needs the swift format: add it to --format or the project file's formats")
      throw ExitCode(1)
    }
    do {
      try AssetExport(output: configuration.output).checkPlacement(
        of: exportURL(export), swiftFile: exportSwift.map(exportURL))
    } catch {
      reporter.error("cannot export into '\(export)': \(ErrorText.describe(error))")
      throw ExitCode(1)
    }
  }

  /// `--export DIR [--export-swift FILE]`: copies `current` out of the store.
  private func exportVersion(_ configuration: ProjectConfiguration, reporter: CommandReporter) throws {
    guard let export else { return }
    do {
      _ = try AssetExport(output: configuration.output).export(
        to: exportURL(export), swiftFile: exportSwift.map(exportURL), swiftFileName: configuration.swift.fileName
      ) { reporter.waitingForOutput(configuration.output) }
    } catch {
      reporter.error("cannot export into '\(export)': \(ErrorText.describe(error))")
      throw ExitCode(1)
    }
  }

  /// An export path as given, from the directory the command runs in.
  private func exportURL(_ path: String) -> URL {
    URL(literalPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
      .standardizedFileURL
  }
}

/// The output directory option shared by `build` and `plan`.
struct OutputOptions: ParsableArguments {
  @Option(name: .short, help: "The output directory (default: the project file's output, or build/assets).")
  var output: String?

  /// The output directory as messages show it: as given, or from the working directory.
  func display(_ project: ProjectConfiguration) -> String {
    output ?? ShownPaths.path(project.output)
  }

  func validate() throws {
    guard output != "" else { throw ValidationError("-o must name a directory; it is empty") }
  }
}

extension OutputFormat {
  /// Throws a usage error for a `--format` list naming an unknown format.
  static func validate(_ list: String?) throws {
    guard let list else { return }
    switch parse(list) {
    case .failure(let unknown):
      let available = allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("unknown format '\(unknown.name)'; available: \(available)")
    case .success(let formats) where !formats.contains(where: \.hasImages):
      throw ValidationError(noImagesMessage)
    case .success:
      return
    }
  }
}

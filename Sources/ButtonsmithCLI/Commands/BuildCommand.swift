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

  @Option(help: "Output formats, comma-separated: files, xcassets, android.")
  var format = "files"

  @Option(name: .customShort("j"), help: "Renders at once (default: the number of cores).")
  var parallelism: Int = ProcessInfo.processInfo.activeProcessorCount

  @Flag(help: "Render every image, even those the cache holds.")
  var force = false

  @Option(help: "Versions to keep; older ones and the objects only they use are removed.")
  var keep = 5

  @Flag(help: "Render nothing; exit 1 and list what is stale or missing when the output is out of date.")
  var check = false

  @Flag(help: "Print errors only.")
  var quiet = false

  @Flag(help: "Print the summary as one JSON object on stdout.")
  var json = false

  func validate() throws {
    guard (1...BuildOptions.maximumParallelism).contains(parallelism) else {
      throw ValidationError("-j must be 1...\(BuildOptions.maximumParallelism)")
    }
    guard keep >= 1 else { throw ValidationError("--keep must be at least 1") }
    if case .failure(let unknown) = OutputFormat.parse(format) {
      let available = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("unknown format '\(unknown.name)'; available: \(available)")
    }
  }

  func run() throws {
    let reporter = CommandReporter(quiet: quiet)
    let formats = (try? OutputFormat.parse(format).get()) ?? [.files]
    let output = outputOptions.url
    let inputs = InputStamp.Inputs(
      paths: specs.specPaths, templateDirectories: specs.resolvedTemplateDirectories, formats: formats)
    if !check, !force, let summary = Builder().confirmUpToDate(inputs, output: output) {
      try printSummary(summary)
      return
    }
    guard let (jobs, clean) = reporter.plan(specs.check(), formats: formats) else { throw ExitCode(1) }
    if check {
      let stale: [StaleAsset]
      let diagnostics: Diagnostics
      do {
        (stale, diagnostics) = try Builder().check(jobs, output: output)
      } catch {
        reporter.error("\(error)")
        throw ExitCode(1)
      }
      reporter.report(diagnostics)
      if diagnostics.hasErrors { throw ExitCode(1) }
      try reportCheck(stale, assets: jobs.count, output: output)
      return
    }
    let progress = ProgressBar(enabled: !quiet && !json && Terminal.standardError.isInteractive)
    let options = BuildOptions(output: output, parallelism: parallelism, force: force, keep: keep)
    let result: (summary: BuildSummary?, diagnostics: Diagnostics)
    do {
      result = try Builder().build(jobs, options: options, progress: progress, inputs: clean ? inputs : nil)
    } catch {
      progress.finish()
      reporter.error("\(error)")
      throw ExitCode(1)
    }
    progress.finish()
    reporter.report(result.diagnostics)
    guard let summary = result.summary, !result.diagnostics.hasErrors else { throw ExitCode(1) }
    try printSummary(summary)
  }

  private func printSummary(_ summary: BuildSummary) throws {
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      print(String(decoding: try encoder.encode(summary), as: UTF8.self))
    } else if !quiet {
      print(Self.summaryLine(summary, output: outputOptions.path))
    }
  }

  static func summaryLine(_ summary: BuildSummary, output: String) -> String {
    let seconds = String(format: "%.2f s", summary.seconds)
    let place = "\(output)/versions/v\(summary.version)"
    if !summary.newVersion {
      return "build: everything is up to date: \(summary.assets) assets, \(summary.rendered) rendered, "
        + "\(summary.reused) reused from cache, 0 written in \(seconds) -> \(place)"
    }
    return "build: \(summary.assets) assets, \(summary.rendered) rendered, \(summary.reused) reused from cache, "
      + "\(summary.written) written in \(seconds) -> \(place)"
  }

  private func reportCheck(_ stale: [StaleAsset], assets: Int, output: URL) throws {
    if stale.isEmpty {
      if !quiet { print("build --check: up to date (\(assets) assets)") }
      return
    }
    for item in stale { print(item) }
    FileHandle.standardError.write(
      Data("build --check: \(stale.count) of the output out of date; run `buttonsmith build`\n".utf8))
    throw ExitCode(1)
  }
}

/// The output directory option shared by `build` and `plan`.
struct OutputOptions: ParsableArguments {
  @Option(name: .short, help: "The output directory (default: build/assets).")
  var output = "build/assets"

  var path: String { output }
  var url: URL { URL(fileURLWithPath: output) }

  func validate() throws {
    guard !output.isEmpty else { throw ValidationError("-o must name a directory; it is empty") }
  }
}

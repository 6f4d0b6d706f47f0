import ArgumentParser
import ButtonSpec
import ButtonsmithKit
import Foundation

/// `buttonsmith plan`: prints every job `build` would run and whether the cache has it.
struct PlanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan",
    abstract: "Print every image build would produce: asset, state, scale, appearance, path, size, cache status."
  )

  @OptionGroup var specs: SpecOptions
  @OptionGroup var outputOptions: OutputOptions

  @Option(help: "Output formats, comma-separated, as for build (default: the project file's, or files).")
  var format: String?

  @Flag(help: "Print a JSON array.")
  var json = false

  func validate() throws {
    try OutputFormat.validate(format)
  }

  struct Row: Encodable {
    var asset: String
    var state: String
    var scale: Double
    var appearance: String
    var frame: Int?
    /// The language of a localized button's image.
    var locale: String?
    var format: String
    var path: String
    var width: Int
    var height: Int
    var key: String
    var status: String
  }

  func run() throws {
    try specs.enterDirectory()
    var reporter = CommandReporter(quiet: false)
    let project = Project(
      configuration: try reporter.project(
        specs, output: outputOptions.output, formats: format.flatMap { try? OutputFormat.parse($0).get() }))
    let plan = project.plan()
    reporter.report(plan.diagnostics)
    if plan.hasErrors { throw ExitCode(1) }
    let statuses: [JobStatus]
    let diagnostics: Diagnostics
    do {
      (statuses, diagnostics) = try project.statuses(plan)
    } catch {
      reporter.error(ErrorText.describe(error))
      throw ExitCode(1)
    }
    reporter.report(diagnostics)
    if diagnostics.hasErrors { throw ExitCode(1) }
    let rows = statuses.map { status in
      let job = status.planned.job
      return Row(
        asset: job.button, state: job.state.rawValue, scale: job.scale, appearance: job.appearance.rawValue,
        frame: job.frame, locale: job.locale, format: status.planned.format.rawValue, path: status.planned.path,
        width: status.width,
        height: status.height, key: status.key,
        status: status.cached ? "cached" : "render")
    }
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      print(String(decoding: try encoder.encode(rows), as: UTF8.self))
      return
    }
    for row in rows {
      let scale = "@\(formatScale(row.scale))x"
      print(
        [row.asset, row.state, scale, row.appearance, row.path, "\(row.width)x\(row.height)", row.status]
          .joined(separator: "\t"))
    }
    let cached = rows.count { $0.status == "cached" }
    StandardStreams.error("plan: \(rows.count) images, \(cached) cached, \(rows.count - cached) to render\n")
  }
}

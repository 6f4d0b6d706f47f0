import ArgumentParser
import ButtonSpec
import ButtonsmithKit
import Foundation

/// `buttonsmith report`: a review page of the current version, optionally compared with another.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Write a self-contained review page of the current version: DIR/index.html and DIR/report.json."
  )

  @Option(name: .short, help: "The page's directory (default: build/report in the project).")
  var output: String?

  @Option(help: "Compare with this version: a number, previous, or another output directory.")
  var compare: String?

  @Flag(help: "Copy the images beside the page instead of referring to them in the version.")
  var copy = false

  @Option(help: "The output directory holding the versions (default: the project file's output).")
  var assets: String?

  @Option(name: .customLong("config"), help: "The project file (default: the nearest buttonsmith.yml).")
  var configFile: String?

  func validate() throws {
    try EmptyPathOptions.check([("-o", output), ("--compare", compare), ("--assets", assets), ("--config", configFile)])
  }

  func run() throws {
    var reporter = CommandReporter(quiet: false)
    let configuration = try reporter.project(configFile: configFile, output: assets)
    let target =
      output.map { URL(literalPath: $0) } ?? configuration.root.appendingPathComponent("build/report")
    try reporter.refuseInside(configuration.output, target, given: output, what: "the report's default folder")
    let data: ReviewReport.Data
    do {
      let current = try PublishedVersion.find("current", in: configuration.output)
      let old = try compare.map { try PublishedVersion.find($0, in: configuration.output) }
      data = try ReviewReport(version: current, comparedWith: old, copy: copy).write(to: target)
    } catch let error as PublishedVersion.NotFound {
      reporter.error("\(error)")
      throw ExitCode(2)
    } catch let error as StoreError {
      reporter.error("\(error)")
      throw ExitCode(2)
    } catch {
      reporter.error("cannot write the report into '\(target.path)': \(ErrorText.describe(error))")
      throw ExitCode(1)
    }
    let shown = output ?? ShownPaths.path(target)
    print("report: \(data.images.count) images -> \(shown)/index.html")
  }
}

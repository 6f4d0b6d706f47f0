import ArgumentParser
import ButtonSpec
import ButtonsmithKit
import Foundation

/// `buttonsmith diff OLD [NEW]`: which images changed between two versions, for a pull request.
struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "List the images that changed, were added or were removed between two versions (exit 1 when any).",
    discussion: """
      OLD and NEW are a version number (3), previous (the version before current), current (the \
      default for NEW), or another output directory (its current version).
      """
  )

  @Argument(help: "The older version: a number, previous, current, or another output directory.")
  var old: String

  @Argument(help: "The newer version.")
  var new: String = "current"

  @Option(name: .short, help: "The output directory (default: the project file's output, or build/assets).")
  var output: String?

  @Option(name: .customLong("config"), help: "The project file (default: the nearest buttonsmith.yml).")
  var configFile: String?

  @Flag(help: "Print the comparison as one JSON object on stdout.")
  var json = false

  func validate() throws {
    try EmptyPathOptions.check([("OLD", old), ("NEW", new), ("-o", output), ("--config", configFile)])
  }

  func run() throws {
    var reporter = CommandReporter(quiet: false)
    // Exit 1 means "images changed": a project file that cannot be used is a usage error.
    guard let configuration = try? reporter.project(configFile: configFile, output: output) else { throw ExitCode(2) }
    let comparison: VersionComparison
    do {
      comparison = try VersionComparison.compare(
        PublishedVersion.find(old, in: configuration.output), PublishedVersion.find(new, in: configuration.output))
    } catch {
      reporter.error(ErrorText.describe(error))
      throw ExitCode(2)
    }
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      print(String(decoding: try encoder.encode(comparison), as: UTF8.self))
    } else {
      for change in comparison.changed {
        let size =
          change.oldSize == change.newSize
          ? "" : ", \(change.oldSize[0])x\(change.oldSize[1]) -> \(change.newSize[0])x\(change.newSize[1])"
        print("changed: \(change.path) (\(change.pixels) pixels differ\(size))")
      }
      for path in comparison.added { print("added: \(path)") }
      for path in comparison.removed { print("removed: \(path)") }
      print(
        "diff: \(comparison.old) -> \(comparison.new): \(comparison.changed.count) changed, "
          + "\(comparison.added.count) added, \(comparison.removed.count) removed, \(comparison.unchanged) unchanged")
    }
    if !comparison.isEmpty { throw ExitCode(1) }
  }
}

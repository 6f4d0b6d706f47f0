import ArgumentParser
import ButtonSpec
import ButtonsmithKit
import Foundation

/// The inputs every command reads: the project file, spec paths and template directories.
struct SpecOptions: ParsableArguments {
  @Argument(help: "Spec files or directories, searched recursively (default: the project file's specs, or specs).")
  var paths: [String] = []

  @Option(
    name: .customLong("templates"),
    help: "A directory of templates; repeatable (default: the project file's, or templates when it exists).")
  var templateDirectories: [String] = []

  @Option(name: .customLong("config"), help: "The project file (default: the nearest buttonsmith.yml).")
  var configFile: String?

  @Flag(name: .customLong("no-config"), help: "Read no project file: the defaults and these options only.")
  var noConfig = false

  @Option(
    name: [.customShort("C"), .customLong("directory")],
    help: "Run as if started in this directory, as git -C and make -C do.")
  var directory: String?

  func validate() throws {
    if noConfig, configFile != nil { throw ValidationError("--config and --no-config do not go together") }
    try EmptyPathOptions.check(
      [("--config", configFile), ("--directory", directory)] + templateDirectories.map { ("--templates", $0) }
        + paths.map { ("PATH", $0) })
  }

  /// Moves the process into `directory`, when one is given, before anything reads a path: every
  /// relative path of the command line, the search for the project file and the names of spec
  /// files in diagnostics and in the manifest are then taken from there. (A tool that starts
  /// the command in whatever directory it happens to be in, such as a SwiftPM build plugin,
  /// gets the same names from every build.)
  func enterDirectory() throws {
    guard let directory else { return }
    guard chdir(directory) == 0 else {
      throw ValidationError("cannot enter directory '\(directory)': \(String(cString: strerror(errno)))")
    }
  }

  /// The project's configuration with this command line's values on top; `nil` after the
  /// project file's problems were added to `diagnostics` (with `despiteErrors`, only when
  /// nothing could be read of it).
  func project(
    output: String? = nil, formats: [OutputFormat]? = nil, remoteCacheURL: URL? = nil, remoteCacheUpload: Bool? = nil,
    despiteErrors: Bool = false, into diagnostics: inout Diagnostics
  ) -> ProjectConfiguration? {
    let overrides = ProjectConfiguration.Overrides(
      specPaths: paths.isEmpty ? nil : paths,
      templateDirectories: templateDirectories.isEmpty ? nil : templateDirectories,
      output: output, formats: formats, remoteCacheURL: remoteCacheURL, remoteCacheUpload: remoteCacheUpload)
    let (configuration, problems) = ProjectConfiguration.load(
      configFile: configFile, findsProjectFile: !noConfig, overrides: overrides, despiteErrors: despiteErrors)
    diagnostics.formUnion(problems)
    return configuration
  }
}

import ArgumentParser
import ButtonSpec
import ButtonsmithKit
import Foundation

/// The inputs every command reads: spec paths and template directories.
struct SpecOptions: ParsableArguments {
  @Argument(help: "Spec files or directories, searched recursively (default: specs).")
  var paths: [String] = []

  @Option(
    name: .customLong("templates"), help: "A directory of templates; repeatable (default: templates when it exists).")
  var templateDirectories: [String] = []

  /// The paths to read.
  var specPaths: [String] { paths.isEmpty ? ["specs"] : paths }

  /// The template directories to read: the given ones, or `templates/` when it exists.
  var resolvedTemplateDirectories: [String] {
    if !templateDirectories.isEmpty { return templateDirectories }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: "templates", isDirectory: &isDirectory), isDirectory.boolValue {
      return ["templates"]
    }
    return []
  }

  /// Loads, resolves and validates the specs, then checks files and text through the drawing libraries.
  func check() -> CheckedSpecs {
    ProjectChecker(loader: SpecLoader(templateDirectories: resolvedTemplateDirectories)).check(paths: specPaths)
  }
}

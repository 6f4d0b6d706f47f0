import ArgumentParser
import ButtonsmithKit
import Foundation

/// `build --xcfilelists DIR`: the Xcode file lists of the build just published.
extension BuildCommand {
  /// A usage error when the file lists would go inside the output directory, whose versions
  /// nothing but a build may change (`--export` is refused there likewise).
  func checkFileListsDirectory(_ configuration: ProjectConfiguration) throws {
    guard let xcfilelists else { return }
    let directory = URL(literalPath: xcfilelists).standardizedFileURL
    let own = AssetStore(root: configuration.output)
    if let store = own.storeHolding(directory) {
      let which =
        store == own.root ? "the output directory" : "the output directory '\(ShownPaths.path(store))'"
      throw ValidationError("--xcfilelists '\(xcfilelists)' is inside \(which), whose versions only a build may change")
    }
  }

  /// Writes the lists: inputs as `plan` read them, outputs as published and, with `--export`,
  /// as exported. `$(SRCROOT)` is `--srcroot`, else the `SRCROOT` Xcode gives a Run Script
  /// phase, else the project's root.
  func writeFileLists(of project: Project, plan: Project.Plan, reporter: CommandReporter) throws {
    guard let xcfilelists else { return }
    let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let environmentRoot = ProcessInfo.processInfo.environment["SRCROOT"].flatMap { $0.isEmpty ? nil : $0 }
    let root =
      (srcroot ?? environmentRoot).map { URL(literalPath: $0, relativeTo: workingDirectory) }
      ?? project.configuration.root
    let exportURL = export.map { URL(literalPath: $0, relativeTo: workingDirectory) }
    let listsURL = URL(literalPath: xcfilelists, relativeTo: workingDirectory)
    let outputs = project.outputFiles(
      export: exportURL, swiftFile: exportSwift.map { URL(literalPath: $0, relativeTo: workingDirectory) })
    let inputs = project.inputFiles(
      of: plan, writtenFiles: XcodeFileLists.files(in: listsURL) + outputs,
      writtenInto: [listsURL] + (exportURL.map { [$0] } ?? []))
    for file in XcodeFileLists.unlistable(inputs + outputs) {
      reporter.warning(
        "'\(file.path)' cannot be named in an Xcode file list (a line break in its name, or "
          + "white space at its end), so Xcode will not see it change; rename it")
    }
    do {
      try XcodeFileLists(sourceRoot: root).write(inputs: inputs, outputs: outputs, to: listsURL)
    } catch {
      reporter.error("cannot write the file lists into '\(xcfilelists)': \(ErrorText.describe(error))")
      throw ExitCode(1)
    }
  }
}

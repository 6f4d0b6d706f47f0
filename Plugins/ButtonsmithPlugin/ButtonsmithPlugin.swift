import Foundation
import PackagePlugin

/// Renders the button specs a target keeps in its sources into resources of that target, with
/// the generated Swift (`Buttonsmith+Generated.swift`) compiled into it.
///
/// The target holds a `specs/` folder (and optionally a `buttonsmith.yml`, whose settings
/// apply). The images, in the `files` layout, become the resource folder `Buttonsmith`:
/// `Bundle.module.url(forResource: "Buttonsmith", withExtension: nil)`. A build tool's outputs
/// must be named before it runs, and the images depend on the specs' contents, so the images'
/// output SwiftPM is given is that folder (it copies the whole tree, whatever it holds), beside
/// the generated Swift file.
///
/// Inputs are every file of the target that is not Swift (specs, templates, string tables,
/// images, fonts), and every file the last run read from outside the target (fonts elsewhere,
/// the system fonts labels are drawn with), so SwiftPM runs the tool exactly when one changes.
@main
struct ButtonsmithPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target.sourceModule else { return [] }
    let directory = module.directoryURL
    let fileManager = FileManager.default
    let projectFile = ["buttonsmith.yml", ".buttonsmith.yml"].map { directory.appending(path: $0) }
      .first { fileManager.fileExists(atPath: $0.path) }
    let specs = directory.appending(path: "specs")
    guard projectFile != nil || fileManager.fileExists(atPath: specs.path) else {
      Diagnostics.warning("\(target.name) has no specs/ folder and no buttonsmith.yml; Buttonsmith has nothing to build")
      return []
    }
    let work = context.pluginWorkDirectoryURL
    let resources = work.appending(path: "Buttonsmith")
    // Named apart from the target's own files: a `Buttons.swift` of the target's would be a
    // second file of that name in the module, which the compiler refuses.
    let swiftFile = work.appending(path: "Buttonsmith+Generated.swift")
    var arguments = [
      "build", "-o", work.appending(path: "store").path, "--format", "files,swift",
      "--export", resources.path, "--export-swift", swiftFile.path,
      "--xcfilelists", work.path, "--srcroot", directory.path,
    ]
    if let projectFile {
      // Started in the target's folder, as without a project file: SwiftPM starts a command in
      // no set directory, and diagnostics name files from the working directory.
      arguments += ["-C", directory.path, "--config", projectFile.path]
    } else {
      // No project file: the target's folders alone, never a project file of the package around it,
      // named from the target's folder as its own project file would name them. (SwiftPM starts
      // the command in no set directory: names taken from there would differ between builds.)
      arguments += ["-C", directory.path, "--no-config", "specs"]
      if fileManager.fileExists(atPath: directory.appending(path: "templates").path) {
        arguments += ["--templates", "templates"]
      }
    }
    return [
      .buildCommand(
        displayName: "Buttonsmith: drawing the buttons of \(target.name)",
        executable: try context.tool(named: "buttonsmith").url,
        arguments: arguments,
        inputFiles: inputs(
          of: module, projectFile: projectFile, readBefore: work.appending(path: "buttonsmith-inputs.xcfilelist")),
        outputFiles: [resources, swiftFile])
    ]
  }

  /// The target's files that are not Swift, its project file (a `.buttonsmith.yml`, hidden, is
  /// not among them), and the existing files the last run listed.
  private func inputs(of module: SourceModuleTarget, projectFile: URL?, readBefore list: URL) -> [URL] {
    var inputs = module.sourceFiles.filter { $0.type != .source }.map(\.url) + (projectFile.map { [$0] } ?? [])
    let root = module.directoryURL.path
    if let text = try? String(contentsOf: list, encoding: .utf8) {
      for line in text.split(separator: "\n") {
        // As Xcode reads a line: `$(SRCROOT)` at its start, and `$$` for a `$` of a name.
        let rest = line.hasPrefix("$(SRCROOT)") ? line.dropFirst("$(SRCROOT)".count) : line
        let path = (line.count == rest.count ? "" : root) + rest.replacingOccurrences(of: "$$", with: "$")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
          inputs.append(URL(fileURLWithPath: path))
        }
      }
    }
    var seen = Set<String>()
    return inputs.filter { seen.insert($0.standardizedFileURL.path).inserted }
  }
}

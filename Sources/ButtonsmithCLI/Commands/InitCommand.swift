import ArgumentParser
import ButtonSpec
import Foundation

/// `buttonsmith init`: a commented starter project file and one example spec, in the working
/// directory; nothing else, and never over an existing file.
struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Write a starter buttonsmith.yml and specs/example.yaml into the current directory."
  )

  static let projectFile = """
    # Buttonsmith's project file. Every command run in this directory or below it reads it, so
    # `buttonsmith build` gives the same result from anywhere in the project. Paths are relative
    # to this file; command-line options override these settings.
    buttonsmith: 1

    # Spec files or directories, searched recursively for *.yaml and *.yml.
    specs: [specs]

    # Directories of templates that buttons name with `extends:`. The built-in templates (mask,
    # reversed, stateful, glass, maskable, shaped) are always available.
    # templates: [templates]

    # Where versions are published: point the app at <output>/current.
    output: build/assets

    # What each version holds: files (asset/state@2x.png), xcassets (an Xcode asset catalog,
    # Buttons.xcassets), android (res/drawable-*) and swift (Buttons.swift: each button's images
    # per state, for UIKit and SwiftUI).
    formats: [files]

    # The swift format's enum (and file) name, and whether it is public.
    # swift: { name: Buttons, access: internal }

    """

  static let exampleSpec = """
    # An example button: `buttonsmith build` draws it in every state at @1x, @2x and @3x.
    # The format is described in docs/spec-format.md of Buttonsmith.
    buttonsmith: 1
    palette:
      Brand: { light: "#FF5E3A", dark: "#FF7A5C" }
    buttons:
      checkout:
        extends: stateful            # a built-in template: gradients per state, shadow, spinner
        size: [200, 44]
        text: Check out
        gradient: { colors: [$Brand, "#C2185B"], angle: -90 }
        states:
          loading: { text: Paying…, spinner: { frames: 8 } }

    """

  @Option(
    name: .customLong("config"),
    help: "The project file to write (default: buttonsmith.yml); the example spec goes beside it.")
  var configFile: String?

  func validate() throws {
    if let configFile, configFile.isEmpty || configFile.hasSuffix("/") {
      throw ValidationError("--config names the project file to write, such as app/buttonsmith.yml")
    }
  }

  func run() throws {
    let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let projectFile = URL(fileURLWithPath: configFile ?? "buttonsmith.yml", relativeTo: workingDirectory)
      .standardizedFileURL
    let directory = projectFile.deletingLastPathComponent()
    let projectName = projectFile.lastPathComponent
    let files = [(projectName, Self.projectFile), ("specs/example.yaml", Self.exampleSpec)]
    var isDirectory: ObjCBool = true
    if FileManager.default.fileExists(
      atPath: directory.appendingPathComponent("specs").path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      FileHandle.standardError.write(Data("error: 'specs' exists and is not a directory; init writes nothing\n".utf8))
      throw ExitCode(1)
    }
    let existing = (Set(ProjectFile.names + [projectName]).sorted() + ["specs/example.yaml"]).filter { name in
      FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
        || (try? FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent(name).path))
          != nil
    }
    guard existing.isEmpty else {
      let names = existing.map { "'\($0)'" }.joined(separator: " and ")
      FileHandle.standardError.write(
        Data(
          "error: \(names) already \(existing.count == 1 ? "exists" : "exist"); init writes nothing over a file\n".utf8)
      )
      throw ExitCode(1)
    }
    for (name, text) in files {
      let url = directory.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      guard FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8)) else {
        FileHandle.standardError.write(Data("error: cannot write '\(name)'\n".utf8))
        throw ExitCode(1)
      }
    }
    let shown = configFile ?? "buttonsmith.yml"
    let folder = (shown as NSString).deletingLastPathComponent
    let specs = folder.isEmpty ? "specs/example.yaml" : "\(folder)/specs/example.yaml"
    let build = configFile == nil || folder.isEmpty ? "buttonsmith build" : "buttonsmith build --config \(shown)"
    let output = ShownPaths.path(directory.appendingPathComponent("build/assets"))
    print("init: wrote \(shown) and \(specs); run `\(build)` to draw them into \(output)")
  }
}

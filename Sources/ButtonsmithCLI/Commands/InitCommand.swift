import ArgumentParser
import ButtonsmithKit
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

    # Labels in several languages: `text: { string: KEY }` in a spec takes its text from these
    # string tables (.xcstrings, LANG.lproj/*.strings, values-LANG/strings.xml); the first
    # language is the development language.
    # locales:
    #   languages: [en, fr, de, ar]
    #   strings: [Localizable.xcstrings]
    #   pseudo: [en-XA, ar-XB]

    # A cache of drawn images shared over HTTP (nginx with WebDAV, bazel-remote): CI uploads,
    # laptops only read. The header, such as a token, is read from the environment variable.
    # remote-cache:
    #   url: https://cache.example.com/buttons
    #   upload: false
    #   header-env: BUTTONSMITH_CACHE_HEADER
    #   timeout: 10

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
        size: [200, 48]              # at least 44 x 44 pt on iOS, 48 x 48 dp on Android
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
    let projectFile = URL(literalPath: configFile ?? "buttonsmith.yml", relativeTo: workingDirectory)
      .standardizedFileURL
    let directory = projectFile.deletingLastPathComponent()
    let projectName = projectFile.lastPathComponent
    if let store = AssetStore.storeHolding(directory) {
      try Self.fail(
        "'\(ShownPaths.path(directory))' is inside the output directory '\(ShownPaths.path(store))', whose versions "
          + "only a build may change; init writes nothing")
    }
    let specs = directory.appendingPathComponent("specs")
    // `specs` is a directory (or a link to one) or nothing at all.
    let specsExist = Self.exists(specs)
    var isDirectory: ObjCBool = false
    if specsExist,
      !FileManager.default.fileExists(atPath: specs.path, isDirectory: &isDirectory) || !isDirectory.boolValue
    {
      try Self.fail("'specs' exists and is not a directory; init writes nothing")
    }
    // Specs already there are left alone: an example beside them could take one of their names.
    let keepsSpecs = specsExist && SpecFinder().specFiles(at: specs.path)?.isEmpty == false
    var files = [(name: projectName, text: Self.projectFile)]
    if !keepsSpecs { files.insert(("specs/example.yaml", Self.exampleSpec), at: 0) }
    // Never over a file, nor beside another project file.
    var places = Set(ProjectFile.names + [projectName]).sorted()
    if !keepsSpecs { places.append("specs/example.yaml") }
    let existing = places.filter { Self.exists(directory.appendingPathComponent($0)) }
    guard existing.isEmpty else {
      let names = existing.map { "'\($0)'" }.joined(separator: " and ")
      try Self.fail("\(names) already \(existing.count == 1 ? "exists" : "exist"); init writes nothing over a file")
    }
    let shadowed = ProjectFile.find(from: directory.deletingLastPathComponent())
    try write(files, into: directory, creatingSpecs: !specsExist)

    let shown = configFile ?? "buttonsmith.yml"
    let folder = (shown as NSString).deletingLastPathComponent
    let build =
      folder.isEmpty && ProjectFile.names.contains(projectName)
      ? "buttonsmith build" : "buttonsmith build --config \(shown)"
    let output = ShownPaths.path(directory.appendingPathComponent("build/assets"))
    if keepsSpecs {
      print(
        "init: wrote \(shown), for the specs already in \(folder.isEmpty ? "" : folder + "/")specs/; run `\(build)` to draw them into \(output)"
      )
    } else {
      let example = folder.isEmpty ? "specs/example.yaml" : "\(folder)/specs/example.yaml"
      print("init: wrote \(shown) and \(example); run `\(build)` to draw them into \(output)")
    }
    // Only a file of a name commands look for takes the place of the one above; another is read
    // with --config alone.
    if let shadowed, ProjectFile.names.contains(projectName) {
      print(
        "note: commands run in \(folder.isEmpty ? "this directory" : folder) or below now read \(shown), not \(ShownPaths.path(shadowed))"
      )
    } else if let shadowed {
      print("note: commands run without --config \(shown) still read \(ShownPaths.path(shadowed))")
    }
  }

  /// Writes `files` in order, each only where nothing is; when one fails, removes what this run
  /// wrote (and `specs/` when it made it), so a second `init` finds nothing in its way.
  private func write(_ files: [(name: String, text: String)], into directory: URL, creatingSpecs: Bool) throws {
    var written: [URL] = []
    for (name, text) in files {
      let url = directory.appendingPathComponent(name)
      do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .withoutOverwriting)
        written.append(url)
      } catch {
        for file in written { try? FileManager.default.removeItem(at: file) }
        if creatingSpecs { rmdir(directory.appendingPathComponent("specs").path) }
        try Self.fail("cannot write '\(name)': \(ErrorText.reason(error)); init wrote nothing")
      }
    }
  }

  /// Whether anything is at `url`, a link that leads nowhere included.
  private static func exists(_ url: URL) -> Bool {
    var status = stat()
    return lstat(url.path, &status) == 0
  }

  /// Says what went wrong and ends the command with status 1.
  private static func fail(_ message: String) throws -> Never {
    StandardStreams.error("error: \(message)\n")
    throw ExitCode(1)
  }
}

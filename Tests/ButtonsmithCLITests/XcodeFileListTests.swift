import ButtonsmithTestSupport
import Foundation
import Testing

/// `build --xcfilelists`: an Xcode Run Script phase's exact inputs and outputs.
struct XcodeFileListTests {
  func project() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write(
      "buttonsmith.yml",
      "buttonsmith: 1\nformats: [files, xcassets]\nlocales: { languages: [en, de], strings: [strings] }\n")
    try workspace.write("templates/round.yaml", "buttonsmith: 1\ncorner-radius: 12\n")
    try workspace.write("strings/en.lproj/Localizable.strings", "\"go\" = \"Go\";\n")
    try workspace.write("strings/de.lproj/Localizable.strings", "\"go\" = \"Los\";\n")
    let star = try Data(
      contentsOf: repositoryRoot.appendingPathComponent("Tests/ButtonsmithCLITests/Fixtures/images/star.png"))
    try workspace.write("specs/images/star.png", bytes: Array(star))
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { extends: round, size: [120, 44], scales: [1, 2], tint: blue, states: { normal: {} } }
      buttons:
        go: { text: { string: go }, image: { file: images/star.png, size: [16, 16] } }
        plain: { text: Plain }

      """)
    return workspace
  }

  @Test func theListsNameEveryInputAndEveryOutput() throws {
    let workspace = try project()
    let run = try CLIRunner.run(["build", "--xcfilelists", "build/xcfilelists"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let lists = workspace.url.appendingPathComponent("build/xcfilelists")
    let inputs = try String(contentsOf: lists.appendingPathComponent("buttonsmith-inputs.xcfilelist"), encoding: .utf8)
    // The project's own files, as $(SRCROOT) paths; then the system fonts the labels use.
    let own = inputs.split(separator: "\n").filter { $0.hasPrefix("$(SRCROOT)") }.map { $0 + "\n" }.joined()
    let fonts = inputs.split(separator: "\n").filter { !$0.hasPrefix("$(SRCROOT)") }
    #expect(
      !fonts.isEmpty && fonts.allSatisfy { $0.hasPrefix("/") && FileManager.default.fileExists(atPath: String($0)) })
    #expect(
      own == """
        $(SRCROOT)/buttonsmith.yml
        $(SRCROOT)/specs
        $(SRCROOT)/specs/a.yaml
        $(SRCROOT)/specs/images
        $(SRCROOT)/specs/images/star.png
        $(SRCROOT)/strings
        $(SRCROOT)/strings/de.lproj
        $(SRCROOT)/strings/de.lproj/Localizable.strings
        $(SRCROOT)/strings/en.lproj
        $(SRCROOT)/strings/en.lproj/Localizable.strings
        $(SRCROOT)/templates
        $(SRCROOT)/templates/round.yaml

        """)
    let outputs = try String(
      contentsOf: lists.appendingPathComponent("buttonsmith-outputs.xcfilelist"), encoding: .utf8
    )
    .split(separator: "\n").map(String.init)
    #expect(outputs.contains("$(SRCROOT)/build/assets/current/manifest.json"))
    #expect(outputs.contains("$(SRCROOT)/build/assets/current/go/de/normal@2x.png"))
    #expect(outputs.contains("$(SRCROOT)/build/assets/current/Buttons.xcassets/go.imageset/Contents.json"))
    #expect(outputs.count == 1 + 2 * 2 + 2 + 2 * 2 + 2 + 3)  // manifest, files, catalog images, Contents.json
    for line in outputs {
      let path = line.replacingOccurrences(of: "$(SRCROOT)", with: workspace.url.path)
      #expect(FileManager.default.fileExists(atPath: path), "\(line)")
    }
  }

  /// The lists (and an export) in a folder the project's inputs are in: only the files the
  /// build writes are left out, never the specs, tables or project file beside them.
  @Test(arguments: [
    ["--xcfilelists", "."], ["--xcfilelists", "specs"], ["--xcfilelists", "strings/de.lproj"],
    ["--xcfilelists", "lists", "--export", "."], ["--xcfilelists", "lists", "--export", "specs"],
  ])
  func theListsInAFolderOfInputsStillNameThem(arguments: [String]) throws {
    let workspace = try project()
    let run = try CLIRunner.run(["build"] + arguments, in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let lists = workspace.url.appendingPathComponent(arguments[1])
    let inputs = try String(contentsOf: lists.appendingPathComponent("buttonsmith-inputs.xcfilelist"), encoding: .utf8)
      .split(separator: "\n")
    for input in [
      "$(SRCROOT)/buttonsmith.yml", "$(SRCROOT)/specs", "$(SRCROOT)/specs/a.yaml", "$(SRCROOT)/specs/images/star.png",
      "$(SRCROOT)/strings/de.lproj", "$(SRCROOT)/strings/de.lproj/Localizable.strings",
      "$(SRCROOT)/templates/round.yaml",
    ] {
      #expect(inputs.contains(Substring(input)), "\(arguments): \(input) missing")
    }
    #expect(!inputs.contains { $0.hasSuffix(".xcfilelist") || $0.hasSuffix("manifest.json") || $0.contains("/go/") })
  }

  @Test func aSourceRootAboveTheProjectAndFilesOutsideIt() throws {
    let workspace = try project()
    let run = try CLIRunner.run(
      ["build", "--xcfilelists", "lists", "--srcroot", ".."], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let inputs = try String(
      contentsOf: workspace.url.appendingPathComponent("lists/buttonsmith-inputs.xcfilelist"), encoding: .utf8)
    let name = workspace.url.lastPathComponent
    #expect(inputs.hasPrefix("$(SRCROOT)/\(name)/buttonsmith.yml\n"), "\(inputs)")
  }

  /// Xcode sees only what the list names change: a spec or a string table added to a nested
  /// folder changes a listed directory's time.
  @Test(arguments: ["specs/more/b.yaml", "strings/de.lproj/Buttons.strings"])
  func aFileAddedToANestedFolderChangesAListedInput(path: String) throws {
    let workspace = try project()
    try workspace.write("specs/more/a.yaml", "buttonsmith: 1\nbuttons:\n  more: { size: [60, 44], tint: red }\n")
    #expect(try CLIRunner.run(["build", "--xcfilelists", "lists"], in: workspace.url).status == 0)
    let list = try String(
      contentsOf: workspace.url.appendingPathComponent("lists/buttonsmith-inputs.xcfilelist"), encoding: .utf8)
    func snapshot() -> [String] {
      list.split(separator: "\n").map { line in
        let path = line.replacingOccurrences(of: "$(SRCROOT)", with: workspace.url.path)
        var status = stat()
        guard lstat(path, &status) == 0 else { return "\(line) missing" }
        return "\(line) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_size) \(status.st_ino)"
      }
    }
    let before = snapshot()
    try workspace.write(path, path.hasSuffix(".yaml") ? "buttonsmith: 1\nbuttons: {}\n" : "\"go\" = \"Geh\";\n")
    #expect(snapshot() != before)
  }

  /// The versions of the output directory are the store's alone.
  @Test(arguments: ["build/assets", "build/assets/current/lists"])
  func theListsNeverGoInsideTheOutputDirectory(directory: String) throws {
    let workspace = try project()
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    let run = try CLIRunner.run(["build", "--xcfilelists", directory], in: workspace.url)
    #expect(run.status == 2 && run.stderr.contains("is inside the output directory"), "\(run.stderr)")
    let check = try CLIRunner.run(["build", "--check"], in: workspace.url)
    #expect(check.status == 0, "\(check.stdout)")
  }

  /// With `--export`, the copies are outputs too (the Swift file where `--export-swift` puts
  /// it); `$(SRCROOT)` is the `SRCROOT` Xcode sets, when set; a list whose text is the same is
  /// not written again.
  @Test func exportedFilesAreOutputsAndUnchangedListsAreKept() throws {
    let workspace = try project()
    try workspace.write(
      "buttonsmith.yml",
      "buttonsmith: 1\nformats: [files, xcassets, swift]\nlocales: { languages: [en, de], strings: [strings] }\n")
    let arguments = [
      "build", "--xcfilelists", "lists", "--export", "Export", "--export-swift", "Generated/Buttons.swift",
    ]
    let environment = ["SRCROOT": workspace.url.deletingLastPathComponent().path]
    let run = try CLIRunner.run(arguments, in: workspace.url, environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let lists = workspace.url.appendingPathComponent("lists")
    let outputs = try String(
      contentsOf: lists.appendingPathComponent("buttonsmith-outputs.xcfilelist"), encoding: .utf8
    )
    .split(separator: "\n").map(String.init)
    let name = "$(SRCROOT)/\(workspace.url.lastPathComponent)"
    #expect(outputs.contains("\(name)/Generated/Buttons.swift"))
    #expect(outputs.contains("\(name)/Export/manifest.json"))
    #expect(outputs.contains("\(name)/Export/go/de/normal@2x.png"))
    #expect(!outputs.contains("\(name)/Export/Buttons.swift"))
    for line in outputs {
      let path = line.replacingOccurrences(of: name, with: workspace.url.path)
      #expect(FileManager.default.fileExists(atPath: path), "\(line)")
    }
    func inodes() throws -> [Int] {
      try ["inputs", "outputs"].map { kind in
        let path = lists.appendingPathComponent("buttonsmith-\(kind).xcfilelist").path
        return try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
      }
    }
    let written = try inodes()
    #expect(try CLIRunner.run(arguments, in: workspace.url, environment: environment).status == 0)
    #expect(try inodes() == written)
  }

  @Test func theListsDoNotGoWithCheckOrShards() throws {
    let workspace = try project()
    #expect(try CLIRunner.run(["build", "--check", "--xcfilelists", "x"], in: workspace.url).status == 2)
  }
}

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
        $(SRCROOT)/strings/de.lproj/Localizable.strings
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

  @Test func theListsDoNotGoWithCheckOrShards() throws {
    let workspace = try project()
    #expect(try CLIRunner.run(["build", "--check", "--xcfilelists", "x"], in: workspace.url).status == 2)
  }
}

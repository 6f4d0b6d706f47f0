import ButtonsmithTestSupport
import Foundation
import Testing

/// Settings of the project file that would lose images, read the wrong file or blame the wrong
/// thing: each reported where it is written, or taken as written.
struct ProjectFileEdgeTests {
  static let spec = "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tint: red, states: { normal: {} } }\n"

  func exists(_ workspace: TestWorkspace, _ path: String) -> Bool {
    FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent(path).path)
  }

  @Test func anEmptyListOfSpecsOrAnEmptyOutputIsAnErrorWhereItIsWritten() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\n")
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    for (config, message) in [
      ("buttonsmith: 1\nspecs: []\n", "buttonsmith.yml:2:8: error: specs names no spec file or directory"),
      ("buttonsmith: 1\noutput: \"\"\n", "buttonsmith.yml:2:9: error: an empty path for the output directory"),
    ] {
      try workspace.write("buttonsmith.yml", config)
      for command in [["lint"], ["build"]] {
        let run = try CLIRunner.run(command, in: workspace.url)
        #expect(run.status == 1 && run.stderr.contains(message), "\(command) \(config): \(run.stderr)")
      }
    }
    // The published version still has its image: nothing was published without it.
    #expect(exists(workspace, "build/assets/current/a/normal@2x.png"))
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: workspace.url.appendingPathComponent("build/assets/versions").path) == ["v1"])
  }

  @Test func theProjectFileInUseIsNeverReadAsASpecOrATemplateWhateverItsName() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    // Project files in a folder they name as specs, or as templates.
    try workspace.write("named/project.yml", "buttonsmith: 1\nspecs: [../specs, .]\noutput: ../out\n")
    try workspace.write("named/b.yaml", Self.spec.replacingOccurrences(of: "  a:", with: "  b:"))
    let templates = "buttonsmith: 1\nspecs: [../specs]\ntemplates: [.]\noutput: ../out\n"
    try workspace.write("kit/project.yml", templates)
    try workspace.write("found/buttonsmith.yml", templates)
    for (arguments, directory) in [
      (["lint", "--config", "named/project.yml"], ""), (["lint", "--config", "kit/project.yml"], ""),
      (["lint"], "found"), (["build", "--config", "named/project.yml"], ""),
    ] {
      let run = try CLIRunner.run(arguments, in: workspace.url.appendingPathComponent(directory))
      #expect(run.status == 0 && !run.stderr.contains("error:"), "\(arguments): \(run.stderr)")
    }
    #expect(exists(workspace, "out/current/a/normal@2x.png") && exists(workspace, "out/current/b/normal@2x.png"))
  }

  @Test func aTildeIsANameLikeAnyOtherInEveryPath() throws {
    let workspace = try TestWorkspace()
    try workspace.write("~/specs/a.yaml", Self.spec)
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nspecs: [~/specs]\noutput: ~/out\n")
    let run = try CLIRunner.run(["build"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(exists(workspace, "~/out/current/a/normal@2x.png"))
    // A quoted `~` on the command line, which no shell expanded, is a name too.
    let quoted = try CLIRunner.run(["build", "--no-config", "-o", "~/other", "~/specs"], in: workspace.url)
    #expect(quoted.status == 0 && exists(workspace, "~/other/current/a/normal@2x.png"), "\(quoted.stderr)")
  }

  @Test func aProjectFileOfNoImageFormatStillHasItsSpecsLinted() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tnit: red }\n")
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [swift]\n")
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("buttonsmith.yml:2:11: error:"), "\(run.stderr)")
    #expect(run.stderr.contains("specs/a.yaml:3:24: error: unknown key 'tnit'"), "\(run.stderr)")
  }

  @Test func aDefaultPathInsideTheOutputIsNotBlamedOnAnOptionNeverGiven() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\noutput: build\n")
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    for (command, message) in [
      ("report", "error: the report's default folder 'build/report' is inside the output directory 'build'"),
      ("preview", "error: the preview's default file 'build/preview.png' is inside the output directory 'build'"),
    ] {
      let run = try CLIRunner.run([command], in: workspace.url)
      #expect(run.status == 1 && run.stderr.contains(message) && !run.stderr.contains("-o '"), "\(run.stderr)")
      let named = try CLIRunner.run(
        [command, "-o", command == "preview" ? "elsewhere/preview.png" : "elsewhere/report"], in: workspace.url)
      #expect(named.status == 0, "\(named.stderr)")
    }
  }

  @Test func aLinkToNothingIsTheProjectFileItNames() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\noutput: parent\n")
    try workspace.write("app/specs/a.yaml", Self.spec)
    try FileManager.default.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("app/buttonsmith.yml").path, withDestinationPath: "moved.yml")
    let run = try CLIRunner.run(["build"], in: workspace.url.appendingPathComponent("app"))
    #expect(run.status == 1 && run.stderr.contains("buttonsmith.yml:1:1: error: project file"), "\(run.stderr)")
    #expect(!exists(workspace, "parent"))
  }

  @Test func configAndNoConfigAreRefusedTogetherByEveryCommand() throws {
    let workspace = try TestWorkspace()
    for command in ["lint", "plan", "preview", "build"] {
      let run = try CLIRunner.run([command, "--no-config", "--config", "x.yml"], in: workspace.url)
      #expect(run.status == 2 && run.stderr.contains("--config and --no-config do not go together"), "\(command)")
    }
    // An exit code thrown after its message adds no empty line.
    let diff = try CLIRunner.run(["diff", "3"], in: workspace.url)
    #expect(diff.status == 2 && diff.stderr.hasPrefix("error: ") && !diff.stderr.hasSuffix("\n\n"), "\(diff.stderr)")
  }
}

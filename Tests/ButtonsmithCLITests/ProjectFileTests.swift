import ButtonsmithTestSupport
import Foundation
import Testing

/// `buttonsmith.yml`: found from any directory of the project, or named with `--config`;
/// paths relative to it; the command line on top; mistakes located like spec mistakes.
struct ProjectFileTests {
  static let spec = """
    buttonsmith: 1
    buttons:
      a-b: { size: [60, 30], scales: [1, 2], tint: red, states: { normal: {} } }
      a_b: { size: [60, 30], scales: [1], tint: blue, states: { normal: {} } }
    """

  func project(_ config: String = "buttonsmith: 1\nspecs: [design/specs]\noutput: out/assets\n") throws -> TestWorkspace
  {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", config)
    try workspace.write("design/specs/a.yaml", Self.spec)
    try FileManager.default.createDirectory(
      at: workspace.url.appendingPathComponent("app/sources/deep"), withIntermediateDirectories: true)
    return workspace
  }

  @Test func everyDirectoryOfTheProjectBuildsTheSameOutput() throws {
    let workspace = try project()
    let deep = workspace.url.appendingPathComponent("app/sources/deep")
    let first = try CLIRunner.run(["build"], in: deep)
    #expect(first.status == 0, "\(first.stderr)")
    // Messages name the output from where the command runs.
    #expect(first.stdout.hasSuffix("-> ../../../out/assets/versions/v1\n"), "\(first.stdout)")
    let manifest = try String(
      contentsOf: workspace.url.appendingPathComponent("out/assets/current/manifest.json"), encoding: .utf8)
    #expect(manifest.contains("\"source\" : \"design/specs/a.yaml:3:3\""), "\(manifest)")
    for directory in [workspace.url, workspace.url.appendingPathComponent("design")] {
      let check = try CLIRunner.run(["build", "--check"], in: directory)
      #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
      let again = try CLIRunner.run(["build", "--json"], in: directory)
      #expect(again.stdout.contains("\"new_version\":false"), "\(again.stdout)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: workspace.url.appendingPathComponent("out/assets/versions").path)
        == ["v1"])
  }

  /// Specs outside the working directory (or the project's root) are named up from it, in
  /// diagnostics and in the manifest, as the command line gave them: never by absolute paths,
  /// which would make the manifest depend on where the project is checked out.
  @Test func specsBesideTheWorkingDirectoryAreNamedUpFromIt() throws {
    let workspace = try TestWorkspace()
    try workspace.write("design/specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tint: red }\n")
    try workspace.write("design/broken/b.yaml", "buttonsmith: 1\nbuttons:\n  b: { size: [60, 30], tnit: red }\n")
    let app = workspace.url.appendingPathComponent("app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let lint = try CLIRunner.run(["lint", "../design/broken"], in: app)
    #expect(
      lint.status == 1 && lint.stderr.hasPrefix("../design/broken/b.yaml:3:24: error: unknown key 'tnit'"),
      "\(lint.stderr)")
    let build = try CLIRunner.run(["build", "-o", "out", "../design/specs"], in: app)
    #expect(build.status == 0, "\(build.stderr)")
    let manifest = try String(contentsOf: app.appendingPathComponent("out/current/manifest.json"), encoding: .utf8)
    #expect(manifest.contains("\"source\" : \"../design/specs/a.yaml:3:3\""), "\(manifest)")
    // With a project file, the manifest names files from its directory, and diagnostics from
    // the directory the command runs in.
    try workspace.write("app/buttonsmith.yml", "buttonsmith: 1\nspecs: [../design/broken]\n")
    let configured = try CLIRunner.run(["lint"], in: app.appendingPathComponent("out"))
    #expect(configured.stderr.hasPrefix("../../design/broken/b.yaml:3:24: error:"), "\(configured.stderr)")
  }

  /// Diagnostics name files from where the command runs, in every format, so a terminal, an
  /// editor or a CI annotation opens them: from a subdirectory, up from it; with `--config` from
  /// above the project, down into it. The source line shown is read from there too.
  @Test func diagnosticsNameFilesFromTheWorkingDirectory() throws {
    let workspace = try TestWorkspace()
    try workspace.write("ios/buttonsmith.yml", "buttonsmith: 1\nspecs: [specs]\n")
    try workspace.write("ios/specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tnit: red }\n")
    try FileManager.default.createDirectory(
      at: workspace.url.appendingPathComponent("ios/sources"), withIntermediateDirectories: true)
    let runs: [(directory: String, options: [String], file: String)] = [
      ("", ["--config", "ios/buttonsmith.yml"], "ios/specs/a.yaml"),
      ("ios/sources", [], "../specs/a.yaml"),
      ("ios", [], "specs/a.yaml"),
    ]
    for run in runs {
      let directory = workspace.url.appendingPathComponent(run.directory)
      #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(run.file).path))
      for command in [["lint"], ["build"], ["plan"]] {
        let text = try CLIRunner.run(command + run.options, in: directory)
        #expect(
          text.status == 1 && text.stderr.hasPrefix("\(run.file):3:24: error: unknown key 'tnit'"), "\(text.stderr)")
        #expect(text.stderr.contains("\n  a: { size: [60, 30], tnit: red }\n"), "\(text.stderr)")
      }
      let github = try CLIRunner.run(["lint", "--format", "github"] + run.options, in: directory)
      #expect(github.stdout.hasPrefix("::error file=\(run.file),line=3,col=24::"), "\(github.stdout)")
      let json = try CLIRunner.run(["lint", "--format", "json"] + run.options, in: directory)
      let diagnostics = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(diagnostics.map { $0["file"] as? String } == [run.file])
      let sarif = try CLIRunner.run(["lint", "--format", "sarif"] + run.options, in: directory)
      #expect(sarif.stdout.contains("\"uri\" : \"\(run.file)\""), "\(sarif.stdout)")
    }
  }

  @Test func aHiddenProjectFileIsFoundToo() throws {
    let workspace = try TestWorkspace()
    try workspace.write(".buttonsmith.yml", "buttonsmith: 1\nspecs: design\n")
    try workspace.write("design/a.yaml", Self.spec)
    let plan = try CLIRunner.run(["plan"], in: workspace.url)
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(plan.stdout.split(separator: "\n").count == 3)
  }

  /// Every key of a project file is optional: one with nothing written in it (no text, only
  /// comments, a bare `---` or `~`) is the defaults, not a mistake that stops every command.
  @Test func aProjectFileWithNothingInItIsTheDefaults() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    for nothing in ["", "# settings to come\n", "---\n", "~\n", "\u{FEFF}\n"] {
      try workspace.write("buttonsmith.yml", nothing)
      let lint = try CLIRunner.run(["lint"], in: workspace.url)
      #expect(
        lint.status == 0 && lint.stderr.hasPrefix("lint: 0 errors, 0 warnings"),
        "\(nothing.debugDescription): \(lint.stderr)")
      let plan = try CLIRunner.run(["plan"], in: workspace.url)
      #expect(plan.status == 0 && plan.stdout.split(separator: "\n").count == 3, "\(plan.stdout)\(plan.stderr)")
    }
    // Text is still text, not nothing: a quoted empty string is no map of settings.
    try workspace.write("buttonsmith.yml", "''\n")
    let quoted = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(
      quoted.status == 1 && quoted.stderr.contains("a project file is a map of settings, not"), "\(quoted.stderr)")
  }

  @Test func configNamesAProjectFileAnywhere() throws {
    let workspace = try TestWorkspace()
    try workspace.write("config/buttons.yml", "buttonsmith: 1\nspecs: [../design]\noutput: ../out\n")
    try workspace.write("design/a.yaml", Self.spec)
    let result = try CLIRunner.run(["build", "--config", "config/buttons.yml"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("out/current/a-b/normal@2x.png").path)
    )
    let missing = try CLIRunner.run(["lint", "--config", "nowhere.yml"], in: workspace.url)
    #expect(
      missing.status == 1 && missing.stderr.hasPrefix("nowhere.yml:1:1: error: no such project file [missing-path]"))
    // Named from the working directory once, wherever it was to be.
    for command in [["lint"], ["build"], ["report"]] {
      let elsewhere = try CLIRunner.run(command + ["--config", "config/sub/nowhere.yml"], in: workspace.url)
      #expect(
        elsewhere.status == 1
          && elsewhere.stderr.hasPrefix("config/sub/nowhere.yml:1:1: error: no such project file [missing-path]"),
        "\(command): \(elsewhere.stderr)")
    }
  }

  /// `-C DIR` runs a command as if it had started in DIR, as `git -C` and `make -C` do: the
  /// command line's paths, the project file's search and the names in the manifest and in
  /// diagnostics are taken from there, so a tool that starts it anywhere (a SwiftPM plugin)
  /// gets one result.
  @Test func directoryRunsACommandAsIfStartedThere() throws {
    let workspace = try TestWorkspace()
    try workspace.write("target/specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tint: red }\n")
    try workspace.write("target/broken/b.yaml", "buttonsmith: 1\nbuttons:\n  b: { size: [60, 30], tnit: red }\n")
    // A project file above the target, which --no-config leaves alone.
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nspecs: [nowhere]\n")
    let elsewhere = try TestWorkspace()
    let target = workspace.url.appendingPathComponent("target")
    for (arguments, directory) in [(["-C", target.path], elsewhere.url), ([], target)] {
      let build = try CLIRunner.run(
        ["build"] + arguments + ["--no-config", "specs", "-o", "out", "--json"], in: directory)
      #expect(build.status == 0, "\(build.stderr)")
      let manifest = try String(contentsOf: target.appendingPathComponent("out/current/manifest.json"), encoding: .utf8)
      #expect(manifest.contains("\"source\" : \"specs/a.yaml:3:3\""), "\(manifest)")
      // The second build, from the target itself, finds nothing new.
      #expect(build.stdout.contains("\"new_version\":\(arguments.isEmpty ? "false" : "true")"), "\(build.stdout)")
    }
    // The defaults still hold: `templates/` of the directory it runs in, as without a project file.
    try workspace.write("target/templates/red.yaml", "buttonsmith: 1\ntint: red\n")
    try workspace.write("target/uses/c.yaml", "buttonsmith: 1\nbuttons:\n  c: { size: [60, 30], extends: red }\n")
    let templated = try CLIRunner.run(["lint", "-C", target.path, "--no-config", "uses"], in: elsewhere.url)
    #expect(templated.status == 0 && !templated.stderr.contains("error:"), "\(templated.stderr)")
    let lint = try CLIRunner.run(
      ["lint", "-C", "../\(workspace.url.lastPathComponent)/target", "--no-config", "broken"], in: elsewhere.url)
    #expect(
      lint.status == 1 && lint.stderr.hasPrefix("broken/b.yaml:3:24: error: unknown key 'tnit'"), "\(lint.stderr)")
    for command in ["build", "lint", "plan", "preview"] {
      let missing = try CLIRunner.run([command, "-C", "nowhere"], in: elsewhere.url)
      #expect(
        missing.status == 2 && missing.stderr.contains("cannot enter directory 'nowhere': No such file or directory"),
        "\(command): \(missing.stderr)")
    }
  }

  @Test func theCommandLineOverridesTheProjectFile() throws {
    let workspace = try project("buttonsmith: 1\nspecs: [nowhere]\noutput: out/assets\nformats: [android]\n")
    try workspace.write("other/b.yaml", "buttonsmith: 1\nbuttons:\n  b: { size: [60, 30], scales: [1], tint: red }\n")
    let result = try CLIRunner.run(["build", "other", "-o", "elsewhere", "--format", "files"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("-> elsewhere/versions/v1\n"), "\(result.stdout)")
    #expect(
      FileManager.default.fileExists(
        atPath: workspace.url.appendingPathComponent("elsewhere/current/b/normal.png").path))
    // From a subdirectory, paths on the command line are relative to where the command runs.
    let deep = workspace.url.appendingPathComponent("app/sources/deep")
    let plan = try CLIRunner.run(["plan", "../../../other", "--format", "files"], in: deep)
    #expect(plan.status == 0 && plan.stdout.hasPrefix("b\tnormal"), "\(plan.stdout)\(plan.stderr)")
  }

  @Test func mistakesInTheProjectFileAreLocated() throws {
    let workspace = try project("buttonsmith: 1\nfromats: [files]\nformats: [files, ios]\noutput: [a, b]\n")
    for command in [["lint"], ["build"], ["plan"], ["preview"]] {
      let result = try CLIRunner.run(command, in: workspace.url.appendingPathComponent("design"))
      #expect(result.status == 1, "\(command)")
      #expect(
        result.stderr.contains(
          "buttonsmith.yml:2:1: error: unknown key 'fromats' in the project file; did you mean 'formats'? [unknown-key]"
        ),
        "\(command): \(result.stderr)")
      #expect(result.stderr.contains("buttonsmith.yml:3:18: error: 'ios' is not an output format"), "\(result.stderr)")
      // The source line is shown from the project file, though the command runs below it.
      #expect(result.stderr.contains("\nfromats: [files]\n^"), "\(command): \(result.stderr)")
      #expect(
        result.stderr.contains("buttonsmith.yml:4:9: error: expected text for the output directory"), "\(result.stderr)"
      )
    }
    let json = try CLIRunner.run(["lint", "--format", "json"], in: workspace.url)
    #expect(json.stdout.contains("\"file\" : \"buttonsmith.yml\""), "\(json.stdout)")
  }

  /// A spec path or template directory the project file names and that does not exist is an
  /// error where the project file names it; one the command line names is named by itself.
  @Test func missingPathsAreLocatedWhereTheyAreWritten() throws {
    let workspace = try project("buttonsmith: 1\nspecs: [design/specs, nope]\ntemplates: [gone]\n")
    for command in [["lint"], ["build"]] {
      let result = try CLIRunner.run(command, in: workspace.url.appendingPathComponent("app"))
      #expect(result.status == 1)
      #expect(
        result.stderr.contains("buttonsmith.yml:2:23: error: no such file or directory: 'nope' [missing-path]"),
        "\(command): \(result.stderr)")
      #expect(
        result.stderr.contains(
          "buttonsmith.yml:3:13: error: templates directory does not exist: 'gone' [missing-path]"),
        "\(command): \(result.stderr)")
    }
    let named = try CLIRunner.run(["lint", "missing"], in: workspace.url)
    #expect(named.stderr.contains("missing:1:1: error: no such file or directory [missing-path]"), "\(named.stderr)")
  }

  @Test func lintChecksWhatTheConfiguredFormatsNeed() throws {
    let workspace = try project()
    #expect(try CLIRunner.run(["lint"], in: workspace.url).status == 0)
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nspecs: [design/specs]\nformats: [files, android]\n")
    let result = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(result.status == 1)
    #expect(result.stderr.contains("[duplicate-output]"), "\(result.stderr)")
  }

  /// Every problem at once: a mistake in the project file does not hide the specs' from `lint`
  /// (the rest of the file still applies); `build` stops at the project file's.
  @Test func lintReportsTheProjectFilesMistakesAndTheSpecs() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nfromats: [files]\nspecs: [buttons]\n")
    try workspace.write("buttons/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [100, 44], background: \"#12\" }\n")
    let lint = try CLIRunner.run(["lint", "--format", "json"], in: workspace.url)
    #expect(lint.status == 1)
    let found = try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(
      found.map { "\($0["file"] ?? ""):\($0["line"] ?? 0) \($0["id"] ?? "")" } == [
        "buttons/a.yaml:3 bad-color", "buttonsmith.yml:2 unknown-key",
      ], "\(lint.stdout)")
    let build = try CLIRunner.run(["build"], in: workspace.url)
    #expect(build.status == 1 && build.stderr.contains("[unknown-key]") && !build.stderr.contains("[bad-color]"))
  }
}

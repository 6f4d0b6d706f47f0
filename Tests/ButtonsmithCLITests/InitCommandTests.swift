import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// `buttonsmith init`: a starter project that lints and builds, never over a file, and never half
/// written.
struct InitCommandTests {
  @Test func initWritesAStarterProjectOnceAndItBuilds() throws {
    let workspace = try TestWorkspace()
    let result = try CLIRunner.run(["init"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: workspace.url.path).sorted() == ["buttonsmith.yml", "specs"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: workspace.url.appendingPathComponent("specs").path) == [
        "example.yaml"
      ])
    let lint = try CLIRunner.run(["lint", "--strict"], in: workspace.url)
    #expect(lint.status == 0, "\(lint.stderr)")
    // The project file is never read as a spec, even when the whole project is named.
    let everything = try CLIRunner.run(["lint", "--strict", "."], in: workspace.url)
    #expect(everything.status == 0, "\(everything.stderr)")
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    let again = try CLIRunner.run(["init"], in: workspace.url)
    #expect(again.status == 1 && again.stderr.contains("'buttonsmith.yml' already exists"), "\(again.stderr)")
    // The example, once the user's, is kept: only the project file is written again.
    try workspace.write("specs/example.yaml", "mine")
    try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("buttonsmith.yml"))
    #expect(try CLIRunner.run(["init"], in: workspace.url).status == 0)
    #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("buttonsmith.yml").path))
    #expect(
      try String(contentsOf: workspace.url.appendingPathComponent("specs/example.yaml"), encoding: .utf8) == "mine")
    let blocked = try TestWorkspace()
    try blocked.write("specs", "a file where the folder would go")
    let refused = try CLIRunner.run(["init"], in: blocked.url)
    #expect(refused.status == 1 && refused.stderr.contains("'specs' exists and is not a directory"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: blocked.url.path) == ["specs"])
  }

  /// The starter names every setting a project file has, set or commented out (each key of
  /// `locales`, `remote-cache` and `swift` too), and with every one of them uncommented it is a
  /// project file that lints.
  @Test func theStarterNamesEverySetting() throws {
    let workspace = try TestWorkspace()
    #expect(try CLIRunner.run(["init"], in: workspace.url).status == 0)
    let file = workspace.url.appendingPathComponent("buttonsmith.yml")
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    // A setting's line, set or commented out: `key:`, `# key:`, `#   key:` or `key: value` inside
    // an inline map.
    let settings = lines.map { $0.replacingOccurrences(of: #"^# ?"#, with: "", options: .regularExpression) }
    func names(_ key: String) -> Bool {
      settings.contains { $0.range(of: #"(^\s*|[{,]\s*)\#(key):"#, options: .regularExpression) != nil }
    }
    for key in ProjectFile.keys + ProjectFile.localeKeys + ProjectFile.remoteCacheKeys + ProjectFile.swiftKeys {
      #expect(names(key), "\(key)")
    }
    let uncommented = lines.map {
      $0.range(of: #"^# ( *)[a-z-]+:"#, options: .regularExpression) != nil ? String($0.dropFirst(2)) : $0
    }
    try workspace.write("buttonsmith.yml", uncommented.joined(separator: "\n") + "\n")
    try workspace.write("templates/.keep", "")
    try workspace.write("Localizable.xcstrings", #"{ "sourceLanguage" : "en", "strings" : {}, "version" : "1.0" }"#)
    let lint = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(lint.status == 0, "\(lint.stderr)")
  }

  /// Every command takes --config, init too: it names the project file to write.
  @Test func initWritesTheProjectFileConfigNames() throws {
    let workspace = try TestWorkspace()
    let result = try CLIRunner.run(["init", "--config", "app/buttons.yml"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("wrote app/buttons.yml and app/specs/example.yaml"), "\(result.stdout)")
    #expect(result.stdout.contains("buttonsmith build --config app/buttons.yml` to draw them into app/build/assets"))
    let build = try CLIRunner.run(["build", "--config", "app/buttons.yml"], in: workspace.url)
    #expect(build.status == 0 && build.stdout.hasSuffix("-> app/build/assets/versions/v1\n"), "\(build.stdout)")
    #expect(
      FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("app/build/assets/current").path))
    let again = try CLIRunner.run(["init", "--config", "app/buttons.yml"], in: workspace.url)
    #expect(again.status == 1 && again.stderr.contains("'buttons.yml'"))
  }

  /// A folder that already holds specs gets the project file only: the example could take one of
  /// their names (as `checkout` here), and the build would fail.
  @Test func specsAlreadyThereGetOnlyTheProjectFile() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/mine.yaml", "buttonsmith: 1\nbuttons:\n  checkout: { size: [100, 48], tint: red }\n")
    let result = try CLIRunner.run(["init"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("wrote buttonsmith.yml, for the specs already in specs/"), "\(result.stdout)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: workspace.url.appendingPathComponent("specs").path) == [
        "mine.yaml"
      ])
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
  }

  /// A write that fails takes back what init wrote before it: a project file whose name is too
  /// long fails after the example was written; a `specs` link that leads nowhere fails first.
  @Test(arguments: ["too long", "dangling link"])
  func aFailedWriteLeavesNothing(case: String) throws {
    let workspace = try TestWorkspace()
    var arguments = ["init"]
    if `case` == "too long" {
      arguments += ["--config", String(repeating: "b", count: 300) + ".yml"]
    } else {
      try FileManager.default.createSymbolicLink(
        atPath: workspace.url.appendingPathComponent("specs").path, withDestinationPath: "nowhere")
    }
    let result = try CLIRunner.run(arguments, in: workspace.url)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: ") && !result.stderr.contains("Domain="), "\(result.stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: workspace.url.path)
    #expect(left == (`case` == "too long" ? [] : ["specs"]), "\(left)")
  }

  /// A project file of another name is read only when named: the advice says so. One below
  /// another project's says which it replaces there.
  @Test func theAdviceNamesTheProjectFileToRead() throws {
    let workspace = try TestWorkspace()
    let custom = try CLIRunner.run(["init", "--config", "custom.yml"], in: workspace.url)
    #expect(custom.stdout.contains("run `buttonsmith build --config custom.yml`"), "\(custom.stdout)")
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\n")
    try FileManager.default.createDirectory(
      at: workspace.url.appendingPathComponent("app"), withIntermediateDirectories: true)
    let nested = try CLIRunner.run(["init"], in: workspace.url.appendingPathComponent("app"))
    #expect(nested.status == 0, "\(nested.stderr)")
    #expect(nested.stdout.contains("now read buttonsmith.yml, not ../buttonsmith.yml"), "\(nested.stdout)")
    // A file of another name is read with --config alone: the one above stays the one found.
    let named = try CLIRunner.run(["init", "--config", "other/app.yml"], in: workspace.url)
    #expect(named.status == 0, "\(named.stderr)")
    #expect(!named.stdout.contains("now read"), "\(named.stdout)")
    #expect(
      named.stdout.contains("note: commands run without --config other/app.yml still read buttonsmith.yml"),
      "\(named.stdout)")
  }

  /// The starter button is large enough for every format's touch target.
  @Test func theStarterLintsCleanForEveryFormat() throws {
    let workspace = try TestWorkspace()
    #expect(try CLIRunner.run(["init"], in: workspace.url).status == 0)
    let project = workspace.url.appendingPathComponent("buttonsmith.yml")
    let text = try String(contentsOf: project, encoding: .utf8)
    try text.replacingOccurrences(of: "formats: [files]", with: "formats: [files, xcassets, android, swift]")
      .write(to: project, atomically: true, encoding: .utf8)
    let lint = try CLIRunner.run(["lint", "--strict"], in: workspace.url)
    #expect(lint.status == 0, "\(lint.stderr)")
    #expect(lint.stderr.contains("0 warnings"), "\(lint.stderr)")
  }
}

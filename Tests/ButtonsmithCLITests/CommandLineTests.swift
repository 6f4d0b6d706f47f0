import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

struct CommandLineTests {
  @Test func theExampleGalleryLintsCleanEvenStrictly() throws {
    let result = try CLIRunner.run(["lint", "--strict", "specs"], in: repositoryRoot)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("lint: 0 errors, 0 warnings in"))
  }

  @Test func pathsDefaultToSpecs() throws {
    let result = try CLIRunner.run(["lint"], in: repositoryRoot)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(arguments: [
    ["lint", "--format", "xml"], ["lint", "--no-such-option"], ["frobnicate"], ["lint", "--templates"],
  ])
  func badUsageExitsWithTwo(arguments: [String]) throws {
    let workspace = try TestWorkspace()
    let result = try CLIRunner.run(arguments, in: workspace.url)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("Error:") || result.stderr.contains("error:"))
  }

  /// A usage error shows the usage of the command it belongs to, found while parsing or only
  /// once the project file is read (`--shard` needs an uploading remote cache, and
  /// `--remote-cache-upload` a remote cache).
  @Test(arguments: [
    (["build", "-j", "0"], "Usage: buttonsmith build "), (["build", "--shard", "1/2"], "Usage: buttonsmith build "),
    (["build", "--remote-cache-upload"], "Usage: buttonsmith build "),
    (["preview", "--scale", "0"], "Usage: buttonsmith preview "),
    (["preview", "--scale", "-1"], "Usage: buttonsmith preview "),
  ])
  func usageErrorsShowTheirCommandsUsage(arguments: [String], usage: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tint: red }\n")
    let result = try CLIRunner.run(arguments, in: workspace.url)
    #expect(result.status == 2 && result.stderr.hasPrefix("Error: "), "\(result.stderr)")
    #expect(result.stderr.contains("\n\(usage)"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build").path))
  }

  /// A negative number is a number out of range, as zero is, not a missing value (`-3` read as
  /// an option).
  @Test(arguments: [
    (["build", "-j", "-3"], "-j must be 1...256"), (["build", "--jobs", "-3"], "-j must be 1...256"),
    (["build", "--keep", "-1"], "--keep must be at least 1"),
    (["preview", "--scale", "-2"], "--scale must be a number above 0"),
  ])
  func negativeNumbersAreOutOfRange(arguments: [String], message: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tint: red }\n")
    let result = try CLIRunner.run(arguments, in: workspace.url)
    #expect(result.status == 2 && result.stderr.hasPrefix("Error: \(message)"), "\(result.stderr)")
  }

  /// `-j4`, as `make` takes it, is `-j 4`.
  @Test func theJobCountMayBeJoinedToItsOption() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], tint: red }\n")
    let result = try CLIRunner.run(["build", "-j4", "--json"], in: workspace.url)
    #expect(result.status == 0 && result.stdout.contains("\"new_version\":true"), "\(result.stderr)")
    #expect(try CLIRunner.run(["build", "-j0"], in: workspace.url).stderr.hasPrefix("Error: -j must be 1...256"))
  }

  /// `help` of a command there is not is bad usage, as the command alone is; of one there is, or
  /// of `help`, the help.
  @Test func helpOfNoCommandIsBadUsage() throws {
    let none = try CLIRunner.run(["help", "nosuch"], in: repositoryRoot)
    #expect(none.status == 2 && none.stdout.isEmpty, "\(none.stdout)")
    #expect(none.stderr.hasPrefix("Error: 'help nosuch': there is no command 'nosuch'\nUsage: buttonsmith "))
    for arguments in [["help", "build"], ["help", "help"], ["help"]] {
      let run = try CLIRunner.run(arguments, in: repositoryRoot)
      #expect(run.status == 0 && run.stdout.contains("USAGE: buttonsmith"), "\(arguments): \(run.stderr)")
    }
  }

  /// Each default is said once in the help, in words where it depends on the machine.
  @Test(arguments: [["build", "--help"], ["preview", "--help"], ["diff", "--help"]])
  func helpSaysEachDefaultOnce(arguments: [String]) throws {
    let result = try CLIRunner.run(arguments, in: repositoryRoot)
    #expect(result.status == 0)
    let twice = try Regex(#"\(default:[^)]*\)\.\s+\(default:"#)
    #expect(result.stdout.firstMatch(of: twice) == nil, "\(result.stdout)")
  }

  /// A spec folder that is a link, and a folder linked inside one, are searched as the folders
  /// they are (`find -L`), named by the links' paths; a link back up the tree is searched once.
  @Test func specFoldersReachedThroughLinksAreSearched() throws {
    let workspace = try TestWorkspace()
    let button = { (name: String) in "buttonsmith: 1\nbuttons:\n  \(name): { size: [20, 20], scales: [1], tint: red }\n"
    }
    try workspace.write("shared/specs/a.yaml", button("a"))
    try workspace.write("elsewhere/b.yaml", button("b"))
    let fileManager = FileManager.default
    try fileManager.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("app").path, withDestinationPath: "shared/specs")
    try fileManager.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("shared/specs/more").path, withDestinationPath: "../../elsewhere")
    try fileManager.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("elsewhere/up").path, withDestinationPath: "..")
    let lint = try CLIRunner.run(["lint", "--no-config", "app"], in: workspace.url)
    #expect(lint.status == 0 && lint.stderr.contains("in 2 files"), "\(lint.stderr)")
    // A mistake is named by the path it was found at.
    try workspace.write("elsewhere/b.yaml", button("b") + "    opacity: 3\n")
    let broken = try CLIRunner.run(["lint", "--no-config", "app"], in: workspace.url)
    #expect(broken.stderr.hasPrefix("app/more/b.yaml:4:"), "\(broken.stderr)")
  }

  @Test func missingPathIsAnError() throws {
    let workspace = try TestWorkspace()
    let result = try CLIRunner.run(["lint", "nowhere"], in: workspace.url)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("nowhere:1:1: error: no such file or directory [missing-path]\n"))
  }

  @Test func versionNamesTheLibraries() throws {
    let workspace = try TestWorkspace()
    let result = try CLIRunner.run(["--version"], in: workspace.url)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("buttonsmith \(ButtonsmithVersion.current) (cairo 1."))
    #expect(result.stdout.contains(", librsvg 2.") && result.stdout.contains(", poppler "))
  }

  @Test func textOutputMatchesItsGolden() throws {
    let fixture = repositoryRoot.appendingPathComponent("Tests/ButtonsmithCLITests/Fixtures/many-errors")
    let result = try CLIRunner.run(["lint", "specs"], in: fixture)
    #expect(result.status == 1)
    let golden = fixture.appendingPathComponent("lint.golden")
    if isRecordingGoldens { try Data(result.stderr.utf8).write(to: golden) }
    #expect(result.stderr == (try String(contentsOf: golden, encoding: .utf8)))
  }

  @Test func templatesOptionIsRepeatableAndLaterWins() throws {
    let workspace = try TestWorkspace()
    try workspace.write("one/look.yaml", "buttonsmith: 1\ntint: red\nopacity: 0.5\n")
    try workspace.write("two/look.yaml", "buttonsmith: 1\ntint: blue\n")
    try workspace.write("two/extra.yaml", "buttonsmith: 1\ncorner-radius: 4\n")
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { extends: [look, extra], size: [10, 10] }\n")
    let result = try CLIRunner.run(
      ["lint", "--templates", "one", "--templates", "two", "--format", "json"], in: workspace.url)
    #expect(result.status == 0, "\(result.stdout)")
    let missing = try CLIRunner.run(["lint", "--templates", "one"], in: workspace.url)
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("[unknown-template]"))
  }
}

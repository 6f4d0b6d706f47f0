import ButtonsmithTestSupport
import Foundation
import Testing

/// The output directories `build`, `plan` and `build --check` refuse, through the real binary.
struct OutputDirectoryTests {
  @Test(arguments: [["build"], ["plan"], ["build", "--check"]])
  func anEmptyOutputPathIsAUsageError(command: [String]) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", BuildCommandTests.spec)
    let result = try CLIRunner.run(command + ["-o", ""], in: workspace.url)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("-o must name a directory"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url.path) == ["specs"])
  }

  /// A build is told to choose another directory; a command that only reads, to name the one a
  /// build wrote (`diff` exits 2, as for any version it cannot find: 1 means images changed).
  @Test(arguments: ["/", ".", "project"])
  func aDirectoryThatIsNotAStoreIsRefused(output: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", BuildCommandTests.spec)
    try workspace.write(".tmp-mywork/draft.txt", "mine")
    try workspace.write("project/README.md", "mine")
    let before = snapshot(of: workspace.url)
    let commands: [(arguments: [String], status: Int32, advice: String)] = [
      (["build"], 1, "; choose a new or empty directory\n"),
      (["plan"], 1, "; name the output directory a build wrote\n"),
      (["build", "--check"], 1, "; name the output directory a build wrote\n"),
      (["diff", "1"], 2, "; name the output directory a build wrote\n"),
    ]
    for command in commands {
      let result = try CLIRunner.run(command.arguments + ["-o", output], in: workspace.url)
      #expect(result.status == command.status, "\(command) \(result.stderr)")
      #expect(result.stderr.contains("is not a Buttonsmith output directory"), "\(command) \(result.stderr)")
      #expect(result.stderr.hasSuffix(command.advice), "\(command) \(result.stderr)")
    }
    #expect(snapshot(of: workspace.url) == before)
  }

  @Test func aLinkPlantedInTheStoreIsReportedAndItsTargetKept() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", BuildCommandTests.spec)
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    try FileManager.default.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("build/assets/.cache/objects/zz").path,
      withDestinationPath: "../../../..")
    try workspace.write("specs/a.yaml", BuildCommandTests.spec.replacingOccurrences(of: "One", with: "Uno"))
    let before = snapshot(of: workspace.url.appendingPathComponent("specs"))
    let result = try CLIRunner.run(["build"], in: workspace.url)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("error: refusing to use the output directory: '")
        && result.stderr.contains("build/assets/.cache/objects/zz' is a symbolic link"), "\(result.stderr)")
    #expect(snapshot(of: workspace.url.appendingPathComponent("specs")) == before)
  }

  /// A build that cannot point `current` at its new version (the output directory is not
  /// writable, while its subdirectories are) fails and leaves no version behind: one that was
  /// never current would be taken for the newest by `diff previous`.
  @Test func aVersionThatCouldNotBecomeCurrentIsNotLeftBehind() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", BuildCommandTests.spec)
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    try workspace.write("specs/a.yaml", BuildCommandTests.spec.replacingOccurrences(of: "text: One", with: "text: Uno"))
    let store = workspace.url.appendingPathComponent("build/assets")
    // Every directory writable to all, but the store's own; run as another user when this is root,
    // whom a mode does not stop.
    let all = try #require(FileManager.default.enumerator(atPath: workspace.url.path))
    for case let path as String in all {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o777], ofItemAtPath: workspace.url.appendingPathComponent(path).path)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: workspace.url.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: store.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: store.path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: getuid() == 0 ? "/usr/bin/setpriv" : CLIRunner.binary.path)
    process.arguments =
      (getuid() == 0 ? ["--reuid=65534", "--regid=65534", "--clear-groups", CLIRunner.binary.path] : []) + ["build"]
    process.currentDirectoryURL = workspace.url
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1 && message.contains("current"), "\(message)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("versions").path) == ["v1"])
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: store.appendingPathComponent("current").path)
        == "versions/v1")
  }

  /// Starts a program as `nobody` (user and group 65534).
  static let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

  /// Whether this machine lets root run a program as `nobody`, who can reach the temporary
  /// directory (where the test puts a copy of the binary).
  static let canRunAsNobody: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return false }
    let temporary = FileManager.default.temporaryDirectory.path
    let test = try? CLIRunner.run(
      ["-x", temporary], in: URL(fileURLWithPath: "/"), through: asNobody,
      program: URL(fileURLWithPath: "/usr/bin/test"))
    return test?.status == 0
  }()

  /// A folder of the store the user cannot open is said to be that (permission denied), not a
  /// link or special file to remove with the whole output directory. Run as `nobody`, since
  /// permissions do not stop root, with a copy of the binary `nobody` can reach.
  @Test(.enabled(if: canRunAsNobody)) func aFolderThatCannotBeOpenedIsSaidSo() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", BuildCommandTests.spec)
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    let binary = workspace.url.appendingPathComponent("buttonsmith")
    try FileManager.default.copyItem(at: CLIRunner.binary, to: binary)
    let folder = workspace.url.appendingPathComponent("build/assets/versions/v1/one")
    #expect(chmod(folder.path, 0) == 0)
    defer { chmod(folder.path, 0o755) }
    let check = try CLIRunner.run(["build", "--check"], in: workspace.url, through: Self.asNobody, program: binary)
    #expect(check.status == 1)
    #expect(check.stderr.contains("cannot read '\(folder.path)': Permission denied"), "\(check.stderr)")
  }

  /// The cache index and the input stamp are records for the next build: one that cannot be
  /// written (here a folder stands where each goes) is a warning that says what the next build
  /// does instead, and the build still publishes a whole version.
  @Test func recordsThatCannotBeWrittenAreWarnedAndTheBuildSucceeds() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", BuildCommandTests.spec)
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    let cache = workspace.url.appendingPathComponent("build/assets/.cache")
    for record in ["index", "stamp"] {
      try FileManager.default.removeItem(at: cache.appendingPathComponent(record))
      try FileManager.default.createDirectory(
        at: cache.appendingPathComponent(record), withIntermediateDirectories: false)
    }
    try workspace.write(
      "specs/a.yaml", BuildCommandTests.spec.replacingOccurrences(of: "text: Two", with: "text: Three"))
    let build = try CLIRunner.run(["build"], in: workspace.url)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(
      build.stderr.contains(
        "warning: the input stamp was not saved (cannot write '\(cache.path)/stamp': Is a directory), so the next "
          + "build checks every input"), "\(build.stderr)")
    #expect(
      build.stderr.contains(
        "warning: the cache index was not saved (cannot write '\(cache.path)/index': Is a directory), so the next "
          + "build hashes its objects again or draws them"), "\(build.stderr)")
    #expect(try CLIRunner.run(["build", "--check"], in: workspace.url).status == 0)
  }
}

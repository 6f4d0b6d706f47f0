import ButtonsmithWorkload
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A build flushes what it wrote to the disk before it publishes: file by file when it wrote few
/// (a flush of the whole file system waits for every other program's unwritten data too), the
/// file system at once when it wrote many (a flush per file costs a journal commit each), never
/// less than its own objects, folders and manifest. Seen through `strace`, which also injects a
/// disk's errors.
struct WriteBackTests {
  /// The files (`fdatasync`) and directories (`fsync`) a traced run flushed, by path; and how
  /// many times it flushed a whole file system (`syncfs`).
  struct Flushes {
    var files = Set<String>()
    var directories = Set<String>()
    var fileSystems = 0
  }

  /// Runs `buttonsmith arguments` in `workspace` under `strace` with `options` (a fault to
  /// inject), and returns its result and what it flushed.
  func traced(_ arguments: [String], in workspace: TestWorkspace, options: [String] = []) throws -> (
    CLIRunner.Result, Flushes
  ) {
    // A file for each thread (`-ff`): its calls never interleave with another's.
    let traces = workspace.url.appendingPathComponent("traces.\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    let strace =
      ["/usr/bin/strace", "-ff", "-qq", "-y", "-o", traces.appendingPathComponent("trace").path]
      + ["-e", "trace=syncfs,fdatasync,fsync"] + options
    let result = try CLIRunner.run(arguments, in: workspace.url, through: strace)
    var flushes = Flushes()
    for name in try FileManager.default.contentsOfDirectory(atPath: traces.path) {
      let text = try String(contentsOf: traces.appendingPathComponent(name), encoding: .utf8)
      for line in text.split(separator: "\n") {
        if line.contains("syncfs(") { flushes.fileSystems += 1 }
        guard let call = line.firstMatch(of: /^(fdatasync|fsync)\(\d+<([^>]*)>\) += 0/) else { continue }
        if call.1 == "fdatasync" {
          flushes.files.insert(String(call.2))
        } else {
          flushes.directories.insert(String(call.2))
        }
      }
    }
    try FileManager.default.removeItem(at: traces)
    return (result, flushes)
  }

  /// The paths of the objects in the store at `output`.
  func objects(in output: URL) throws -> Set<String> {
    let objects = output.appendingPathComponent(".cache/objects")
    var paths = Set<String>()
    for shard in try FileManager.default.contentsOfDirectory(atPath: objects.path) {
      for name in try FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent(shard).path) {
        paths.insert(objects.appendingPathComponent(shard).appendingPathComponent(name).path)
      }
    }
    return paths
  }

  /// A path under a staged version's temporary directory, from the version's directory on
  /// (`manifest.json`, `a/b`), or `nil` for any other.
  func inStagedVersion(_ path: String, output: URL) -> String? {
    let versions = output.appendingPathComponent("versions").path + "/"
    guard path.hasPrefix(versions) else { return nil }
    let rest = path.dropFirst(versions.count).split(separator: "/", maxSplits: 1)
    return rest.count == 2 ? String(rest[1]) : nil
  }

  @Test(.enabled(if: KillTests.canTrace)) func aBuildFlushesItsOwnObjectsFoldersAndManifestNotTheFileSystem() throws {
    let workspace = try TestWorkspace()
    let output = workspace.url.appendingPathComponent("build/assets")
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 3))
    let (first, flushes) = try traced(["build", "--quiet"], in: workspace)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(flushes.fileSystems == 0)
    let drawn = try objects(in: output)
    #expect(drawn.count > 10)
    #expect(drawn.isSubset(of: flushes.files))
    #expect(Set(flushes.files.compactMap { inStagedVersion($0, output: output) }) == ["manifest.json"])
    // Every folder of the version, made by this build, had its names flushed.
    let version = output.appendingPathComponent("versions/v1")
    let folders = try FileManager.default.subpathsOfDirectory(atPath: version.path).filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: version.appendingPathComponent(path).path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    #expect(folders.count >= 3)
    #expect(Set(folders).isSubset(of: Set(flushes.directories.compactMap { inStagedVersion($0, output: output) })))

    // One button changed: what it drew is flushed (and any earlier object it hashed, written
    // too close to the first build's records for them to vouch for it), never the file system.
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 3, changedButton: 1))
    let (second, again) = try traced(["build", "--quiet"], in: workspace)
    #expect(second.status == 0, "\(second.stderr)")
    let new = try objects(in: output).subtracting(drawn)
    #expect(!new.isEmpty)
    #expect(new.isSubset(of: again.files))
    #expect(again.fileSystems == 0)
  }

  /// A build that wrote more than `BuildFlush.largestFileByFileFlush` files and directories
  /// flushes the file system once for its objects (and a failure of that flush, an injected EIO,
  /// publishes nothing); a build that changes one button then flushes its few files one by one.
  @Test(.enabled(if: KillTests.canTrace)) func aBuildThatWroteManyFilesFlushesTheFileSystemOnce() throws {
    let workspace = try TestWorkspace()
    let output = workspace.url.appendingPathComponent("build/assets")
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 1))
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 30))
    let (failed, _) = try traced(["build", "--quiet"], in: workspace, options: ["-e", "inject=syncfs:error=EIO"])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("cannot write '\(output.path)': Input/output error"), "\(failed.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("versions").path) == ["v1"])

    let (built, flushes) = try traced(["build", "--quiet", "--force"], in: workspace)
    #expect(built.status == 0, "\(built.stderr)")
    #expect(flushes.fileSystems == 1)
    let drawn = try objects(in: output)
    #expect(drawn.count > BuildFlush.largestFileByFileFlush)
    // Only what was written after the objects' flush (the generated files) is flushed by itself.
    #expect(flushes.files.intersection(drawn).count < 5)
    #expect(Set(flushes.files.compactMap { inStagedVersion($0, output: output) }) == ["manifest.json"])

    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 30, changedButton: 4))
    let (changed, few) = try traced(["build", "--quiet"], in: workspace)
    #expect(changed.status == 0, "\(changed.stderr)")
    #expect(few.fileSystems == 0)
    #expect(try objects(in: output).subtracting(drawn).isSubset(of: few.files))
    #expect(try KillTests().everyVersionIsIntact(output))
  }

  /// An object whose write-back fails (an injected EIO on every `fdatasync`), or a directory of
  /// objects whose names do (on every `fsync`), fails the build: nothing is published, and the
  /// next build flushes the objects it then finds, since no flush vouched for them.
  @Test(.enabled(if: KillTests.canTrace), arguments: ["fdatasync", "fsync"])
  func aDiskThatFailsToWriteAnObjectPublishesNothing(failing call: String) throws {
    let workspace = try TestWorkspace()
    let output = workspace.url.appendingPathComponent("build/assets")
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 2))
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    let before = try objects(in: output)
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 3))
    let (failed, _) = try traced(["build", "--quiet"], in: workspace, options: ["-e", "inject=\(call):error=EIO"])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("cannot write '\(output.path)/.cache"), "\(failed.stderr)")
    #expect(failed.stderr.contains("Input/output error"), "\(failed.stderr)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent("current").path)
        == "versions/v1")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("versions").path) == ["v1"])
    let unflushed = try objects(in: output).subtracting(before)
    #expect(!unflushed.isEmpty)

    let (next, flushes) = try traced(["build", "--quiet"], in: workspace)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(unflushed.isSubset(of: flushes.files))
    #expect(try KillTests().everyVersionIsIntact(output))
  }
}

import ButtonCore
import ButtonsmithWorkload
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A build killed with SIGKILL at many instants leaves `current` and every earlier version
/// intact, and the next build succeeds.
struct KillTests {
  /// Every version directory's files match their manifest.
  func everyVersionIsIntact(_ output: URL) throws -> Bool {
    let versions = output.appendingPathComponent("versions")
    for name in try FileManager.default.contentsOfDirectory(atPath: versions.path) where name.hasPrefix("v") {
      let directory = versions.appendingPathComponent(name)
      let manifest = try Manifest.read(from: directory.appendingPathComponent("manifest.json"))
      for asset in manifest.assets
      where ContentHash.sha256(ofFileAt: directory.appendingPathComponent(asset.path)) != asset.sha256 {
        return false
      }
    }
    return true
  }

  @Test func killedBuildsLoseNothing() throws {
    let workspace = try TestWorkspace()
    let output = workspace.url.appendingPathComponent("build/assets")
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 12))
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    let delays = [0.005, 0.02, 0.04, 0.07, 0.1, 0.15, 0.2, 0.3, 0.45, 0.6]
    for (round, delay) in delays.enumerated() {
      try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 12, changedButton: round % 12))
      let process = Process()
      process.executableURL = CLIRunner.binary
      process.arguments = ["build", "--force", "--quiet", "--keep", "3"]
      process.currentDirectoryURL = workspace.url
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      Thread.sleep(forTimeInterval: delay)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let current = try FileManager.default.destinationOfSymbolicLink(
        atPath: output.appendingPathComponent("current").path)
      #expect(current.hasPrefix("versions/v"), "round \(round): current is \(current)")
      #expect(try everyVersionIsIntact(output), "round \(round), killed after \(delay) s")
    }
    let final = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(final.status == 0, "\(final.stderr)")
    #expect(try CLIRunner.run(["build", "--check"], in: workspace.url).status == 0)
    #expect(try everyVersionIsIntact(output))
  }

  /// Whether `strace` can trace here (installed by `make test`; a container may forbid tracing).
  static let canTrace: Bool = {
    let traced = try? CLIRunner.run(
      [], in: URL(fileURLWithPath: "/"), through: ["/usr/bin/strace", "-qq", "-o", "/dev/null"],
      program: URL(fileURLWithPath: "/bin/true"))
    return traced?.status == 0
  }()

  /// The new version's name must reach the disk before `current` names it: when the disk fails
  /// to write `versions/` (an injected EIO on its fsync), the build fails, `current` stays, the
  /// version is not published, and the next build succeeds.
  @Test(.enabled(if: canTrace)) func aDiskThatFailsToWriteTheVersionsNamePublishesNothing() throws {
    let workspace = try TestWorkspace()
    let output = workspace.url.appendingPathComponent("build/assets")
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 2))
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 3))
    let strace = [
      "/usr/bin/strace", "-f", "-qq", "-o", "/dev/null", "-P", output.appendingPathComponent("versions").path, "-e",
      "trace=fsync", "-e", "inject=fsync:error=EIO",
    ]
    let failed = try CLIRunner.run(["build", "--quiet"], in: workspace.url, through: strace)
    #expect(failed.status == 1)
    #expect(
      failed.stderr.contains("cannot write '\(output.path)/versions': Input/output error"), "\(failed.stderr)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent("current").path)
        == "versions/v1")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("versions").path) == ["v1"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    #expect(try everyVersionIsIntact(output))
  }

  /// A build killed once `current` names its version, before it wrote its index the last time,
  /// has written the index of what it drew already: the next build draws nothing.
  @Test(.enabled(if: canTrace)) func aBuildKilledAfterPublishingLeavesAnIndexOfWhatItDrew() throws {
    let workspace = try TestWorkspace()
    let output = workspace.url.appendingPathComponent("build/assets")
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 2))
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 3))
    // Killed on the flush of the output directory that follows the swap of `current`.
    let strace = [
      "/usr/bin/strace", "-f", "-qq", "-o", "/dev/null", "-P", output.path, "-e", "trace=fsync", "-e",
      "inject=fsync:signal=KILL",
    ]
    let killed = try CLIRunner.run(["build", "--quiet"], in: workspace.url, through: strace)
    #expect(killed.status != 0)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent("current").path)
        == "versions/v2")
    let next = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(next.status == 0, "\(next.stderr)")
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [String: Any])
    #expect(summary["rendered"] as? Int == 0, "\(summary)")
    #expect(summary["new_version"] as? Bool == false, "\(summary)")
    #expect(try everyVersionIsIntact(output))
  }
}

import ButtonsmithTestSupport
import Foundation
import Testing

/// A name server that never answers costs the build one timeout, not its resolver's whole wait.
/// The build runs in a mount namespace of its own whose `/etc/resolv.conf` names a server on a
/// loopback address that takes every query and answers none.
struct RemoteNameLookupTests {
  /// Whether a child may be given a mount namespace of its own (root, where the container allows it).
  static let canUnshare: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = ["-m", "true"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  @Test(.enabled(if: canUnshare))
  func aNameServerThatNeverAnswersCostsOneTimeout() throws {
    let address = "127.0.0.\(Int.random(in: 10...250))"
    let server = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
    try #require(server >= 0)
    defer { close(server) }
    var socketAddress = sockaddr_in()
    socketAddress.sin_family = sa_family_t(AF_INET)
    socketAddress.sin_port = in_port_t(53).bigEndian
    inet_pton(AF_INET, address, &socketAddress.sin_addr)
    let bound = withUnsafePointer(to: &socketAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(bound == 0)

    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [20, 10], scales: [1], tint: red }\n")
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nremote-cache: { url: \"http://cache.buttonsmith.test/b\", timeout: 1 }\n")
    let resolver = try workspace.write("resolv.conf", "nameserver \(address)\n")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = [
      "-m", "sh", "-c", "mount --bind \"$0\" /etc/resolv.conf && exec \"$1\" build --quiet -o out",
      resolver.path, CLIRunner.binary.path,
    ]
    process.currentDirectoryURL = workspace.url
    // The resolver waits a minute for an answer; the build is stopped after half of that.
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["RES_OPTIONS": "timeout:60 attempts:1", "NO_COLOR": "1"]) { _, new in new }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let guardTimer = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: guardTimer)
    process.waitUntilExit()
    guardTimer.cancel()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    #expect(
      FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("out/current/a/normal.png").path))
  }
}

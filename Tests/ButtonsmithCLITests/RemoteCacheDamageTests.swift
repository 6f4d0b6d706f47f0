import ButtonCore
import ButtonsmithTestSupport
import Foundation
import Testing

/// Records that name an image which is not what the job draws: one the local cache already
/// holds, of another size, and images damaged by their writer (cut short, a bad CRC, bytes after
/// the end) stored under their own digest. Each is drawn here instead, never published.
extension RemoteCacheTests {
  /// The current version's assets of `workspace`, by path.
  func assets(_ workspace: TestWorkspace) throws -> [String: [String: Any]] {
    let url = workspace.url.appendingPathComponent("build/assets/current/manifest.json")
    let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let assets = try #require(manifest["assets"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: assets.map { ($0["path"] as? String ?? "", $0) })
  }

  /// Makes the server's record of `pay/normal.png` name the image `sha256`.
  func pointPayRecord(of first: TestWorkspace, at sha256: String, on server: NginxServer) throws {
    let key = try #require(try assets(first)["pay/normal.png"]?["key"] as? String)
    let record = server.data.appendingPathComponent("ac/\(key)")
    var fields = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
    fields["sha256"] = sha256
    try JSONSerialization.data(withJSONObject: fields).write(to: record)
  }

  @Test func aRecordNamingAnImageTheLocalCacheHasOfAnotherSizeIsNotUsed() throws {
    let server = try NginxServer()
    let first = try workspace()
    #expect(try build(first, ["--remote-cache", server.url, "--remote-cache-upload"]).status == 0)
    let other = try #require(try assets(first)["cancel/normal@2x.png"]?["sha256"] as? String)
    try pointPayRecord(of: first, at: other, on: server)
    // The second machine has drawn every button but `pay`: the image named is in its cache.
    let second = try workspace()
    try second.write(
      "specs/a.yaml", Self.spec.replacingOccurrences(of: "  pay: { tint: \"#0A60D0\", text: Pay }\n", with: ""))
    #expect(try build(second, []).status == 0)
    try second.write("specs/a.yaml", Self.spec)
    let run = try build(second, ["--remote-cache", server.url])
    #expect(run.status == 0 && run.rendered == 1, "\(run.stderr)")
    #expect(run.stderr.contains("1 records named an image of another size"), "\(run.stderr)")
    // Its version is the second: the manifests differ in their number.
    #expect(try files(second).filter { $0.key != "manifest.json" } == files(first).filter { $0.key != "manifest.json" })
  }

  @Test(arguments: ["cut before its end", "a bad CRC", "bytes after its end"])
  func aRecordNamingADamagedImageIsNotUsed(damage: String) throws {
    let server = try NginxServer()
    let first = try workspace()
    #expect(try build(first, ["--remote-cache", server.url, "--remote-cache-upload"]).status == 0)
    let sha256 = try #require(try assets(first)["pay/normal.png"]?["sha256"] as? String)
    var png = try Data(contentsOf: server.data.appendingPathComponent("cas/\(sha256)"))
    switch damage {
    case "cut before its end": png.removeLast(12)  // the IEND chunk
    case "a bad CRC": png[png.count / 2] ^= 0x40  // a byte of the image data
    default: png.append(contentsOf: [0, 0, 0, 0])
    }
    let damaged = ContentHash.sha256(png)
    try png.write(to: server.data.appendingPathComponent("cas/\(damaged)"))
    try pointPayRecord(of: first, at: damaged, on: server)
    let second = try workspace()
    let run = try build(second, ["--remote-cache", server.url])
    #expect(run.status == 0 && run.rendered == 1 && run.downloaded == 15, "\(run.stderr)")
    #expect(run.stderr.contains("1 records named an image that is not a whole PNG"), "\(run.stderr)")
    #expect(try files(second) == files(first))
  }
}

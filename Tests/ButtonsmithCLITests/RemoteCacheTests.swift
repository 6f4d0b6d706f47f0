import ButtonCore
import ButtonsmithTestSupport
import Foundation
import Testing

/// The shared cache against a real nginx: uploads, downloads that draw nothing, bytes that are
/// verified, a remote that fails in every way without failing the build, and sharded builds
/// assembled into the same version a single machine builds.
@Suite(.serialized)
struct RemoteCacheTests {
  static let spec = """
    buttonsmith: 1
    defaults: { size: [120, 44], scales: [1, 2], hit-mask: true, states: { highlighted: { opacity: 0.8 } } }
    buttons:
      pay: { tint: "#0A60D0", text: Pay }
      cancel: { tint: "#D00A30", text: Cancel }
      more: { tint: "#30A060", text: More }
      less: { tint: "#A06030", text: Less }

    """

  func workspace() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    return workspace
  }

  struct Build {
    var status: Int32
    var summary: [String: Any]
    var stderr: String

    var rendered: Int { summary["rendered"] as? Int ?? -1 }
    var downloaded: Int { summary["downloaded"] as? Int ?? -1 }
    var uploaded: Int { summary["uploaded"] as? Int ?? -1 }
    var reused: Int { summary["reused"] as? Int ?? -1 }
    var assets: Int { summary["assets"] as? Int ?? -1 }
  }

  func build(
    _ workspace: TestWorkspace, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> Build {
    let run = try CLIRunner.run(
      ["build", "--json"] + arguments, in: workspace.url, hangGuard: 120, environment: environment)
    let summary = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]) ?? [:]
    return Build(status: run.status, summary: summary ?? [:], stderr: run.stderr)
  }

  /// Whether each entry of the local cache index records its image's status.
  func indexStatuses(_ workspace: TestWorkspace) throws -> [Bool] {
    let data = try Data(contentsOf: workspace.url.appendingPathComponent("build/assets/.cache/index"))
    let index = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    // An entry is a line of 22 fields; the image's status is the five from the thirteenth, all
    // zero when there is none.
    let entries = try #require(index["entries"] as? [String: String])
    return entries.values.map { $0.split(separator: " ")[12..<17].contains { $0 != "0" } }
  }

  /// Every file of the current version, by path.
  func files(_ workspace: TestWorkspace) throws -> [String: Data] {
    let current = workspace.url.appendingPathComponent("build/assets/current").resolvingSymlinksInPath()
    var files: [String: Data] = [:]
    let walker = try #require(FileManager.default.enumerator(atPath: current.path))
    for case let path as String in walker {
      var isDirectory: ObjCBool = false
      let url = current.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        files[path] = try Data(contentsOf: url)
      }
    }
    return files
  }

  @Test func whatOneMachineUploadsAnotherDownloadsWithoutDrawing() throws {
    let server = try NginxServer()
    let first = try workspace()
    let upload = try build(first, ["--remote-cache", server.url, "--remote-cache-upload"])
    #expect(upload.status == 0, "\(upload.stderr)")
    // 4 buttons x 2 states x 2 scales, each with a hit mask.
    #expect(upload.rendered == 16 && upload.uploaded == 16 && upload.downloaded == 0)
    // Each record names objects the server holds, and each object's bytes hash to its name.
    #expect(server.stored("ac").count == 16)
    var named = Set<String>()
    for record in server.stored("ac") {
      let bytes = try Data(contentsOf: record)
      let fields = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
      named.formUnion([fields["sha256"], fields["hitMaskSHA256"]].compactMap { $0 as? String })
      // Uploaded in one form, keys sorted and no spaces: the same bytes from every machine.
      #expect(bytes == (try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])))
    }
    #expect(Set(server.stored("cas").map(\.lastPathComponent)) == named)
    for object in server.stored("cas") {
      #expect(ContentHash.sha256(try Data(contentsOf: object)) == object.lastPathComponent)
    }
    let second = try workspace()
    let download = try build(second, ["--remote-cache", server.url])
    #expect(download.status == 0, "\(download.stderr)")
    #expect(download.rendered == 0 && download.downloaded == 16 && download.uploaded == 0)
    #expect(!download.stderr.contains("warning"))
    #expect(try files(second) == files(first))
  }

  /// The project file may leave the URL to the command line (a secret of CI) and give the rest:
  /// with `--remote-cache URL` its settings apply; without, there is no remote cache.
  @Test func theURLMayComeFromTheCommandLineAlone() throws {
    let server = try NginxServer()
    let first = try workspace()
    try first.write("buttonsmith.yml", "buttonsmith: 1\nremote-cache: { upload: true, timeout: 5 }\n")
    let local = try build(first, [])
    #expect(local.status == 0 && local.rendered == 16 && local.uploaded == 0 && server.stored("ac").isEmpty)
    #expect(!local.stderr.contains("warning"), "\(local.stderr)")
    let uploading = try build(first, ["--remote-cache", server.url, "--force"])
    #expect(uploading.status == 0 && uploading.uploaded == 16, "\(uploading.stderr)")
    #expect(server.stored("ac").count == 16)
  }

  @Test func anAlteredObjectIsDrawnNotPublished() throws {
    let server = try NginxServer()
    let first = try workspace()
    #expect(try build(first, ["--remote-cache", server.url, "--remote-cache-upload"]).status == 0)
    let record = try #require(server.stored("ac").first)
    let named =
      try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])["sha256"] as? String
    try Data("not the image".utf8).write(to: server.data.appendingPathComponent("cas/\(named!)"))
    let second = try workspace()
    let run = try build(second, ["--remote-cache", server.url])
    #expect(run.status == 0)
    #expect(run.rendered == 1 && run.downloaded == 15)
    #expect(run.stderr.contains("1 objects had other bytes than their name"), "\(run.stderr)")
    #expect(try files(second) == files(first))
  }

  /// A record whose image would not be the job's (another size, no hit mask) is not used.
  @Test func aRecordThatDoesNotFitItsJobIsNotUsed() throws {
    let server = try NginxServer()
    let first = try workspace()
    #expect(try build(first, ["--remote-cache", server.url, "--remote-cache-upload"]).status == 0)
    let record = try #require(server.stored("ac").first)
    var fields = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
    fields["width"] = 7
    try JSONSerialization.data(withJSONObject: fields).write(to: record)
    let second = try workspace()
    let run = try build(second, ["--remote-cache", server.url])
    #expect(run.status == 0 && run.rendered == 1 && run.downloaded == 15)
    #expect(run.stderr.contains("did not fit their job"), "\(run.stderr)")
    #expect(try files(second) == files(first))
  }

  /// A record naming another image, intact by its name but of another size than the record
  /// says, is not used: what the manifest says of an image is what it is.
  @Test func aRecordNamingAnImageOfAnotherSizeIsNotUsed() throws {
    let server = try NginxServer()
    let first = try workspace()
    #expect(try build(first, ["--remote-cache", server.url, "--remote-cache-upload"]).status == 0)
    let records = try server.stored("ac").map { url in
      (url, try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]))
    }
    func size(_ fields: [String: Any]) -> [Int] { [fields["width"] as? Int ?? 0, fields["height"] as? Int ?? 0] }
    let (poisoned, fields) = try #require(records.first)
    let other = try #require(records.first { size($0.1) != size(fields) }?.1)
    var altered = fields
    altered["sha256"] = other["sha256"]
    try JSONSerialization.data(withJSONObject: altered).write(to: poisoned)
    let second = try workspace()
    let run = try build(second, ["--remote-cache", server.url])
    #expect(run.status == 0 && run.rendered == 1 && run.downloaded == 15, "\(run.stderr)")
    #expect(run.stderr.contains("1 records named an image of another size"), "\(run.stderr)")
    #expect(try files(second) == files(first))
  }

  /// A record larger than any record can be is not read to its end, nor used.
  @Test func anOversizedRecordIsNotRead() throws {
    let server = try NginxServer()
    let first = try workspace()
    #expect(try build(first, ["--remote-cache", server.url, "--remote-cache-upload"]).status == 0)
    let record = try #require(server.stored("ac").first)
    var padded = try Data(contentsOf: record)
    padded.append(Data(repeating: UInt8(ascii: " "), count: 8192))
    try padded.write(to: record)
    let second = try workspace()
    let run = try build(second, ["--remote-cache", server.url])
    #expect(run.status == 0 && run.rendered == 1 && run.downloaded == 15, "\(run.stderr)")
    #expect(run.stderr.contains("1 requests failed (response too large)"), "\(run.stderr)")
    #expect(try files(second) == files(first))
  }

  /// An object is read up to what a PNG of its record's size can take: a server that answers
  /// with more costs no more than the job, and the image is drawn here.
  @Test func anOversizedObjectIsNotRead() throws {
    let server = try NginxServer()
    let first = try workspace()
    #expect(try build(first, ["--remote-cache", server.url, "--remote-cache-upload"]).status == 0)
    // The largest image is 240 x 88 pixels: 84 KiB and the margin would hold any PNG of it.
    for object in try server.stored("cas") { try Data(repeating: 7, count: 4 << 20).write(to: object) }
    let second = try workspace()
    let run = try build(second, ["--remote-cache", server.url])
    #expect(run.status == 0 && run.rendered == 16 && run.downloaded == 0, "\(run.stderr)")
    #expect(run.stderr.contains("requests failed (response too large)"), "\(run.stderr)")
    #expect(try files(second) == files(first))
  }

  /// The facts a record gives that no digest vouches for, where the button is and its hit mask's
  /// bounds, are checked against the job and the mask: a record that says otherwise is not used.
  @Test(arguments: ["content", "hitMaskBounds"])
  func aRecordWithOtherFactsIsNotUsed(field: String) throws {
    let server = try NginxServer()
    let first = try workspace()
    #expect(try build(first, ["--remote-cache", server.url, "--remote-cache-upload"]).status == 0)
    let record = try #require(server.stored("ac").first)
    var fields = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
    fields[field] = ["x": 0, "y": 0, "width": 1, "height": 1]
    try JSONSerialization.data(withJSONObject: fields).write(to: record)
    let second = try workspace()
    let run = try build(second, ["--remote-cache", server.url])
    #expect(run.status == 0 && run.rendered == 1 && run.downloaded == 15, "\(run.stderr)")
    let said = field == "content" ? "did not fit their job" : "1 records gave other hit mask bounds than their mask"
    #expect(run.stderr.contains(said), "\(run.stderr)")
    #expect(try files(second) == files(first))
    #expect(try CLIRunner.run(["build", "--check"], in: second.url).status == 0)
  }

  /// A hit mask with nothing hit has no bounds, and its record, without them, is used.
  @Test func aRecordOfAnEmptyHitMaskIsUsed() throws {
    let server = try NginxServer()
    let spec =
      "buttonsmith: 1\nbuttons:\n  faint: { size: [60, 44], scales: [1], tint: blue, opacity: 0.2, hit-mask: true }\n"
    let first = try TestWorkspace()
    try first.write("specs/a.yaml", spec)
    #expect(try build(first, ["--remote-cache", server.url, "--remote-cache-upload"]).status == 0)
    let second = try TestWorkspace()
    try second.write("specs/a.yaml", spec)
    let run = try build(second, ["--remote-cache", server.url])
    #expect(run.status == 0 && run.rendered == 0 && run.downloaded == run.assets, "\(run.stderr)")
    #expect(!run.stderr.contains("warning"), "\(run.stderr)")
    #expect(try files(second) == files(first))
  }

  /// A miss answered with a large error page is a miss, not a failure: the page is not kept.
  @Test func aMissWithALargePageIsAMiss() throws {
    let server = try NginxServer()
    let url = "http://127.0.0.1:\(server.port)/pages"
    let first = try workspace()
    let upload = try build(first, ["--remote-cache", url, "--remote-cache-upload"])
    #expect(upload.status == 0 && upload.uploaded == 16 && !upload.stderr.contains("warning"), "\(upload.stderr)")
    let second = try workspace()
    let download = try build(second, ["--remote-cache", url])
    #expect(download.rendered == 0 && download.downloaded == 16, "\(download.stderr)")
  }

  /// A redirect is not followed: the header, a credential, never reaches another place.
  @Test func aRedirectIsNotFollowed() throws {
    let server = try NginxServer()
    let reference = try workspace()
    #expect(try build(reference, []).status == 0)
    let workspace = try workspace()
    try workspace.write(
      "buttonsmith.yml",
      "buttonsmith: 1\nremote-cache: { url: http://127.0.0.1:\(server.port)/moved, header-env: CACHE_HEADER }\n")
    let run = try build(workspace, [], environment: ["CACHE_HEADER": "Authorization: Bearer s3cret-token"])
    #expect(run.status == 0 && run.rendered == 16 && run.downloaded == 0, "\(run.stderr)")
    #expect(run.stderr.contains("requests failed (HTTP 302)"), "\(run.stderr)")
    #expect(server.elsewhereLog.isEmpty, "\(server.elsewhereLog)")
    #expect(!run.stderr.contains("s3cret"))
    #expect(try files(workspace) == files(reference))
  }

  @Test(arguments: ["stopped", "500", "timeout", "truncated"])
  func aFailingRemoteGivesOneWarningAndACorrectBuild(failure: String) throws {
    let server = try NginxServer()
    let reference = try workspace()
    #expect(try build(reference, []).status == 0)
    let listener = try Listener()
    let truncating = try TruncatingListener()
    var arguments: [String]
    switch failure {
    case "stopped":
      server.stop()
      arguments = ["--remote-cache", server.url, "--remote-cache-upload"]
    case "500":
      arguments = ["--remote-cache", "http://127.0.0.1:\(server.port)/broken", "--remote-cache-upload"]
    case "truncated":
      arguments = ["--remote-cache", "http://127.0.0.1:\(truncating.port)/buttons"]
    default:
      arguments = ["--remote-cache", "http://127.0.0.1:\(listener.port)/buttons"]
    }
    let workspace = try workspace()
    if failure == "timeout" {
      try workspace.write(
        "buttonsmith.yml",
        "buttonsmith: 1\nremote-cache: { url: http://127.0.0.1:\(listener.port)/buttons, timeout: 0.5, upload: true }\n"
      )
      arguments = []
    } else if failure == "stopped" {
      // The short form: a URL alone.
      try workspace.write("buttonsmith.yml", "buttonsmith: 1\nremote-cache: \(server.url)\n")
      arguments = ["--remote-cache-upload"]
    }
    let run = try build(workspace, arguments)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.rendered == 16 && run.downloaded == 0)
    let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: remote cache") }
    #expect(warnings.count == 1, "\(run.stderr)")
    let reason = [
      "stopped": "connection refused", "500": "HTTP 500", "timeout": "timed out", "truncated": "connection lost",
    ][failure]!
    #expect(warnings.first?.contains(reason) == true, "\(run.stderr)")
    // A remote given up on while looking up is not asked to store what was drawn either (each
    // upload would wait for its own timeout).
    if warnings.first?.contains("no further requests") == true {
      #expect(warnings.first?.contains("uploads failed") == false, "\(run.stderr)")
    }
    #expect(try files(workspace) == files(reference))
    // The text summary counts the remote's part, zeros included.
    let text = try CLIRunner.run(["build"] + arguments, in: workspace.url, hangGuard: 120)
    #expect(text.stdout.contains(", 0 downloaded, 0 uploaded"), "\(text.stdout)")
  }

  @Test func theHeaderComesFromTheEnvironmentAndIsNeverShown() throws {
    let server = try NginxServer(token: "s3cret-token")
    let url = "http://127.0.0.1:\(server.port)/private"
    let first = try workspace()
    try first.write(
      "buttonsmith.yml",
      "buttonsmith: 1\nremote-cache: { url: \(url), upload: true, header-env: CACHE_HEADER }\n")
    let environment = ["CACHE_HEADER": "Authorization: Bearer s3cret-token"]
    let upload = try build(first, [], environment: environment)
    #expect(upload.status == 0 && upload.uploaded == 16, "\(upload.stderr)")
    // Without the header the server refuses, and the build draws everything itself.
    let second = try workspace()
    try second.write("buttonsmith.yml", "buttonsmith: 1\nremote-cache: { url: \(url), header-env: CACHE_HEADER }\n")
    let refused = try build(second, [])
    #expect(refused.status == 0 && refused.rendered == 16 && refused.stderr.contains("HTTP 403"))
    let third = try workspace()
    try third.write("buttonsmith.yml", "buttonsmith: 1\nremote-cache: { url: \(url), header-env: CACHE_HEADER }\n")
    let download = try build(third, [], environment: environment)
    #expect(download.rendered == 0 && download.downloaded == 16)
    for workspace in [first, second, third] {
      let written = FileManager.default.enumerator(atPath: workspace.url.path)?.compactMap { $0 as? String } ?? []
      for path in written where !path.hasSuffix(".png") {
        let text = String(
          decoding: (try? Data(contentsOf: workspace.url.appendingPathComponent(path))) ?? Data(), as: UTF8.self)
        #expect(!text.contains("s3cret"), "\(path)")
      }
    }
    #expect(!(upload.stderr + refused.stderr + download.stderr).contains("s3cret"))
    // A header that is not one `Name: value` line is not sent, and the warning says so without
    // showing it.
    let fourth = try workspace()
    try fourth.write("buttonsmith.yml", "buttonsmith: 1\nremote-cache: { url: \(url), header-env: CACHE_HEADER }\n")
    let malformed = try build(fourth, [], environment: ["CACHE_HEADER": "Bearer s3cret-token\nX: y"])
    #expect(malformed.status == 0 && malformed.rendered == 16)
    #expect(
      malformed.stderr.contains("header not sent (CACHE_HEADER is not one 'Name: value' line)"), "\(malformed.stderr)")
    #expect(!malformed.stderr.contains("s3cret"))
    // Set but empty (a secret a pull request does not get) is not set: no warning about it.
    let fifth = try workspace()
    try fifth.write("buttonsmith.yml", "buttonsmith: 1\nremote-cache: { url: \(url), header-env: CACHE_HEADER }\n")
    let empty = try build(fifth, [], environment: ["CACHE_HEADER": " "])
    #expect(empty.status == 0 && !empty.stderr.contains("header not sent"), "\(empty.stderr)")
  }

  @Test func fourShardsAssembleIntoTheVersionOneMachineBuilds() throws {
    let server = try NginxServer()
    // A shard answers for its part only: the other parts' jobs are neither drawn nor reused.
    var drawnByShards = 0
    var assets = 0
    for index in 1...4 {
      let shard = try workspace()
      let run = try build(shard, ["--remote-cache", server.url, "--remote-cache-upload", "--shard", "\(index)/4"])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.reused == 0 && run.rendered > 0 && run.rendered < run.assets)
      drawnByShards += run.rendered
      assets = run.assets
      #expect(!FileManager.default.fileExists(atPath: shard.url.appendingPathComponent("build/assets/current").path))
      // A shard never flushes what it drew to the disk, so its index does not vouch for it; run
      // again, it hashes those objects, and still does not.
      for _ in 0..<(index == 1 ? 2 : 1) {
        let statuses = try indexStatuses(shard)
        #expect(!statuses.isEmpty && statuses.allSatisfy { !$0 })
        if index == 1 {
          let again = try build(shard, ["--remote-cache", server.url, "--remote-cache-upload", "--shard", "1/4"])
          #expect(again.status == 0 && again.rendered == 0 && again.reused == run.rendered, "\(again.stderr)")
        }
      }
    }
    #expect(server.stored("ac").count == 16 && drawnByShards == assets)
    let assembled = try workspace()
    let run = try build(assembled, ["--remote-cache", server.url])
    #expect(run.rendered == 0 && run.downloaded == 16)
    let single = try workspace()
    #expect(try build(single, []).status == 0)
    #expect(try files(assembled) == files(single))
    // A shard whose part the remote holds downloads it, asking for each record once (not again
    // to see whether the remote lacks it), and says what it did and where.
    let asked = server.requests.count
    let fetched = try workspace()
    let text = try CLIRunner.run(
      ["build", "--remote-cache", server.url, "--remote-cache-upload", "--shard", "1/4"], in: fetched.url,
      hangGuard: 120)
    let records = server.requests.dropFirst(asked).filter { $0.hasPrefix("GET /buttons/ac/") }
    #expect(text.status == 0 && !records.isEmpty && Set(records).count == records.count, "\(records)")
    let line = text.stdout.replacingOccurrences(of: #"in \d+\.\d+ s"#, with: "in T s", options: .regularExpression)
    #expect(
      line.hasPrefix(
        "build --shard 1/4: 0 rendered, \(records.count) reused from cache, \(records.count) downloaded, 0 uploaded, "
          + "0 written in T s "
          + "-> build/assets; nothing published"), "\(text.stdout)")
    // A shard whose local cache already holds its part uploads what the remote lacks.
    let emptied = try NginxServer()
    let warm = try workspace()
    #expect(try build(warm, []).status == 0)
    var uploaded = 0
    var reused = 0
    for index in 1...4 {
      let run = try build(warm, ["--remote-cache", emptied.url, "--remote-cache-upload", "--shard", "\(index)/4"])
      #expect(run.status == 0 && run.rendered == 0, "\(run.stderr)")
      uploaded += run.uploaded
      reused += run.reused
    }
    #expect(uploaded == 16 && emptied.stored("ac").count == 16 && reused == assets)
    // A shard needs somewhere to upload: asking for one without is a usage error, as is a
    // shard that is not two plain numbers I/N with 1 <= I <= N.
    let lone = try workspace()
    for arguments in [["--shard", "1/4"], ["--shard", "1/4", "--remote-cache", emptied.url]] {
      let alone = try CLIRunner.run(["build"] + arguments, in: lone.url)
      #expect(alone.status == 2 && alone.stderr.contains("--shard draws a part of the images"), "\(alone.stderr)")
    }
    for shard in ["5/4", "0/4", "1/0", "a/b", "+1/4", "01/04", "1/4/2", "1/"] {
      #expect(try CLIRunner.run(["build", "--shard", shard], in: lone.url).status == 2, "\(shard)")
    }
    #expect(!FileManager.default.fileExists(atPath: lone.url.appendingPathComponent("build").path))
  }
}

import ButtonsmithTestSupport
import Foundation
import Testing

/// `build`, `build --check` and `plan` through the real binary.
struct BuildCommandTests {
  static let spec = """
    buttonsmith: 1
    defaults:
      size: [120, 36]
      scales: [1, 2]
      states: { highlighted: {}, selected: { opacity: 0.5 } }
    buttons:
      one: { text: One, gradient: ["#0A60D0", "#203060"] }
      two: { text: Two, gradient: ["#0A60D0", "#203060"] }
    """

  /// Every path under `directory` with its modification date and inode, to see any change.
  func snapshot(_ directory: URL) -> [String: String] {
    var result: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    while let path = enumerator?.nextObject() as? String {
      let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)
      result[path] = "\(attributes?[.modificationDate] ?? "") \(attributes?[.systemFileNumber] ?? "")"
    }
    return result
  }

  @Test func buildPublishesAndASecondBuildIsUpToDate() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    let first = try CLIRunner.run(["build"], in: workspace.url)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout.hasPrefix("build: 12 assets, 12 rendered, 0 reused from cache, 12 written in"), "\(first.stdout)")
    #expect(first.stdout.hasSuffix("-> build/assets/versions/v1\n"))
    let link = try FileManager.default.destinationOfSymbolicLink(
      atPath: workspace.url.appendingPathComponent("build/assets/current").path)
    #expect(link == "versions/v1")
    #expect(
      FileManager.default.fileExists(
        atPath: workspace.url.appendingPathComponent("build/assets/current/one/selected@2x.png").path))
    let second = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(second.status == 0)
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
    #expect(summary["assets"] as? Int == 12 && summary["rendered"] as? Int == 0 && summary["reused"] as? Int == 12)
    #expect(summary["version"] as? Int == 1 && summary["new_version"] as? Bool == false && summary["seconds"] is Double)
    let quiet = try CLIRunner.run(["build", "--quiet"], in: workspace.url)
    #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
  }

  @Test func specErrorsRenderNothingAndLeaveTheOutputUntouched() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    let before = snapshot(workspace.url.appendingPathComponent("build/assets"))
    try workspace.write("specs/a.yaml", Self.spec.replacingOccurrences(of: "text: Two", with: "text: Two, opacity: 3"))
    let result = try CLIRunner.run(["build"], in: workspace.url)
    #expect(result.status == 1)
    #expect(result.stderr.contains("specs/a.yaml:8:30: error: opacity 3 is out of range 0...1 [value-out-of-range]"))
    #expect(snapshot(workspace.url.appendingPathComponent("build/assets")) == before)
  }

  @Test func checkListsWhatIsStaleAndRendersNothing() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    let missing = try CLIRunner.run(["build", "--check"], in: workspace.url)
    #expect(missing.status == 1 && missing.stdout.contains("missing: one/normal.png"))
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build").path))
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    #expect(try CLIRunner.run(["build", "--check"], in: workspace.url).status == 0)
    try workspace.write("specs/a.yaml", Self.spec.replacingOccurrences(of: "text: Two", with: "text: Deux"))
    let before = snapshot(workspace.url.appendingPathComponent("build/assets"))
    let stale = try CLIRunner.run(["build", "--check"], in: workspace.url)
    #expect(stale.status == 1)
    // Each stale image with the number of its pixels that differ ("Two" against "Deux").
    let lines = stale.stdout.split(separator: "\n").sorted()
    #expect(
      lines.map { $0.split(separator: " (").first.map(String.init) ?? "" } == [
        "stale: two/highlighted.png", "stale: two/highlighted@2x.png", "stale: two/normal.png",
        "stale: two/normal@2x.png",
        "stale: two/selected.png", "stale: two/selected@2x.png",
      ])
    #expect(lines.allSatisfy { $0.hasSuffix(" pixels differ)") && !$0.contains("(0 pixels") }, "\(lines)")
    #expect(snapshot(workspace.url.appendingPathComponent("build/assets")) == before)
  }

  @Test func planShowsEveryJobAndItsCacheStatus() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    let before = try CLIRunner.run(["plan"], in: workspace.url)
    #expect(before.status == 0)
    let rows = before.stdout.split(separator: "\n")
    #expect(rows.count == 12)
    #expect(rows.contains("one\tselected\t@2x\tlight\tone/selected@2x.png\t240x72\trender"))
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    let after = try CLIRunner.run(["plan", "--json"], in: workspace.url)
    let jobs = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
    #expect(jobs.count == 12 && jobs.allSatisfy { $0["status"] as? String == "cached" })
    #expect(jobs.first?["path"] as? String != nil && jobs.first?["width"] as? Int != nil)
  }

  /// `plan` says `render` for exactly the jobs a build then draws: none while the stamp confirms
  /// the build, though a cache object was deleted by hand; once another change means a build, the
  /// jobs whose image or hit mask object is gone, and the changed ones.
  @Test(arguments: ["sha256", "hit_mask"])
  func planAgreesWithTheBuildAboutDeletedObjects(deleted: String) throws {
    let workspace = try TestWorkspace()
    let spec = """
      buttonsmith: 1
      defaults: { size: [40, 20], scales: [1] }
      buttons:
        a: { tint: red, hit-mask: true }
        b: { tint: blue }

      """
    try workspace.write("specs/a.yaml", spec)
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/manifest.json")))
        as? [String: Any])
    let asset = try #require((manifest["assets"] as? [[String: Any]])?.first { $0["button"] as? String == "a" })
    let digest = try #require(
      deleted == "sha256" ? asset["sha256"] as? String : (asset["hit_mask"] as? [String: Any])?["sha256"] as? String)
    try FileManager.default.removeItem(
      at: workspace.url.appendingPathComponent("build/assets/.cache/objects/\(digest.prefix(2))/\(digest)"))

    func plannedPaths(_ status: String) throws -> [String] {
      let plan = try CLIRunner.run(["plan", "--json"], in: workspace.url)
      #expect(plan.status == 0, "\(plan.stderr)")
      let jobs = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [[String: Any]])
      return jobs.filter { status.isEmpty || $0["status"] as? String == status }.compactMap { $0["path"] as? String }
        .sorted()
    }
    func renderedPaths() throws -> [String] { try plannedPaths("render") }
    func rendered() throws -> Int {
      let build = try CLIRunner.run(["build", "--json"], in: workspace.url)
      let summary = try #require(try JSONSerialization.jsonObject(with: Data(build.stdout.utf8)) as? [String: Any])
      return try #require(summary["rendered"] as? Int)
    }
    #expect(try renderedPaths() == [])
    #expect(try rendered() == 0)
    try workspace.write("specs/a.yaml", spec.replacingOccurrences(of: "tint: blue", with: "tint: green"))
    // Every image of the object (states drawn alike share it), and the changed button's.
    let sharing = (manifest["assets"] as? [[String: Any]] ?? []).filter {
      $0["sha256"] as? String == digest || ($0["hit_mask"] as? [String: Any])?["sha256"] as? String == digest
    }
    let expected = try sharing.compactMap { $0["path"] as? String } + plannedPaths("").filter { $0.hasPrefix("b/") }
    #expect(try renderedPaths() == expected.sorted())
    #expect(try rendered() == expected.count)
    #expect(try renderedPaths() == [])
  }

  @Test(arguments: [
    ["build", "-j", "0"], ["build", "--keep", "0"], ["build", "--format", "svg"], ["build", "--format", ""],
  ])
  func badBuildOptionsAreUsageErrors(arguments: [String]) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    #expect(try CLIRunner.run(arguments, in: workspace.url).status == 2)
  }

  @Test func twoBuildsAtOnceNeverMix() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    let results = ResultBox()
    let directory = workspace.url
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let arguments = index == 0 ? ["build", "--force"] : ["build", "--force", "-j", "1"]
      results.append(try? CLIRunner.run(arguments, in: directory))
    }
    #expect(results.all.count == 2 && results.all.allSatisfy { $0?.status == 0 })
    let check = try CLIRunner.run(["build", "--check"], in: workspace.url)
    #expect(check.status == 0, "\(check.stdout)")
  }
}

final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var all: [CLIRunner.Result?] = []

  func append(_ result: CLIRunner.Result?) {
    lock.lock()
    all.append(result)
    lock.unlock()
  }
}

struct BuildFormatCommandTests {
  @Test func buildWritesEveryFormatAsked() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", BuildCommandTests.spec)
    let result = try CLIRunner.run(["build", "--format", "files,xcassets,android", "--json"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    // Every job drawn in this run; the three formats share 12 drawings, the cache's objects.
    #expect(summary["assets"] as? Int == 36 && summary["rendered"] as? Int == 36 && summary["reused"] as? Int == 0)
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/manifest.json")))
        as? [String: Any])
    let images = try #require(manifest["assets"] as? [[String: Any]])
    #expect(Set(images.compactMap { $0["sha256"] as? String }).count == 12)
    let current = workspace.url.appendingPathComponent("build/assets/current")
    for path in [
      "one/normal.png", "Buttons.xcassets/one-selected.imageset/Contents.json",
      "res/drawable-xhdpi/two_highlighted.png",
    ] {
      #expect(FileManager.default.fileExists(atPath: current.appendingPathComponent(path).path), "\(path)")
    }
  }

  /// The summary counts jobs: a changed button's jobs are rendered, even those that share one
  /// drawing; `--check --json` is one object too.
  @Test func summariesCountJobsAndCheckSpeaksJSON() throws {
    let workspace = try TestWorkspace()
    let spec = """
      buttonsmith: 1
      defaults: { size: [80, 30], scales: [1, 2], appearances: [light, dark], tint: blue }
      buttons:
        a: { text: A }
        b: { text: B }

      """
    try workspace.write("specs/a.yaml", spec)
    func summary(_ arguments: [String]) throws -> [String: Any] {
      let run = try CLIRunner.run(arguments, in: workspace.url)
      return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }
    // 2 buttons x 3 default states x 2 scales x 2 appearances; dark draws as light here.
    let first = try summary(["build", "--json"])
    #expect(first["assets"] as? Int == 24 && first["rendered"] as? Int == 24 && first["reused"] as? Int == 0)
    try workspace.write("specs/a.yaml", spec.replacingOccurrences(of: "text: B", with: "text: Be"))
    let check = try CLIRunner.run(["build", "--check", "--json"], in: workspace.url)
    #expect(check.status == 1)
    let stale = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    #expect(stale["up_to_date"] as? Bool == false && (stale["stale"] as? [[String: Any]])?.count == 12)
    // The fields of a build's summary too: a check draws, takes and publishes nothing.
    #expect(stale["assets"] as? Int == 24 && stale["rendered"] as? Int == 0 && stale["reused"] as? Int == 0)
    #expect(stale["version"] as? Int == 1 && stale["new_version"] as? Bool == false && stale["seconds"] is Double)
    let second = try summary(["build", "--json"])
    #expect(second["rendered"] as? Int == 12 && second["reused"] as? Int == 12)
    let fresh = try summary(["build", "--check", "--json"])
    #expect(fresh["up_to_date"] as? Bool == true && fresh["assets"] as? Int == 24 && fresh["version"] as? Int == 2)
  }
}

import ButtonsmithTestSupport
import Foundation
import Testing

/// `diff` and `report`: what changed between versions, on the terminal and on a review page that
/// a real browser (Debian's chromium, which `make test` installs) renders.
struct ReviewTests {
  /// A workspace built twice: `b` recoloured, `c` added and `d` removed in the second version.
  func twoVersions() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    let head = "buttonsmith: 1\ndefaults: { size: [80, 30], scales: [1, 2], states: { normal: {} } }\nbuttons:\n"
    try workspace.write("specs/a.yaml", head + "  a: { tint: blue }\n  b: { tint: red }\n  d: { tint: gray }\n")
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    try workspace.write("specs/a.yaml", head + "  a: { tint: blue }\n  b: { tint: orange }\n  c: { tint: green }\n")
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    return workspace
  }

  @Test func diffNamesEveryChangedAddedAndRemovedImage() throws {
    let workspace = try twoVersions()
    let run = try CLIRunner.run(["diff", "previous"], in: workspace.url)
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("changed: b/normal@2x.png (9600 pixels differ)"), "\(run.stdout)")
    #expect(lines.contains("changed: b/normal.png (2400 pixels differ)"))
    #expect(lines.contains("added: c/normal.png") && lines.contains("removed: d/normal@2x.png"))
    #expect(lines.last == "diff: v1 -> v2: 2 changed, 2 added, 2 removed, 2 unchanged")
    let json = try CLIRunner.run(["diff", "1", "2", "--json"], in: workspace.url)
    #expect(json.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let changed = try #require(object["changed"] as? [[String: Any]])
    #expect(changed.first?["path"] as? String == "b/normal@2x.png" && changed.first?["pixels"] as? Int == 9600)
    #expect(object["unchanged"] as? Int == 2)
  }

  @Test func theSameVersionHasNoDifferenceAndBadNamesAreUsageErrors() throws {
    let workspace = try twoVersions()
    let same = try CLIRunner.run(["diff", "current", "2"], in: workspace.url)
    #expect(same.status == 0 && same.stdout.hasSuffix("0 changed, 0 added, 0 removed, 6 unchanged\n"))
    let other = workspace.url.appendingPathComponent("build/assets").path
    #expect(try CLIRunner.run(["diff", other], in: workspace.url).status == 0)
    let missing = try CLIRunner.run(["diff", "9"], in: workspace.url)
    #expect(missing.status == 2 && missing.stderr.contains("has no version 9"))
    let neither = try CLIRunner.run(["diff", "nosuch"], in: workspace.url)
    #expect(neither.status == 2 && neither.stderr.contains("'nosuch' is neither a version"), "\(neither.stderr)")
    try FileManager.default.removeItem(
      at: workspace.url.appendingPathComponent("build/assets/versions/v1/manifest.json"))
    let noManifest = try CLIRunner.run(["diff", "1"], in: workspace.url)
    #expect(
      noManifest.status == 2 && noManifest.stderr.contains("v1/manifest.json' is missing"), "\(noManifest.stderr)")
  }

  /// Without a current version, `diff` and `report` say to build first; with a `current` that
  /// points outside the store, they say where it points, as `build` does.
  @Test func aMissingOrForeignCurrentIsReportedAsBuildReportsIt() throws {
    let workspace = try TestWorkspace()
    let commands = [["diff", "previous"], ["diff", "current"], ["report", "-o", "site"]]
    for command in commands {
      let run = try CLIRunner.run(command, in: workspace.url)
      #expect(run.status == 2 && run.stderr.contains("has no current version; build first"), "\(command) \(run.stderr)")
    }
    let built = try twoVersions()
    let current = built.url.appendingPathComponent("build/assets/current")
    try FileManager.default.removeItem(at: current)
    try FileManager.default.createSymbolicLink(atPath: current.path, withDestinationPath: "/tmp/elsewhere")
    for command in commands + [["diff", "1", "current"], ["build"]] {
      let run = try CLIRunner.run(command, in: built.url)
      #expect(run.status != 0 && run.stderr.contains("current' points to '/tmp/elsewhere'"), "\(command) \(run.stderr)")
      #expect(!run.stderr.contains("has no current version"))
    }
  }

  /// The files are compared, not their manifests' word: in a copied output directory, an image
  /// written over by hand under the same manifest is changed, and one deleted cannot be read.
  @Test func diffReadsTheFilesNotOnlyTheManifests() throws {
    let workspace = try twoVersions()
    let copy = workspace.url.appendingPathComponent("copy")
    try FileManager.default.copyItem(at: workspace.url.appendingPathComponent("build/assets"), to: copy)
    let version = copy.appendingPathComponent("versions/v2")
    let edited = version.appendingPathComponent("a/normal.png")
    try FileManager.default.removeItem(at: edited)
    try FileManager.default.copyItem(at: version.appendingPathComponent("b/normal.png"), to: edited)
    let run = try CLIRunner.run(["diff", "current", copy.path], in: workspace.url)
    #expect(run.status == 1 && run.stdout.contains("changed: a/normal.png"), "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.hasSuffix("1 changed, 0 added, 0 removed, 5 unchanged\n"), "\(run.stdout)")
    try Data("not a PNG".utf8).write(to: edited)
    let damaged = try CLIRunner.run(["diff", "current", copy.path], in: workspace.url)
    #expect(damaged.status == 2 && damaged.stderr.contains("'a/normal.png' of "), "\(damaged.stderr)")
    // Images are compared in no set order: the damaged one goes, so that the missing one is the
    // only problem.
    try FileManager.default.removeItem(at: edited)
    try FileManager.default.copyItem(at: version.appendingPathComponent("b/normal.png"), to: edited)
    try FileManager.default.removeItem(at: version.appendingPathComponent("a/normal@2x.png"))
    let missing = try CLIRunner.run(["diff", "current", copy.path], in: workspace.url)
    #expect(missing.status == 2 && missing.stderr.contains("cannot read 'a/normal@2x.png'"), "\(missing.stderr)")
  }

  /// A version copied with its links resolved (as `cp -rL` or a CI artifact leaves an output
  /// directory: `current` a folder), a version's folder, and an export are compared as the
  /// output directory they came from would be, also when named through a link.
  @Test func aCopiedVersionIsComparedAsItsOutputDirectory() throws {
    let workspace = try twoVersions()
    let copied = workspace.url.appendingPathComponent("artifact/current")
    try FileManager.default.createDirectory(
      at: copied.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: workspace.url.appendingPathComponent("build/assets/versions/v1"), to: copied)
    try FileManager.default.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("latest-artifact").path, withDestinationPath: "artifact")
    try FileManager.default.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("first-version").path,
      withDestinationPath: "build/assets/versions/v1")
    let version = workspace.url.appendingPathComponent("build/assets/versions/v1").path
    for other in ["artifact", version, "latest-artifact", "first-version"] {
      let run = try CLIRunner.run(["diff", other], in: workspace.url)
      #expect(
        run.status == 1 && run.stdout.hasSuffix("2 changed, 2 added, 2 removed, 2 unchanged\n"),
        "\(other): \(run.stdout) \(run.stderr)")
    }
  }

  /// A manifest naming a path outside its version (an edited or hostile output directory) is
  /// refused: nothing is read or written outside.
  @Test func pathsOutsideTheVersionAreRefused() throws {
    let workspace = try twoVersions()
    let manifest = workspace.url.appendingPathComponent("build/assets/versions/v1/manifest.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
      .replacingOccurrences(of: "\"path\" : \"a/normal.png\"", with: "\"path\" : \"../../../../etc/passwd\"")
    chmod(manifest.path, 0o644)
    try Data(text.utf8).write(to: manifest)
    let diff = try CLIRunner.run(["diff", "1"], in: workspace.url)
    #expect(diff.status == 2 && diff.stderr.contains("not inside the version"), "\(diff.stderr)")
    let report = try CLIRunner.run(["report", "--compare", "1", "--copy"], in: workspace.url)
    #expect(report.status == 2 && report.stderr.contains("not inside the version"), "\(report.stderr)")
  }

  /// The report writes only inside its directory, and only into a directory that is new, empty
  /// or an earlier report's: a link planted in it is refused, not followed, and a folder of yours
  /// keeps its files.
  @Test func theReportWritesOnlyInsideItsOwnDirectory() throws {
    let workspace = try twoVersions()
    let elsewhere = workspace.url.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    for planted in ["images", "diff"] {
      let site = workspace.url.appendingPathComponent("site-\(planted)")
      #expect(try CLIRunner.run(["report", "-o", site.lastPathComponent], in: workspace.url).status == 0)
      try FileManager.default.createSymbolicLink(
        atPath: site.appendingPathComponent(planted).path, withDestinationPath: "../elsewhere")
      let run = try CLIRunner.run(
        ["report", "-o", site.lastPathComponent, "--copy", "--compare", "previous"], in: workspace.url)
      #expect(run.status == 1 && run.stderr.contains("is a symbolic link"), "\(run.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }
    try workspace.write("mine/index.html", "my page")
    let mine = try CLIRunner.run(["report", "-o", "mine"], in: workspace.url)
    #expect(mine.status == 1 && mine.stderr.contains("is not empty and holds no report"), "\(mine.stderr)")
    #expect(
      try String(contentsOf: workspace.url.appendingPathComponent("mine/index.html"), encoding: .utf8) == "my page")
    // An earlier report's directory is written again.
    for _ in 0..<2 { #expect(try CLIRunner.run(["report", "-o", "site"], in: workspace.url).status == 0) }
  }

  /// Writes the review page of `current` against `previous` into `build/report`; its directory,
  /// its data and the data's images.
  func report(_ workspace: TestWorkspace, _ extra: [String] = []) throws -> (
    page: URL, data: [String: Any], images: [[String: Any]]
  ) {
    let run = try CLIRunner.run(["report", "--compare", "previous"] + extra, in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let page = workspace.url.appendingPathComponent("build/report")
    let data = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: page.appendingPathComponent("report.json")))
        as? [String: Any])
    return (page, data, try #require(data["images"] as? [[String: Any]]))
  }

  @Test func theReviewPageShowsTheChangesInABrowser() throws {
    let workspace = try twoVersions()
    let (page, data, images) = try report(workspace, ["--copy"])
    #expect(Set(images.compactMap { $0["status"] as? String }) == ["changed", "added", "removed", "unchanged"])
    for image in images {
      for key in ["src", "old_src", "diff_src", "hit_mask"] {
        guard let src = image[key] as? String else { continue }
        #expect(FileManager.default.fileExists(atPath: page.appendingPathComponent(src).path), "\(src)")
      }
    }
    let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(!html.contains("http://") && !html.contains("https://"), "the page asks for nothing on the network")
    let dom = try Self.browser([
      "--window-size=1600,2000", "--virtual-time-budget=3000", "--dump-dom",
      page.appendingPathComponent("index.html").absoluteString,
    ])
    // Every image shown loaded; none is broken.
    #expect(dom.components(separatedBy: "data-loaded=\"1\"").count - 1 >= 6, "\(dom.prefix(3000))")
    #expect(!dom.contains("data-broken"))
    #expect(dom.contains("compared with v1"))
    #expect(dom.contains("2 changed, 2 added, 2 removed, 2 unchanged"))
    #expect(dom.contains(#"<td class="name">b</td>"#) && dom.contains("changed · 9600 px"), "\(dom.prefix(2000))")
    // Changed rows come first.
    #expect(Self.rowNames(dom) == ["b", "c", "d", "a"])
    // The filter hides the other rows.
    let filtered = try Self.browser([
      "--dump-dom", page.appendingPathComponent("index.html").absoluteString + "#filter=c",
    ])
    #expect(Self.rowNames(filtered) == ["c"])
  }

  /// Every change the header counts is on the page: a spinner's later frames (a frame is
  /// switchable like a scale) and a hit mask that changed under an unchanged image (its old and
  /// new masks and their difference show).
  @Test func framesAndHitMasksThatChangedAreShown() throws {
    let workspace = try TestWorkspace()
    func spec(spinner: String, threshold: Double) -> String {
      """
      buttonsmith: 1
      defaults: { size: [80, 30], scales: [1] }
      buttons:
        s: { tint: blue, states: { normal: {}, loading: { spinner: { frames: 3, color: "\(spinner)" } } } }
        m: { tint: red, shadow: { blur: 6, color: black, opacity: 0.6 }, hit-mask: { threshold: \(threshold) }, states: { normal: {} } }

      """
    }
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, android]\n")
    try workspace.write("specs/a.yaml", spec(spinner: "#FFFFFF", threshold: 0.9))
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    try workspace.write("specs/a.yaml", spec(spinner: "#FFFF00", threshold: 0.05))
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    let (page, data, images) = try report(workspace)
    // One image per state and frame (the `files` layout's), each counted once in the header.
    #expect(images.count == 5 && images.allSatisfy { $0["format"] as? String == "files" })
    let changed = images.filter { $0["status"] as? String == "changed" }
    #expect(data["changed"] as? Int == changed.count && data["unchanged"] as? Int == images.count - changed.count)
    #expect(Set(changed.compactMap { $0["frame"] as? Int }) == [0, 1, 2])
    let mask = try #require(images.first { $0["button"] as? String == "m" })
    #expect(mask["status"] as? String == "changed" && mask["mask_changed"] as? Bool == true, "\(mask)")
    for key in ["old_hit_mask", "hit_mask", "diff_src"] {
      let src = try #require(mask[key] as? String, "\(key)")
      #expect(FileManager.default.fileExists(atPath: page.appendingPathComponent(src).path), "\(src)")
    }
    let dom = try Self.browser([
      "--window-size=1600,2000", "--virtual-time-budget=3000", "--dump-dom",
      page.appendingPathComponent("index.html").absoluteString,
    ])
    #expect(dom.contains("old hit mask") && dom.contains(#"<select id="frame">"#), "\(dom.prefix(3000))")
    #expect(dom.contains("\(changed.count) changed, 0 added, 0 removed, \(images.count - changed.count) unchanged"))
    #expect(!dom.contains("data-broken"))
  }

  /// The README's picture of the page, drawn by the browser the tests use (when recording).
  @Test(.enabled(if: isRecordingGoldens)) func theREADMEScreenshot() throws {
    let workspace = try TestWorkspace()
    func spec(_ pay: String) -> String {
      """
      buttonsmith: 1
      defaults: { extends: stateful, size: [150, 44], scales: [2] }
      buttons:
        pay: { text: "\(pay)" }
        cancel: { text: Cancel, gradient: { colors: ["#FF3B30", "#C2185B"], angle: -90 } }

      """
    }
    try workspace.write("specs/a.yaml", spec("Pay"))
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    try workspace.write("specs/a.yaml", spec("Pay now"))
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    #expect(try CLIRunner.run(["report", "--compare", "previous"], in: workspace.url).status == 0)
    let page = workspace.url.appendingPathComponent("build/report/index.html")
    _ = try Self.browser([
      "--window-size=1400,420", "--screenshot=\(repositoryRoot.appendingPathComponent("docs/images/report.png").path)",
      page.absoluteString,
    ])
  }

  /// The button names of the table's rows, in order, from a dumped DOM.
  static func rowNames(_ dom: String) -> [String] {
    guard
      let body = dom.components(separatedBy: #"<tbody id="rows">"#).dropFirst().first?.components(
        separatedBy: "</tbody>"
      ).first
    else { return [] }
    return body.components(separatedBy: #"<td class="name">"#).dropFirst().map { String($0.prefix { $0 != "<" }) }
  }

  /// Runs headless chromium with `arguments`; its standard output.
  static func browser(_ arguments: [String]) throws -> String {
    let binary = "/usr/bin/chromium"
    try #require(FileManager.default.isExecutableFile(atPath: binary), "make test installs chromium")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments =
      ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files"]
      + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text
  }
}

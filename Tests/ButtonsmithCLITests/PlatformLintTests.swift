import ButtonsmithTestSupport
import Foundation
import Testing

/// Everything that would break a catalog or Android resources is a located `lint` diagnostic
/// when the project file asks for those formats, with both clashing buttons named.
struct PlatformLintTests {
  /// `lint`'s diagnostic lines for `spec` built in `formats`.
  func lint(_ spec: String, formats: String) throws -> (status: Int32, lines: [String]) {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [\(formats)]\n")
    try workspace.write("specs/a.yaml", spec)
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    let lines = run.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("specs/") }
    return (run.status, lines)
  }

  @Test func javaKeywordsAreInvalidAndroidNames() throws {
    let spec = """
      buttonsmith: 1
      defaults: { size: [60, 48], tint: blue }
      buttons:
        new: {}
        class: {}
        news: {}

      """
    let (status, lines) = try lint(spec, formats: "android")
    #expect(status == 1)
    #expect(lines.count == 2)
    #expect(lines.contains { $0.hasPrefix("specs/a.yaml:4:3: error: 'new' is a Java keyword") })
    #expect(lines.contains { $0.hasPrefix("specs/a.yaml:5:3: error: 'class' is a Java keyword") })
    #expect(try self.lint(spec, formats: "files, xcassets").status == 0)
  }

  @Test func aStateAndAButtonNamedLikeItShareACatalogImageSet() throws {
    let spec = """
      buttonsmith: 1
      defaults: { size: [60, 48], tint: blue }
      buttons:
        a:
          states: { highlighted: { tint: red } }
        a-highlighted: {}

      """
    let (status, lines) = try lint(spec, formats: "xcassets")
    #expect(status == 1)
    #expect(
      lines == [
        "specs/a.yaml:6:3: error: buttons 'a' and 'a-highlighted' would both be the asset catalog's 'a-highlighted' "
          + "[duplicate-output]",
        "specs/a.yaml:4:3: note: 'a' is here",
      ])
    // On Android, `a`'s highlighted image and `a-highlighted`'s state list are one resource name.
    let android = try lint(spec, formats: "android")
    #expect(android.lines.contains { $0.hasPrefix("specs/a.yaml:") && $0.hasSuffix("[duplicate-output]") })
    #expect(android.lines.contains { $0.contains("'a' and 'a-highlighted'") || $0.contains("'a-highlighted' and 'a'") })
    #expect(try self.lint(spec, formats: "files").status == 0)
  }

  @Test func aHitMaskDataSetAndAButtonNamedLikeIt() throws {
    let spec = """
      buttonsmith: 1
      defaults: { size: [60, 48], tint: blue, states: { normal: {} } }
      buttons:
        a: { hit-mask: true }
        a-hitmask-2x: {}

      """
    let (status, lines) = try lint(spec, formats: "xcassets")
    #expect(status == 1)
    #expect(
      lines == [
        "specs/a.yaml:5:3: error: buttons 'a' and 'a-hitmask-2x' would both be the asset catalog's 'a-hitmask-2x' "
          + "[duplicate-output]",
        "specs/a.yaml:4:3: note: 'a' is here",
      ])
  }

  /// `a`'s hit masks and a button named `a-hitmask` have places of their own in every format.
  @Test func aHitMaskAndAButtonNamedLikeItBothBuild() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, xcassets, android]\n")
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\ndefaults: { size: [60, 48], tint: blue }\nbuttons:\n  a: { hit-mask: true }\n  a-hitmask: {}\n")
    let lint = try CLIRunner.run(["lint", "--strict"], in: workspace.url)
    #expect(lint.status == 0, "\(lint.stderr)")
    let build = try CLIRunner.run(["build"], in: workspace.url)
    #expect(build.status == 0, "\(build.stderr)")
    let current = workspace.url.appendingPathComponent("build/assets/current")
    for path in [
      "a/normal.hitmask.png", "a-hitmask/normal.png", "Buttons.xcassets/a-hitmask.imageset/normal.png",
      "Buttons.xcassets/a-hitmask-1x.dataset/normal.hitmask.png", "res/raw-mdpi/a_normal_hitmask.png",
      "res/drawable-mdpi/a_hitmask_normal.png",
    ] {
      #expect(FileManager.default.fileExists(atPath: current.appendingPathComponent(path).path), "\(path)")
    }
  }

  @Test func namesThatDifferOnlyInDashesCollideOnAndroid() throws {
    let spec = """
      buttonsmith: 1
      defaults: { size: [60, 48], tint: blue, states: { normal: {} } }
      buttons:
        a-b: {}
        a_b: {}

      """
    let (status, lines) = try lint(spec, formats: "android")
    #expect(status == 1)
    #expect(
      lines == [
        "specs/a.yaml:5:3: error: buttons 'a-b' and 'a_b' would both be the Android drawable 'a_b_normal' "
          + "[duplicate-output]",
        "specs/a.yaml:4:3: note: 'a-b' is here",
      ])
  }

  /// A mistake elsewhere in a button does not hide what the formats make of its name: the
  /// collision and the Java keyword are reported with it, at once, and a pair of buttons that
  /// meet in every state is reported once.
  @Test func namesAreCheckedInButtonsWithOtherMistakes() throws {
    let spec = """
      buttonsmith: 1
      buttons:
        a-b: { size: [100, 48], background: "#0A84FF" }
        a_b: { size: [100, 48], background: "#0A84FF", opacty: 0.5 }
        new: { size: [100, 48], tint: red, colr: red }

      """
    let (status, lines) = try lint(spec, formats: "android")
    #expect(status == 1)
    #expect(
      lines == [
        "specs/a.yaml:4:3: error: buttons 'a-b' and 'a_b' would both be the Android drawable 'a_b_normal' "
          + "[duplicate-output]",
        "specs/a.yaml:3:3: note: 'a-b' is here",
        "specs/a.yaml:4:50: error: unknown key 'opacty' in button 'a_b'; did you mean 'opacity'? [unknown-key]",
        "specs/a.yaml:5:3: error: 'new' is a Java keyword, which Android refuses as a resource name [invalid-asset-name]",
        "specs/a.yaml:5:38: error: unknown key 'colr' in button 'new' [unknown-key]",
      ])
  }

  @Test func scalesACatalogHasNoSlotForAreWarnedAtTheScale() throws {
    let spec = """
      buttonsmith: 1
      buttons:
        odd: { size: [60, 48], tint: blue, scales: [1.5, 4] }
        some: { size: [60, 48], tint: blue, scales: [1, 1.5] }

      """
    let (status, lines) = try lint(spec, formats: "xcassets")
    #expect(status == 0)
    #expect(
      lines == [
        // Said once of a button none of whose scales the catalog has.
        "specs/a.yaml:3:47: warning: button 'odd' has no image in the asset catalog: a catalog has slots for 1x, "
          + "2x and 3x only [scale-not-in-catalog]",
        // The catalog is the only format: the images of that scale are written nowhere.
        "specs/a.yaml:4:51: warning: the asset catalog has no slot for scale 1.5; no image is written at that "
          + "scale [scale-not-in-catalog]",
      ])
    for formats in ["xcassets,files", "android,xcassets"] {
      let (_, beside) = try lint(spec, formats: formats)
      #expect(
        beside.contains(
          "specs/a.yaml:4:51: warning: the asset catalog has no slot for scale 1.5; those images are written in "
            + "the other formats only [scale-not-in-catalog]"), "\(formats): \(beside)")
    }
  }

  /// A nine-patch only stretches: a centre that tiles, in any state, is warned of where `center`
  /// is written when Android is a format, and not otherwise (the catalog and Swift tile it).
  @Test func aTiledCentreIsWarnedOfWhenAndroidDrawsIt() throws {
    let spec = """
      buttonsmith: 1
      defaults: { size: [100, 48], tint: blue }
      buttons:
        tiled: { stretch: { insets: [0, 20, 0, 20], center: tile } }
        stretched: { stretch: { insets: [0, 20, 0, 20] } }
        pressed:
          stretch: { insets: [0, 20, 0, 20] }
          states: { highlighted: { stretch: { insets: [0, 20, 0, 20], center: tile } } }

      """
    for formats in ["android", "xcassets, android", "files, android"] {
      let (status, lines) = try lint(spec, formats: formats)
      #expect(status == 0)
      #expect(
        lines == [
          "specs/a.yaml:4:55: warning: Android's nine-patches cannot tile: the Android image of button 'tiled' "
            + "stretches its centre [stretch-not-tiled]",
          "specs/a.yaml:8:73: warning: Android's nine-patches cannot tile: the Android image of button 'pressed' "
            + "stretches its centre [stretch-not-tiled]",
        ], "\(formats)")
    }
    for formats in ["xcassets", "files"] {
      #expect(try lint(spec, formats: formats) == (0, []), "\(formats)")
    }
  }

  /// A first build whose every image is left out of the catalog still publishes a version (its
  /// manifest and an empty catalog), and says so.
  @Test func aFirstVersionWithNoImageIsNew() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [xcassets]\n")
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  odd: { size: [60, 48], tint: blue, scales: [4] }\n")
    for expected in [true, false] {
      let run = try CLIRunner.run(["build", "--json"], in: workspace.url)
      let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      #expect(run.status == 0)
      #expect(summary["new_version"] as? Bool == expected && summary["version"] as? Int == 1, "\(summary)")
    }
    #expect(
      FileManager.default.fileExists(
        atPath: workspace.url.appendingPathComponent("build/assets/current/manifest.json").path))
    // The catalog itself is there, empty, for an Xcode project that refers to it.
    let catalog = workspace.url.appendingPathComponent("build/assets/current/Buttons.xcassets")
    #expect(try FileManager.default.contentsOfDirectory(atPath: catalog.path) == ["Contents.json"])
  }

  @Test func smallTouchTargetsFollowThePlatformAndCanBeSilenced() throws {
    let spec = """
      buttonsmith: 1
      defaults: { tint: blue, states: { normal: {} } }
      buttons:
        tiny: { size: [40, 40] }
        mid: { size: [46, 46] }
        quiet: { size: [20, 20], touch-target: ignore }
        strict: { size: [50, 50], touch-target: 60 }

      """
    func locations(_ lines: [String]) -> [String] { lines.map { String($0.prefix { $0 != " " }) } }
    let apple = try lint(spec, formats: "xcassets").lines
    #expect(locations(apple) == ["specs/a.yaml:4:17:", "specs/a.yaml:7:19:"])
    #expect(apple.first?.contains("40 x 40 pt, smaller than the minimum touch target of 44 x 44 pt") == true)
    let android = try lint(spec, formats: "android").lines
    #expect(locations(android) == ["specs/a.yaml:4:17:", "specs/a.yaml:5:16:", "specs/a.yaml:7:19:"])
    #expect(locations(try lint(spec, formats: "files").lines) == ["specs/a.yaml:7:19:"])
  }

  @Test func stretchMistakesAreLocated() throws {
    let spec = """
      buttonsmith: 1
      defaults: { tint: blue, states: { normal: {} } }
      buttons:
        wide: { size: [100, 48], stretch: { x: [[10, 20], [15, 30]] } }
        two: { size: [100, 48], stretch: { x: [[10, 20], [30, 40]] } }
        none: { size: [100, 48], stretch: { insets: [0, 60, 0, 50] } }

      """
    let files = try lint(spec, formats: "files").lines
    #expect(files.contains { $0.hasPrefix("specs/a.yaml:4:53: error: stretch regions must be in order") })
    #expect(files.contains { $0.hasPrefix("specs/a.yaml:6:47: error: stretch insets leave nothing") })
    let catalog = try lint(spec, formats: "xcassets").lines
    #expect(
      catalog.contains { $0.hasPrefix("specs/a.yaml:5:52: error: an asset catalog's image stretches one region") })
  }
}

import ButtonRender
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// `--format swift`: the generated file, compiled as an app would compile it.
@Suite(.serialized)
struct SwiftFormatTests {
  static let fixtures = repositoryRoot.appendingPathComponent("Tests/ButtonsmithCLITests/Fixtures/swift")

  /// A capsule with hit masks, light and dark; a tiled stretchable bubble; a spinner; a
  /// button whose name is a Swift keyword.
  func project(access: String = "internal") throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nformats: [files, xcassets, swift]\nswift: { access: \(access) }\n")
    try workspace.write(
      "specs/buttons.yaml",
      """
      buttonsmith: 1
      buttons:
        capsule:
          style: fill
          size: [120, 44]
          corner-radius: 50%
          background: "#0A84FF"
          text: Go
          hit-mask: true
          appearances: [light, dark]
          states:
            highlighted: { opacity: 0.5 }
            disabled: { background: "#8E8E93" }
        chat-bubble:
          style: fill
          size: [120, 48]
          corner-radius: 18
          background: "#E5E5EA"
          stretch: { insets: [18, 22, 12, 30], center: tile }
        pill:
          style: fill
          size: [120, 44]
          corner-radius: 50%
          background: "#FF9500"
          hit-mask: true
          stretch: { insets: [0, 22, 0, 22] }
        default:
          style: fill
          size: [100, 44]
          background: "#34C759"
          text: Pay
          hit-mask: true
          states:
            selected: { spinner: { size: 15, color: white, frames: 2, period: 2 } }
            loading: { spinner: { size: 15, color: white, frames: 4, period: 0.8 } }

      """)
    return workspace
  }

  func generated(_ workspace: TestWorkspace) throws -> URL {
    let run = try CLIRunner.run(["build"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    return workspace.url.appendingPathComponent("build/assets/current/Buttons.swift")
  }

  /// `Fixtures/swift/NAME/main.swift` compiled with the generated `file` into an executable.
  func compile(_ name: String, with file: URL, in workspace: TestWorkspace) throws -> URL {
    let program = workspace.url.appendingPathComponent(name)
    let compiled = try SwiftToolchain.run(
      "swiftc",
      [
        "-swift-version", "6", "-module-name", name, file.path,
        Self.fixtures.appendingPathComponent("\(name)/main.swift").path, "-o", program.path,
      ], in: workspace.url)
    try #require(compiled.status == 0, "\(compiled.output)")
    return program
  }

  /// Expects `file` to be formatted as the project's own code is: swift-format finds nothing
  /// to change.
  func expectFormatted(_ file: URL, in workspace: TestWorkspace) throws {
    let formatted = try SwiftToolchain.run(
      "swift",
      [
        "format", "lint", "--strict", "--configuration", repositoryRoot.appendingPathComponent(".swift-format").path,
        file.path,
      ],
      in: workspace.url)
    #expect(formatted.status == 0 && formatted.output.isEmpty, "\(formatted.output)")
  }

  @Test func theGeneratedFileMatchesItsGoldenAndIsTheSameOnEveryBuild() throws {
    let workspace = try project()
    let file = try generated(workspace)
    let text = try String(contentsOf: file, encoding: .utf8)
    let golden = Self.fixtures.appendingPathComponent("Buttons.swift.golden")
    if isRecordingGoldens { try Data(text.utf8).write(to: golden) }
    #expect(text == (try String(contentsOf: golden, encoding: .utf8)))
    // Each button's facts, as the specs give them.
    #expect(text.contains("static let capsule = Asset("))
    #expect(text.contains("states: [.normal, .highlighted, .disabled]"))
    #expect(text.contains("appearances: [.light, .dark]"))
    #expect(text.contains("hitMaskThreshold: 0.5"))
    #expect(text.contains("capInsets: Insets(top: 18, left: 22, bottom: 12, right: 30), tiles: true"))
    #expect(text.contains("static let `default` = Asset("))
    // Each state drawn as frames turns at its own period, as Android's animation lists do.
    #expect(text.contains("frames: [.selected: 2, .loading: 4], spinnerPeriods: [.selected: 2, .loading: 0.8]"))
    // The manifest lists it; an unchanged build writes no new version.
    let manifest = try String(contentsOf: file.deletingLastPathComponent().appendingPathComponent("manifest.json"))
    #expect(manifest.contains("\"Buttons.swift\""))
    let again = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(again.stdout.contains("\"new_version\":false"), "\(again.stdout)")
  }

  @Test(arguments: ["internal", "public"])
  func theGeneratedFileTypeChecksWithAndWithoutUIKitAndSwiftUI(access: String) throws {
    let workspace = try project(access: access)
    let file = try generated(workspace)
    let modules = workspace.url.appendingPathComponent("stand-ins")
    try SwiftToolchain.emitModules(
      ["UIKit.swift", "SwiftUI.swift"].map { Self.fixtures.appendingPathComponent("StandIns/\($0)") }, into: modules)
    // The app's own types, named as the frameworks' are: they hide those in the app's module.
    let appTypes = try workspace.write(
      "AppTypes.swift",
      """
      enum Environment { case staging, production }
      struct Image: Codable {}
      struct Bundle {}
      struct Data {}
      struct URL {}
      enum Error: Swift.Error { case failed }
      enum ButtonStyle { case primary, secondary }
      struct View {}
      struct EdgeInsets {}
      struct Configuration {}

      """)
    // Linux as it is: neither framework, so only the plain Swift part compiles.
    let plain = try SwiftToolchain.run(
      "swiftc", ["-swift-version", "6", "-module-name", "App", "-typecheck", file.path, appTypes.path],
      in: workspace.url)
    #expect(plain.status == 0 && !plain.output.contains("warning:"), "\(plain.output)")
    // With UIKit's and SwiftUI's signatures: the UIButton, hit-testing and ButtonStyle parts too.
    let apple = try SwiftToolchain.run(
      "swiftc",
      ["-swift-version", "6", "-module-name", "App", "-typecheck", "-I", modules.path, file.path, appTypes.path],
      in: workspace.url)
    #expect(apple.status == 0 && !apple.output.contains("warning:"), "\(apple.output)")
    try expectFormatted(file, in: workspace)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("\npublic enum Buttons {") == (access == "public"))
    #expect(text.contains("public ") == (access == "public"))
  }

  @Test func theHitMaskReaderAnswersAsLibpngDoes() throws {
    let workspace = try project()
    let file = try generated(workspace)
    let program = try compile("DecodeMasks", with: file, in: workspace)
    // Every mask the build wrote (three scales, two appearances, three states), and masks
    // written by another encoder: stored, fixed and dynamic blocks, every row filter.
    let current = workspace.url.appendingPathComponent("build/assets/current")
    var masks = try FileManager.default.contentsOfDirectory(atPath: current.appendingPathComponent("capsule").path)
      .filter { $0.hasSuffix(".hitmask.png") }.map { current.appendingPathComponent("capsule/\($0)") }
    #expect(masks.count == 18)
    let others = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("masks").path)
    #expect(others.count == 9)
    masks += others.map { Self.fixtures.appendingPathComponent("masks/\($0)") }
    let decoded = try SwiftToolchain.run(program.path, masks.map(\.path), in: workspace.url)
    #expect(decoded.status == 0, "\(decoded.output)")
    let lines = decoded.output.split(separator: "\n")
    #expect(lines.count == masks.count)
    for (mask, line) in zip(masks, lines) {
      let fields = line.split(separator: " ")
      let image = try RGBAImage(png: Data(contentsOf: mask))
      #expect(
        fields.count == 4 && fields[1] == "\(image.width)" && fields[2] == "\(image.height)", "\(line.prefix(200))")
      let expected = (0..<(image.width * image.height)).map { image.pixels[$0 * 4] > 127 ? "1" : "0" }.joined()
      #expect(fields.last.map(String.init) == expected, "\(mask.lastPathComponent) is read otherwise than by libpng")
    }
    // Some pixels are in and some are out: the capsule's corner is not, its centre is.
    let normal = try #require(lines.first { $0.contains("/normal@2x.hitmask.png") }?.split(separator: " ").last)
    let bits = Array(normal)
    #expect(bits[0] == "0" && bits[44 * 240 + 120] == "1")
  }

  @Test func aStretchedButtonIsHitTestedAsItsImageStretches() throws {
    let workspace = try project()
    let file = try generated(workspace)
    let program = try compile("HitTest", with: file, in: workspace)
    let run = try SwiftToolchain.run(
      program.path, [workspace.url.appendingPathComponent("build/assets/current").path], in: workspace.url)
    // The left cap keeps its 22 points: (20, 3) is inside the round end, though scaling the
    // whole mask would put it at (6, 3), outside. The middle stretches; the right cap keeps its
    // size at the right edge.
    #expect(
      run.output == """
        20 3 true false
        6 3 false false
        200 22 true true
        399 1 false false
        390 22 true true
        true true

        """, "\(run.output)")
  }

  @Test func damagedMasksAreErrorsNotCrashes() throws {
    let workspace = try project()
    let file = try generated(workspace)
    let program = try compile("DecodeMasks", with: file, in: workspace)
    let good = try Data(contentsOf: Self.fixtures.appendingPathComponent("masks/301x97-dynamic-paeth.png"))
    var flipped = good
    flipped[good.count / 2] ^= 0x5A
    let cases: [(String, Data)] = [
      ("empty", Data()), ("text", Data("not a png".utf8)), ("cut", good.prefix(good.count / 2)),
      ("flipped", flipped),
      (
        "rgba",
        try Data(
          contentsOf: repositoryRoot.appendingPathComponent("Tests/ButtonsmithCLITests/Fixtures/images/star.png"))
      ),
    ]
    var paths: [String] = []
    for (name, data) in cases {
      paths.append(try workspace.write("bad/\(name).png", bytes: Array(data)).path)
    }
    let decoded = try SwiftToolchain.run(program.path, paths, in: workspace.url)
    #expect(decoded.status == 0, "\(decoded.output)")
    let lines = decoded.output.split(separator: "\n")
    #expect(lines.count == cases.count)
    #expect(lines.allSatisfy { $0.split(separator: " ")[1] == "error" }, "\(decoded.output)")
  }

  @Test func buttonsThatWouldShareASwiftNameAreReportedAtBoth() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, swift]\n")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        buy-now: { style: fill, size: [100, 44], background: red, text: Buy }
        buy_now: { style: fill, size: [100, 44], background: red, text: Buy }

      """)
    let lint = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(lint.status == 1)
    #expect(
      lint.stderr.contains(
        "specs/a.yaml:4:3: error: buttons 'buy-now' and 'buy_now' would both be the Swift property 'buyNow' "
          + "[duplicate-output]"), "\(lint.stderr)")
    #expect(lint.stderr.contains("specs/a.yaml:3:3: note: 'buy-now' is here"), "\(lint.stderr)")
    // Without the swift format the two names are fine.
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files]\n")
    #expect(try CLIRunner.run(["lint"], in: workspace.url).status == 0)
  }

  @Test func theSwiftFormatAloneAndBadSwiftSettingsAreRefused() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  go: { style: fill, size: [100, 44], text: Go }\n")
    let alone = try CLIRunner.run(["build", "--format", "swift"], in: workspace.url)
    #expect(alone.status == 2, "\(alone.status)")
    #expect(alone.stderr.contains("the swift format describes the images of the other formats"), "\(alone.stderr)")
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nformats: [swift]\n")
    let fromFile = try CLIRunner.run(["build"], in: workspace.url)
    #expect(fromFile.status == 1)
    #expect(
      fromFile.stderr.contains("buttonsmith.yml:2:11: error: the swift format describes the images"),
      "\(fromFile.stderr)")
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nformats: [files, swift]\nswift: { name: 9lives, access: privat, file: x }\n")
    let settings = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(settings.status == 1)
    #expect(
      settings.stderr.contains("buttonsmith.yml:3:16: error: '9lives' is not a Swift type name"), "\(settings.stderr)")
    #expect(
      settings.stderr.contains("buttonsmith.yml:3:32: error: 'privat' is not an access level"), "\(settings.stderr)")
    #expect(settings.stderr.contains("buttonsmith.yml:3:40: error: unknown key 'file'"), "\(settings.stderr)")
  }

  /// A file of one button is formatted as swift-format leaves it too (its list of every button
  /// has one element, with no comma after it), and type-checks.
  @Test func aFileOfOneButtonIsFormattedToo() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, swift]\n")
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  go: { size: [100, 44], scales: [1], tint: blue }\n")
    let file = try generated(workspace)
    try expectFormatted(file, in: workspace)
    let checked = try SwiftToolchain.run(
      "swiftc", ["-swift-version", "6", "-module-name", "App", "-typecheck", file.path], in: workspace.url)
    #expect(checked.status == 0, "\(checked.output)")
  }

  /// The enum may not take the name of a type or module the file names: inside it, that name
  /// would mean the enum (`enum UTF8` broke `String(decoding:as: UTF8.self)`). Every such name in
  /// the code, outside comments and string literals, is refused.
  @Test func theEnumMayTakeNoNameTheFileUses() throws {
    let workspace = try project()
    let text = try String(contentsOf: try generated(workspace), encoding: .utf8)
    let code = text.split(separator: "\n").map { line in
      line.replacingOccurrences(of: #""([^"\\]|\\.)*"|//.*$"#, with: "", options: .regularExpression)
    }.joined(separator: "\n")
    // Every run of identifier characters (the regex's `\b` would take `Swift.min` for one word).
    let identifiers = Set(code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) })
    let names = identifiers.filter { $0.first!.isUppercase && $0 != "Buttons" }
    #expect(names.count > 20 && names.contains("UTF8"), "\(names.sorted())")
    #expect(names.filter(SwiftIdentifier.isTypeName).sorted() == [], "names the file uses and the enum may take")
    // Its own names, `name`, `width`, `hitMask`, `min`: refused as the enum's too.
    let lowercase = identifiers.filter { !$0.first!.isUppercase }
    #expect(
      lowercase.count > 100 && lowercase.contains("hitMask") && lowercase.contains("min"), "\(lowercase.sorted())")
    #expect(lowercase.filter(SwiftIdentifier.isTypeName).sorted() == [])
  }

  @Test func theEnumTakesTheConfiguredName() throws {
    let workspace = try project()
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nformats: [files, swift]\nswift: { name: AppButtons, access: public }\n")
    let run = try CLIRunner.run(["build"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let file = workspace.url.appendingPathComponent("build/assets/current/AppButtons.swift")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("public enum AppButtons {") && text.contains("extension AppButtons.Asset {"))
    #expect(text.range(of: #"\bButtons\b"#, options: .regularExpression) == nil)
    let checked = try SwiftToolchain.run(
      "swiftc", ["-swift-version", "6", "-module-name", "App", "-typecheck", file.path], in: workspace.url)
    #expect(checked.status == 0, "\(checked.output)")
  }
}

import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The catalog and the Android resources as Xcode and Android's build tools take them: golden
/// `Contents.json` files and XML compared parsed, nine-patch frames checked in pixels, and the
/// generated `res/` compiled by Android's own `aapt`.
@Suite(.serialized)
struct PlatformOutputTests {
  static let fixtures = repositoryRoot.appendingPathComponent("Tests/ButtonsmithCLITests/Fixtures/platforms")
  static let aapt = "/usr/bin/aapt"
  static let framework = "/usr/share/android-framework-res/framework-res.apk"

  /// The fixture that uses every feature, built in all three formats.
  nonisolated(unsafe) static let built: Result<TestWorkspace, Error> = Result {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/all.yaml", try String(contentsOf: fixtures.appendingPathComponent("all.yaml"), encoding: .utf8))
    let run = try CLIRunner.run(
      ["build", "specs", "--format", "files,xcassets,android", "-o", "out"], in: workspace.url)
    guard run.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["stderr": run.stderr]) }
    return workspace
  }

  func current(_ path: String) throws -> URL {
    try Self.built.get().url.appendingPathComponent("out/current/\(path)")
  }

  static func json(_ url: URL) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? NSDictionary)
  }

  @Test(arguments: [
    ("checkout.imageset", "checkout.imageset.json"), ("pill.imageset", "pill.imageset.json"),
    ("bubble.imageset", "bubble.imageset.json"), ("star.imageset", "star.imageset.json"),
    ("night-only.imageset", "night-only.imageset.json"),
    ("checkout-hitmask-2x.dataset", "checkout-hitmask-2x.dataset.json"),
  ])
  func catalogContentsMatchTheGoldens(set: String, golden: String) throws {
    let written = try Self.json(try current("Buttons.xcassets/\(set)/Contents.json"))
    let expected = try Self.json(Self.fixtures.appendingPathComponent("goldens/\(golden)"))
    #expect(written == expected, "\(set)")
  }

  /// Xcode's order: by scale, Any before dark; every file an entry names is there.
  @Test func catalogEntriesAreInXcodesOrderAndPresent() throws {
    let directory = try current("Buttons.xcassets/checkout.imageset")
    let images = try #require(
      try Self.json(directory.appendingPathComponent("Contents.json"))["images"] as? [NSDictionary])
    let order = images.map { "\($0["scale"]!) \($0["appearances"] == nil ? "any" : "dark")" }
    #expect(order == ["1x any", "1x dark", "2x any", "2x dark", "3x any", "3x dark"])
    for image in images {
      let file = try #require(image["filename"] as? String)
      #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
    }
    // A hit mask is a data set, byte for byte the manifest's object; no image set holds one.
    let mask = try Data(contentsOf: try current("Buttons.xcassets/checkout-hitmask-2x.dataset/normal@2x.hitmask.png"))
    let filesMask = try Data(contentsOf: try current("checkout/normal@2x.hitmask.png"))
    #expect(mask == filesMask)
    let sets = try FileManager.default.contentsOfDirectory(atPath: try current("Buttons.xcassets").path)
    #expect(!sets.contains { $0.contains("hitmask") && $0.hasSuffix(".imageset") })
  }

  @Test(arguments: ["checkout.xml", "checkout_loading.xml"])
  func androidXMLMatchesTheGoldens(file: String) throws {
    let written = try String(contentsOf: try current("res/drawable/\(file)"), encoding: .utf8)
    let expected = try String(
      contentsOf: Self.fixtures.appendingPathComponent("goldens/\(file)"), encoding: .utf8)
    #expect(written == expected)
    let items = try XMLItems(Data(written.utf8))
    if file == "checkout.xml" {
      // First match wins on Android: disabled first, the default last and without a condition.
      #expect(items.root == "selector")
      #expect(items.items.map { $0["android:drawable"] ?? "" }.last == "@drawable/checkout_normal")
      #expect(items.items.first?["android:state_enabled"] == "false")
      #expect(items.items.last?.count == 1)
    } else {
      #expect(items.root == "animation-list")
      // 0.8 s per turn, one loop of the 4 frames.
      #expect(items.items.count == 4 && items.items.allSatisfy { $0["android:duration"] == "200" })
    }
  }

  /// Dark-only buttons have default-configuration resources; no state loses `_normal`.
  @Test func androidResourcesHaveDefaultConfigurations() throws {
    let res = try current("res")
    let folders = try FileManager.default.contentsOfDirectory(atPath: res.path)
    var names: [String: Set<String>] = [:]
    for folder in folders {
      for file in try FileManager.default.contentsOfDirectory(atPath: res.appendingPathComponent(folder).path) {
        let name = String(file.prefix { $0 != "." })
        let type = folder.hasPrefix("raw") ? "raw" : "drawable"
        names["\(type)/\(name)", default: []].insert(folder)
      }
    }
    for (name, configurations) in names {
      #expect(configurations.contains { !$0.contains("-night") }, "\(name) exists only in \(configurations.sorted())")
    }
    #expect(names["drawable/night_only_normal"]?.contains("drawable-xhdpi") == true)
    #expect(names["drawable/checkout_normal"]?.contains("drawable-night-xhdpi") == true)
    #expect(names["raw/checkout_normal_hitmask"]?.contains("raw-xxhdpi") == true)
  }

  /// Nine-patch marks, in pixels, at every density: regions scaled and rounded outward.
  @Test(arguments: [(1.0, "mdpi"), (1.5, "hdpi"), (2.0, "xhdpi"), (3.0, "xxhdpi"), (4.0, "xxxhdpi")])
  func ninePatchFramesMarkTheRegions(scale: Double, density: String) throws {
    let image = try RGBAImage(png: Data(contentsOf: try current("res/drawable-\(density)/pill_normal.9.png")))
    let (width, height) = (Int(120 * scale), Int(48 * scale))
    #expect(image.width == width + 2 && image.height == height + 2)
    func marked(_ x: Int, _ y: Int) -> Bool {
      let pixel = image[x, y]
      #expect(pixel.alpha == 0 || (pixel.alpha == 255 && pixel.red == 0 && pixel.green == 0 && pixel.blue == 0))
      return pixel.alpha == 255
    }
    func span(_ from: Double, _ to: Double) -> Range<Int> {
      Int((from * scale).rounded(.down))..<Int((to * scale).rounded(.up))
    }
    #expect((0..<width).filter { marked($0 + 1, 0) } == Array(span(24, 96)))
    #expect((0..<height).filter { marked(0, $0 + 1) } == Array(span(20, 28)))
    #expect((0..<width).filter { marked($0 + 1, height + 1) } == Array(span(16, 120 - 16)))
    #expect((0..<height).filter { marked(width + 1, $0 + 1) } == Array(span(8, 48 - 8)))
    for (x, y) in [(0, 0), (width + 1, 0), (0, height + 1), (width + 1, height + 1)] { #expect(!marked(x, y)) }
  }

  /// Several regions per axis, which only nine-patches take, each rounded outward.
  @Test func ninePatchesTakeSeveralRegions() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        tabs:
          size: [100, 48]
          scales: [1.5]
          tint: blue
          stretch: { x: [[10.2, 20.5], [60, 70]], y: [[10, 11]] }

      """)
    let run = try CLIRunner.run(["build", "specs", "--format", "android", "-o", "out"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let image = try RGBAImage(
      png: Data(contentsOf: workspace.url.appendingPathComponent("out/current/res/drawable-hdpi/tabs_normal.9.png")))
    let top = (0..<150).filter { image[$0 + 1, 0].alpha == 255 }
    #expect(top == Array(15..<31) + Array(90..<105))
    #expect((0..<72).filter { image[0, $0 + 1].alpha == 255 } == Array(15..<17))
    // `plan` gives the size of the file, its frame included, as the manifest does.
    #expect(image.width == 152 && image.height == 74)
    let plan = try CLIRunner.run(["plan", "specs", "--format", "android", "-o", "out", "--json"], in: workspace.url)
    let jobs = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [[String: Any]])
    #expect(
      jobs.map { "\($0["width"] ?? "")x\($0["height"] ?? "")" } == Array(repeating: "152x74", count: 3),
      "\(plan.stdout)")
  }

  /// `aapt` (Debian's, with the framework resources) compiles the generated `res/`: no error
  /// and no warning, selectors, animations, nine-patches and raw hit masks included.
  @Test func aaptCompilesTheFixturesResources() throws {
    try compileWithAapt(try current("res"))
  }

  /// The example gallery's Android output compiles too, its languages included.
  @Test func aaptCompilesTheGallery() throws {
    let workspace = try TestWorkspace()
    let run = try CLIRunner.run(
      [
        "build", "--config", repositoryRoot.appendingPathComponent("buttonsmith.yml").path, "--format", "android", "-o",
        "out",
      ], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    try compileWithAapt(workspace.url.appendingPathComponent("out/current/res"))
  }

  func compileWithAapt(_ res: URL) throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.aapt), "make test installs aapt")
    let apk = FileManager.default.temporaryDirectory.appendingPathComponent("buttonsmith-\(UUID().uuidString).apk")
    defer { try? FileManager.default.removeItem(at: apk) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.aapt)
    process.arguments = [
      "package", "-f", "-M", Self.fixtures.appendingPathComponent("AndroidManifest.xml").path, "-S", res.path, "-I",
      Self.framework, "-F", apk.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.isEmpty, "aapt printed: \(text)")
  }
}

/// The root element and the attributes of each `<item>` of an XML drawable.
struct XMLItems {
  var root = ""
  var items: [[String: String]] = []

  init(_ data: Data) throws {
    let delegate = Delegate()
    let parser = XMLParser(data: data)
    parser.delegate = delegate
    guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    root = delegate.root
    items = delegate.items
  }

  private final class Delegate: NSObject, XMLParserDelegate {
    var root = ""
    var items: [[String: String]] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if root.isEmpty { root = name } else if name == "item" { items.append(attributes) }
    }
  }
}

/// `stretch` and `render-as` may be a state's own, as every property but the button's size,
/// scales, appearances, states and templates: each state's images are used as it says.
struct PerStateUsageTests {
  static let spec = """
    buttonsmith: 1
    buttons:
      tab:
        size: [100, 40]
        scales: [1]
        tint: blue
        states:
          highlighted: { render-as: template }
          selected: { stretch: { insets: [0, 20, 0, 20] } }

    """

  @Test func eachStateIsUsedAsItsOwnOverridesSay() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    let run = try CLIRunner.run(["build", "specs", "--format", "xcassets,android", "-o", "out"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let catalog = workspace.url.appendingPathComponent("out/current/Buttons.xcassets")
    func contents(_ set: String) throws -> NSDictionary {
      try PlatformOutputTests.json(catalog.appendingPathComponent("\(set).imageset/Contents.json"))
    }
    func intent(_ set: String) throws -> String? {
      (try contents(set)["properties"] as? NSDictionary)?["template-rendering-intent"] as? String
    }
    func resizes(_ set: String) throws -> Bool {
      ((try contents(set)["images"] as? [NSDictionary]) ?? []).contains { $0["resizing"] != nil }
    }
    #expect(try intent("tab-highlighted") == "template")
    #expect(try intent("tab") == nil && intent("tab-selected") == nil)
    #expect(try resizes("tab-selected"))
    #expect(try !resizes("tab") && !resizes("tab-highlighted"))
    let drawables = workspace.url.appendingPathComponent("out/current/res/drawable-mdpi")
    let names = try FileManager.default.contentsOfDirectory(atPath: drawables.path).sorted()
    #expect(names == ["tab_highlighted.png", "tab_normal.png", "tab_selected.9.png"])
  }

  /// The Swift accessors give a button one set of cap insets: with the `swift` format, a state
  /// that stretches otherwise than `normal` is an error at its `stretch`.
  @Test func theSwiftFormatNeedsOneStretchPerButton() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [xcassets, swift]\n")
    let lint = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(lint.status == 1)
    #expect(lint.stderr.contains("specs/a.yaml:9:28: error: state 'selected' stretches otherwise"), "\(lint.stderr)")
    #expect(!lint.stderr.contains("highlighted"), "\(lint.stderr)")
  }

  /// The Swift accessors' cap insets are measured from the image's edges, one region per axis:
  /// regions that leave a state with a shadow of its own (a larger image) other caps, and a
  /// second region on an axis, are errors with the `swift` format, as the catalog refuses a
  /// second region. Cap insets leave every image the same caps, whatever its size.
  @Test func theSwiftFormatNeedsOneSetOfCapsAndOneRegionPerAxis() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        bubble:
          size: [120, 48]
          tint: green
          stretch: { x: [[14, 20], [90, 100]], y: [[12, 30]] }
          states:
            highlighted: { shadow: { offset: [0, 4], blur: 8 } }
            disabled: { opacity: 0.5 }
        pill:
          size: [120, 48]
          tint: green
          stretch: { insets: [0, 24, 0, 24] }
          states:
            highlighted: { shadow: { offset: [0, 4], blur: 8 } }

      """)
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [android, swift]\n")
    let lint = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(lint.status == 1)
    #expect(
      lint.stderr.contains(
        "specs/a.yaml:6:30: error: the Swift accessors stretch one region per axis; this axis has 2 [invalid-stretch]"),
      "\(lint.stderr)")
    #expect(
      lint.stderr.contains(
        "specs/a.yaml:8:7: error: state 'highlighted' has an image of another size than 'normal' (a shadow or an "
          + "outside border), so its stretch regions leave other cap insets"),
      "\(lint.stderr)")
    #expect(!lint.stderr.contains("'disabled'") && !lint.stderr.contains(":15:"), "\(lint.stderr)")
    // Without the Swift format, Android draws each state's own nine-patch.
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [android]\n")
    #expect(try CLIRunner.run(["lint"], in: workspace.url).status == 0)
  }
}

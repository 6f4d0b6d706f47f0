import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// Labels from string tables, drawn per language: shaping, right-to-left mirroring, pseudo-
/// locales, one cache key per language, localized paths in every format.
struct LocalizationTests {
  /// A localized project: `languages` from `.strings` tables of `translations[language][key]`.
  func project(
    languages: [String], pseudo: [String] = [], translations: [String: [String: String]], spec: String,
    formats: String = "files"
  ) throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    let pseudoList = pseudo.isEmpty ? "" : ", pseudo: [\(pseudo.joined(separator: ", "))]"
    try workspace.write(
      "buttonsmith.yml",
      "buttonsmith: 1\nformats: [\(formats)]\nlocales: { languages: [\(languages.joined(separator: ", "))], "
        + "strings: [strings]\(pseudoList) }\n")
    try write(translations, in: workspace)
    try workspace.write("specs/a.yaml", spec)
    // A solid red square, told apart from the white label by its colour.
    let red: [UInt8] = (0..<16 * 16 * 4).map { $0 % 4 == 1 || $0 % 4 == 2 ? 0 : 255 }
    try workspace.write("specs/star.png", bytes: Array(try RGBAImage(width: 16, height: 16, pixels: red).pngData()))
    return workspace
  }

  func write(_ translations: [String: [String: String]], in workspace: TestWorkspace) throws {
    for (language, strings) in translations {
      let body = strings.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";\n" }.joined()
      try workspace.write("strings/\(language).lproj/Localizable.strings", body)
    }
  }

  static let spec = """
    buttonsmith: 1
    buttons:
      go:
        size: [160, 44]
        scales: [1]
        tint: "#102030"
        text: { string: go }
        image: { file: star.png, size: [16, 16] }
        states: { normal: {} }
      plain:
        size: [100, 44]
        scales: [1]
        tint: "#102030"
        text: Same
        states: { normal: {} }

    """

  func build(_ workspace: TestWorkspace, _ arguments: [String] = []) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let run = try CLIRunner.run(["build", "--json"] + arguments, in: workspace.url)
    return (run.status, run.stdout, run.stderr)
  }

  func rendered(_ output: String) throws -> Int {
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    return try #require(summary["rendered"] as? Int)
  }

  func image(_ workspace: TestWorkspace, _ path: String) throws -> RGBAImage {
    try RGBAImage(png: Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/\(path)")))
  }

  /// The columns where the image is not the fill colour (the label and the image's ink).
  func inkColumns(_ image: RGBAImage) -> [Int] {
    let fill = image[2, 2]
    return (0..<image.width).filter { x in
      (0..<image.height).contains { y in
        let pixel = image[x, y]
        return abs(Int(pixel.red) - Int(fill.red)) + abs(Int(pixel.green) - Int(fill.green)) > 60
      }
    }
  }

  @Test func eachLanguageHasItsImagesAndTheDevelopmentLanguageKeepsItsPaths() throws {
    let workspace = try project(
      languages: ["en", "de", "he"], pseudo: ["en-XA", "ar-XB"],
      translations: ["en": ["go": "Go"], "de": ["go": "Los geht's"], "he": ["go": "סע"]], spec: Self.spec)
    let run = try build(workspace)
    #expect(run.status == 0, "\(run.stderr)")
    let current = workspace.url.appendingPathComponent("build/assets/current")
    for path in [
      "go/normal.png", "go/de/normal.png", "go/he/normal.png", "go/en-XA/normal.png", "go/ar-XB/normal.png",
      "plain/normal.png",
    ] {
      #expect(FileManager.default.fileExists(atPath: current.appendingPathComponent(path).path), "\(path)")
    }
    #expect(!FileManager.default.fileExists(atPath: current.appendingPathComponent("plain/de").path))
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: current.appendingPathComponent("manifest.json")))
        as? [String: Any])
    let assets = try #require(manifest["assets"] as? [[String: Any]])
    #expect(Set(assets.compactMap { $0["locale"] as? String }) == ["en", "de", "he", "en-XA", "ar-XB"])
    #expect(assets.filter { $0["button"] as? String == "plain" }.allSatisfy { $0["locale"] == nil })
    let plan = try CLIRunner.run(["plan", "--json"], in: workspace.url)
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [[String: Any]])
    #expect(Set(rows.compactMap { $0["locale"] as? String }) == ["en", "de", "he", "en-XA", "ar-XB"])
  }

  /// The columns of red pixels (the image) and of white ones (the label).
  func columns(_ image: RGBAImage) -> (image: [Int], label: [Int]) {
    var red: [Int] = []
    var white: [Int] = []
    for x in 0..<image.width {
      let pixels = (0..<image.height).map { image[x, $0] }
      if pixels.contains(where: { $0.red > 200 && $0.green < 60 }) { red.append(x) }
      if pixels.contains(where: { $0.red > 200 && $0.green > 200 }) { white.append(x) }
    }
    return (red, white)
  }

  @Test func aLeadingImageSitsOnTheRightInHebrewAndThePseudoLocaleIsWider() throws {
    let workspace = try project(
      languages: ["en", "he"], pseudo: ["en-XA"], translations: ["en": ["go": "Go"], "he": ["go": "סע"]],
      spec: Self.spec)
    #expect(try build(workspace).status == 0)
    let english = columns(try image(workspace, "go/normal.png"))
    let hebrew = columns(try image(workspace, "go/he/normal.png"))
    let pseudo = columns(try image(workspace, "go/en-XA/normal.png"))
    try #require(!english.image.isEmpty && !english.label.isEmpty && !hebrew.image.isEmpty && !hebrew.label.isEmpty)
    let englishImageFirst = english.image.last! < english.label.first!
    let hebrewImageLast = hebrew.image.first! > hebrew.label.last!
    #expect(englishImageFirst)
    #expect(hebrewImageLast)
    let englishWidth = english.label.last! - english.label.first!
    let pseudoWidth = pseudo.label.last! - pseudo.label.first!
    #expect(pseudoWidth > englishWidth * 13 / 10, "en \(englishWidth), en-XA \(pseudoWidth)")
  }

  @Test func arabicIsJoined() throws {
    let joined = "سلام"
    let apart = joined.map { String($0) }.joined(separator: "\u{200C}")  // zero-width non-joiners
    let workspace = try project(
      languages: ["en", "ar", "fa"], translations: ["en": ["go": "Go"], "ar": ["go": joined], "fa": ["go": apart]],
      spec: Self.spec.replacingOccurrences(of: "    image: { file: star.png, size: [16, 16] }\n", with: ""))
    #expect(try build(workspace).status == 0)
    let shaped = try image(workspace, "go/ar/normal.png")
    let unjoined = try image(workspace, "go/fa/normal.png")
    #expect(shaped.pixels != unjoined.pixels)
    // Joined letters connect: their ink spans fewer separate runs of columns.
    func runs(_ columns: [Int]) -> Int { zip(columns, columns.dropFirst()).filter { $1 != $0 + 1 }.count + 1 }
    #expect(runs(inkColumns(shaped)) < runs(inkColumns(unjoined)))
  }

  @Test func oneTranslationChangedDrawsOnlyItsImages() throws {
    var translations = ["en": ["go": "Go"], "de": ["go": "Los"], "fr": ["go": "Allez"]]
    let workspace = try project(languages: ["en", "de", "fr"], translations: translations, spec: Self.spec)
    #expect(try rendered(try build(workspace).stdout) == 4)  // go x 3 languages, plain once
    translations["de"] = ["go": "Auf geht's"]
    try write(translations, in: workspace)
    // The stamp sees the table changed, and only the German image is drawn again.
    #expect(try rendered(try build(workspace).stdout) == 1)
    #expect(try rendered(try build(workspace).stdout) == 0)
  }

  @Test func addingALanguageDrawsOnlyItAndRemovingOneDrawsNothing() throws {
    let translations = ["en": ["go": "Go"], "de": ["go": "Los"], "fr": ["go": "Allez"]]
    let workspace = try project(languages: ["en", "de"], translations: translations, spec: Self.spec)
    #expect(try rendered(try build(workspace).stdout) == 3)
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: [en, de, fr], strings: [strings] }\n")
    #expect(try rendered(try build(workspace).stdout) == 1)
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: [en, fr], strings: [strings] }\n")
    #expect(try rendered(try build(workspace).stdout) == 0)
    let current = workspace.url.appendingPathComponent("build/assets/current")
    #expect(!FileManager.default.fileExists(atPath: current.appendingPathComponent("go/de").path))
    #expect(FileManager.default.fileExists(atPath: current.appendingPathComponent("go/fr/normal.png").path))
  }

  @Test func missingKeysAndTranslationsAreLocated() throws {
    let workspace = try project(
      languages: ["en", "de"], translations: ["en": ["go": "Go"]],
      spec: Self.spec.replacingOccurrences(of: "text: Same", with: "text: { string: gone }"))
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "specs/a.yaml:7:21: warning: 'go' has no de translation; the en text is drawn [missing-translation]"))
    #expect(run.stderr.contains("specs/a.yaml:14:21: error: no string table has the key 'gone' [missing-string]"))
  }

  /// An empty translation is a missing one; a control character in one is an error at the table's line.
  @Test func unusableTranslationsAreReportedWhereTheyAreWritten() throws {
    let workspace = try project(
      languages: ["en", "de", "fr"], translations: ["en": ["go": "Go"], "de": ["go": ""], "fr": ["go": "Al\\tlez"]],
      spec: Self.spec)
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(run.stderr.contains("specs/a.yaml:7:21: warning: 'go' has no de translation"), "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "strings/fr.lproj/Localizable.strings:1:8: error: text contains the control character U+0009"),
      "\(run.stderr)")
    // A translation that is there but cannot be drawn is its own error, not also a missing one.
    #expect(!run.stderr.contains("no fr translation"), "\(run.stderr)")
  }

  /// So is the development language's text: each language's control character is reported
  /// where it is written, and the key is not also said to have no usable text.
  @Test func anUnusableDevelopmentTextIsReportedOnlyWhereItIsWritten() throws {
    let workspace = try project(
      languages: ["en", "de"], translations: ["en": ["go": "G\\to"], "de": ["go": "Lo\\ts"]], spec: Self.spec)
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(
      errors == [
        "strings/de.lproj/Localizable.strings:1:8: error: text contains the control character U+0009, which a label cannot draw [invalid-text]",
        "strings/en.lproj/Localizable.strings:1:8: error: text contains the control character U+0009, which a label cannot draw [invalid-text]",
      ], "\(run.stderr)")
    #expect(run.status == 1)
  }

  /// A regional language a table lacks takes its parent's text, as the platforms do, before
  /// the development language's: `pt-BR` draws the `pt` text, unwarned.
  @Test func aRegionalLanguageFallsBackOnItsParent() throws {
    let workspace = try project(
      languages: ["en", "pt", "pt-BR"], translations: ["en": ["go": "Go"], "pt": ["go": "Vai"]],
      spec: Self.spec.replacingOccurrences(of: "        image: { file: star.png, size: [16, 16] }\n", with: ""))
    let lint = try CLIRunner.run(["lint", "--strict"], in: workspace.url)
    #expect(lint.status == 0, "\(lint.stderr)")
    #expect(try build(workspace).status == 0)
    #expect(try image(workspace, "go/pt-BR/normal.png").pixels == image(workspace, "go/pt/normal.png").pixels)
    #expect(try image(workspace, "go/pt-BR/normal.png").pixels != image(workspace, "go/normal.png").pixels)
  }

  /// A language by its old code and by its code now meet: `iw` listed takes `values-iw` and
  /// `he.lproj`'s texts, and `in` takes `values-in`'s (Android's folders for Hebrew and
  /// Indonesian); no translation is said to be missing.
  @Test func aLanguageByItsOldCodeHasItsTranslations() throws {
    let workspace = try project(
      languages: ["en", "iw", "in", "id"], translations: ["en": ["go": "Go", "buy": "Buy"], "he": ["go": "סע"]],
      spec: Self.spec.replacingOccurrences(of: "        image: { file: star.png, size: [16, 16] }\n", with: "")
        + "  buy: { size: [100, 44], scales: [1], tint: \"#102030\", text: { string: buy }, states: { normal: {} } }\n")
    try workspace.write("strings/res/values-iw/strings.xml", "<resources><string name=\"buy\">קנה</string></resources>")
    try workspace.write(
      "strings/res/values-in/strings.xml",
      "<resources><string name=\"go\">Pergi</string><string name=\"buy\">Beli</string></resources>")
    let lint = try CLIRunner.run(["lint", "--strict"], in: workspace.url)
    #expect(lint.status == 0, "\(lint.stderr)")
    #expect(try build(workspace).status == 0)
    for (button, language) in [("go", "iw"), ("buy", "iw"), ("go", "in"), ("buy", "in")] {
      #expect(
        try image(workspace, "\(button)/\(language)/normal.png").pixels
          != image(workspace, "\(button)/normal.png").pixels,
        "\(button) in \(language)")
    }
    #expect(try image(workspace, "buy/in/normal.png").pixels == image(workspace, "buy/id/normal.png").pixels)
  }

  /// Mistakes in the development text and in a translation are reported at once.
  @Test func everyUnusableTextIsReportedAtOnce() throws {
    let workspace = try project(
      languages: ["en", "fr"], translations: ["en": ["go": "One\\ttwo"], "fr": ["go": "Un\\tdeux"]], spec: Self.spec)
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(run.status == 1)
    for table in ["en", "fr"] {
      #expect(
        run.stderr.contains("strings/\(table).lproj/Localizable.strings:1:8: error: text contains"), "\(run.stderr)")
    }
  }

  /// A key a table marks as not to be translated (a catalog's `shouldTranslate`, an Android
  /// string's `translatable`) draws the development text everywhere, unwarned; a key translated
  /// nowhere else is still warned of.
  @Test(arguments: ["xcstrings", "android"])
  func aKeyNotToBeTranslatedIsNoMissingTranslation(table: String) throws {
    let workspace = try project(languages: ["en", "de"], translations: [:], spec: Self.spec)
    if table == "xcstrings" {
      try workspace.write(
        "strings/Buttons.xcstrings",
        #"{ "sourceLanguage" : "en", "strings" : { "go" : { "shouldTranslate" : false } } }"#)
    } else {
      try workspace.write(
        "strings/values/strings.xml",
        #"<resources><string name="go" translatable="false">Go</string></resources>"#)
    }
    let run = try CLIRunner.run(["lint", "--strict"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    if table == "android" {
      try workspace.write(
        "strings/values/strings.xml", #"<resources><string name="go" translatable="true">Go</string></resources>"#)
      let translatable = try CLIRunner.run(["lint", "--strict"], in: workspace.url)
      #expect(
        translatable.status == 1 && translatable.stderr.contains("[missing-translation]"), "\(translatable.stderr)")
    }
  }

  /// An Android table whose entities expand a billionfold costs no more than its size: refused.
  @Test func anEntityBombInAStringTableIsRefused() throws {
    let workspace = try project(languages: ["en"], translations: [:], spec: Self.spec)
    var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lollollollollollollollollollol\">\n"
    for level in 1...9 {
      xml += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
    }
    xml += "]>\n<resources><string name=\"go\">&lol9;</string></resources>\n"
    try workspace.write("strings/values/strings.xml", xml)
    let run = try CLIRunner.run(["lint"], in: workspace.url, memoryMiB: 1024, hangGuard: 60)
    #expect(!run.wasKilled && run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("strings/values/strings.xml:") && run.stderr.contains("[invalid-string-table]"))
  }

  /// Its shallow sibling too: three levels of 4,000 references, 28 KB that expand to 64 GB of
  /// text, which took minutes to read.
  @Test func aShallowEntityExpansionInAStringTableIsRefusedAtOnce() throws {
    let workspace = try project(languages: ["en"], translations: [:], spec: Self.spec)
    let xml =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY a \"" + String(repeating: "A", count: 4000) + "\">\n"
      + "<!ENTITY b \"" + String(repeating: "&a;", count: 4000) + "\">\n]>\n"
      + "<resources>\n  <string name=\"go\">" + String(repeating: "&b;", count: 4000) + "</string>\n</resources>\n"
    try workspace.write("strings/values/strings.xml", xml)
    let run = try CLIRunner.run(["lint"], in: workspace.url, memoryMiB: 1024, hangGuard: 60)
    #expect(!run.wasKilled && run.status == 1, "\(run.stderr)")
    #expect(
      run.stderr.contains("strings/values/strings.xml:2:14: error:") && run.stderr.contains("[invalid-string-table]"),
      "\(run.stderr)")
  }

  /// A catalog written as YAML with aliases that expand far past its size is refused.
  @Test func anAliasBombInACatalogIsRefused() throws {
    let workspace = try project(languages: ["en"], translations: [:], spec: Self.spec)
    var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...7 {
      yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    yaml += "strings: { go: { localizations: { en: { stringUnit: { value: Go } } } } }\n"
    try workspace.write("strings/Buttons.xcstrings", yaml)
    let run = try CLIRunner.run(["lint"], in: workspace.url, memoryMiB: 1024, hangGuard: 60)
    #expect(!run.wasKilled && run.status == 1, "\(run.stderr)")
    #expect(
      run.stderr.contains("strings/Buttons.xcstrings:") && run.stderr.contains("[alias-expansion]"), "\(run.stderr)")
  }

  /// A catalog on one line, as a script writes it, costs memory in some proportion to its
  /// size: JSON is checked as it is read, not built a second time (2 MB took 280 MB to build).
  @Test func aLargeCatalogCostsMemoryInProportionToItsSize() throws {
    let workspace = try project(languages: ["en"], translations: [:], spec: Self.spec)
    var entries = [
      "\"go\": {\"localizations\": {\"en\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"Go\"}}}}"
    ]
    for index in 0..<22_000 {
      entries.append(
        "\"key\(index)\": {\"localizations\": {\"en\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"a\"}}}}"
      )
    }
    let catalog =
      "{\"sourceLanguage\": \"en\", \"strings\": {" + entries.joined(separator: ", ") + "}, \"version\": \"1.0\"}"
    #expect(catalog.utf8.count > 2_000_000)
    try workspace.write("strings/Buttons.xcstrings", catalog)
    // The limit is on address space, which the threads' stacks take too (Pango's font sorting
    // starts one, and failed to at 300 MiB on a busy machine); the catalog built twice took
    // 280 MB more than that.
    let run = try CLIRunner.run(["lint"], in: workspace.url, memoryMiB: 400, hangGuard: 120)
    #expect(!run.wasKilled && run.status == 0, "\(run.stderr)")
  }

  @Test func charactersNoFontHasAreAnErrorNamingTheLanguage() throws {
    let workspace = try project(
      languages: ["en", "ja"], translations: ["en": ["go": "Go"], "ja": ["go": "ログイン"]],
      spec: Self.spec.replacingOccurrences(
        of: "    text: { string: go }\n", with: "    text: { string: go }\n    font: { file: DejaVuSans.ttf }\n"))
    try workspace.write(
      "specs/DejaVuSans.ttf",
      bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))))
    let run = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(run.status == 1)
    #expect(run.stderr.contains("error: the ja text 'ログイン' has characters no font can draw"), "\(run.stderr)")
    #expect(run.stderr.contains("'ロ' (U+30ED)"))
  }

  @Test func localizedCatalogAndAndroidResources() throws {
    let workspace = try project(
      languages: ["en", "de", "pt-BR"], pseudo: ["en-XA"],
      translations: ["en": ["go": "Go"], "de": ["go": "Los"], "pt-BR": ["go": "Vai"]], spec: Self.spec,
      formats: "xcassets, android")
    #expect(try build(workspace).status == 0)
    let current = workspace.url.appendingPathComponent("build/assets/current")
    let written = current.appendingPathComponent("Buttons.xcassets/go.imageset/Contents.json")
    let goldenURL = repositoryRoot.appendingPathComponent(
      "Tests/ButtonsmithCLITests/Fixtures/platforms/goldens/localized.imageset.json")
    if isRecordingGoldens { try Data(contentsOf: written).write(to: goldenURL) }
    let contents = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: written)) as? NSDictionary)
    let golden = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: goldenURL)) as? NSDictionary)
    #expect(contents == golden)
    // Xcode marks a set localizable when its entries have a locale, and only then.
    let plain = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: current.appendingPathComponent("Buttons.xcassets/plain.imageset/Contents.json")))
        as? [String: Any])
    #expect(plain["properties"] == nil)
    for path in [
      "res/drawable-mdpi/go_normal.png", "res/drawable-de-mdpi/go_normal.png", "res/drawable-pt-rBR-mdpi/go_normal.png",
      "res/drawable-en-rXA-mdpi/go_normal.png", "res/drawable-mdpi/plain_normal.png",
    ] {
      #expect(FileManager.default.fileExists(atPath: current.appendingPathComponent(path).path), "\(path)")
    }
    try PlatformOutputTests().compileWithAapt(current.appendingPathComponent("res"))
  }
}

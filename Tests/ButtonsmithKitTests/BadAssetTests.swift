import ButtonCore
import DiagnosticExamples
import ButtonRender
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// Broken image, mask and font files: each a clear error at the spec line that names the
/// file, from the checks `lint` and `build` run, and never a crash in the renderer.
struct BadAssetTests {
  static let validPNG = DiagnosticRule.tinyPNG

  private func lint(image file: String, bytes: [UInt8], key: String = "image") throws -> [String] {
    let workspace = try TestWorkspace()
    try workspace.write("specs/\(file)", bytes: bytes)
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        a:
          size: [100, 44]
          tint: blue
          \(key): { file: \(file) }
      """)
    return workspace.checkAll().diagnostics.sorted.map {
      "\($0.location.line):\($0.location.column) \($0.rule.rawValue)"
    }
  }

  @Test func truncatedPNG() throws {
    #expect(try lint(image: "cut.png", bytes: Array(Self.validPNG.prefix(40))) == ["6:20 not-a-png"])
    #expect(try lint(image: "cut.png", bytes: Array(Self.validPNG.prefix(40)), key: "mask") == ["6:19 not-a-png"])
  }

  /// An SVG of more elements than an image may have, as an image and as a mask: refused at the
  /// line that names it before librsvg reads it.
  @Test func anSVGOfTooManyElements() throws {
    let svg = Array(
      (#"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">"#
        + String(repeating: "<g/>", count: 100_000) + "</svg>").utf8)
    #expect(try lint(image: "many.svg", bytes: svg) == ["6:20 bad-image"])
    #expect(try lint(image: "many.svg", bytes: svg, key: "mask") == ["6:19 bad-image"])
  }

  /// A PNG whose header is sound and whose data is cut is found when it is decoded, and named
  /// as the spec wrote it, not by its absolute path.
  @Test func aPNGCutInItsDataIsNamedAsWritten() throws {
    let png = try RGBAImage(width: 64, height: 64, pixels: (0..<64 * 64 * 4).map { UInt8($0 % 251) }).pngData()
    let workspace = try TestWorkspace()
    try workspace.write("specs/img/cut.png", bytes: Array(png.prefix(png.count / 2)))
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [100, 44], tint: blue, image: { file: img/cut.png } }\n")
    let found = workspace.checkAll().diagnostics.sorted
    #expect(found.map(\.rule) == [.notAPNG])
    #expect(found.first?.message.hasPrefix("cannot use image 'img/cut.png': ") == true, "\(found)")
  }

  @Test func jpegRenamed() throws {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46] + Array(repeating: 0, count: 30)
    #expect(try lint(image: "photo.png", bytes: jpeg) == ["6:20 not-a-png"])
  }

  @Test func hundredThousandPixelsWide() throws {
    let wide = try RGBAImage(width: 100_000, height: 1, pixels: Array(repeating: 255, count: 400_000)).pngData()
    #expect(try lint(image: "wide.png", bytes: Array(wide)) == ["6:20 image-too-large"])
    #expect(throws: PNGError.self) { try RGBAImage(png: wide) }
  }

  @Test func fontFileThatIsNotAFont() throws {
    let workspace = try TestWorkspace()
    // Starts like a TrueType file, so only fontconfig can tell.
    try workspace.write("specs/fake.ttf", bytes: [0, 1, 0, 0] + Array(repeating: 7, count: 200))
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        a: { size: [100, 44], tint: blue, text: Go, font: { file: fake.ttf } }
      """)
    let diagnostics = workspace.checkAll().diagnostics.sorted
    #expect(diagnostics.map(\.rule) == [.notAFont])
    #expect(diagnostics.first?.location.line == 3)
  }

  @Test func aRealFontFileRegistersItsFamily() throws {
    let file = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"
    try #require(FileManager.default.fileExists(atPath: file))
    #expect(try FontRegistry.shared.register(fileAt: file).family == "DejaVu Serif")
  }

  @Test func rendererReportsABrokenImageAsATypedError() throws {
    let workspace = try TestWorkspace()
    let path = try workspace.write("cut.png", bytes: Array(Self.validPNG.prefix(40))).path
    var job = RenderJob(button: "a", state: .normal, appearance: .light, scale: 1, size: Size(width: 40, height: 40))
    job.image = ResolvedImage(file: path, template: false, size: nil, position: .center, spacing: 0)
    #expect(throws: RenderError.self) { try Renderer().render(job) }
  }
}

struct BadFontAndImageTests {
  @Test func aBadFontDoesNotHideABadImage() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/fake.ttf", bytes: Array("not a font".utf8))
    try workspace.write("specs/cut.png", bytes: Array(DiagnosticRule.tinyPNG.prefix(40)))
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  a: { size: [100, 44], tint: blue, text: Go, font: { file: fake.ttf }, image: { file: cut.png } }\n"
    )
    let rules = Set(workspace.checkAll().diagnostics.all.map(\.rule))
    #expect(rules == [.notAFont, .notAPNG])
  }
}

/// A file's problem is its own, not one of the button's other mistakes: a button with errors
/// (a value out of range, in it or in one of its states, or a key it does not have) still has
/// its image, mask and font files checked, and each file is named as its spec wrote it, also
/// when another file holds the same bytes.
struct FilesOfButtonsWithErrorsTests {
  @Test func aButtonsOwnMistakesHideNoneOfItsFilesProblems() throws {
    let workspace = try TestWorkspace()
    let png = try RGBAImage(width: 64, height: 64, pixels: (0..<64 * 64 * 4).map { UInt8($0 % 251) }).pngData()
    let cut = Array(png.prefix(png.count / 2))
    try workspace.write("specs/cut.png", bytes: cut)
    try workspace.write("specs/mask.png", bytes: cut)
    try workspace.write("specs/copy.png", bytes: cut)
    let font = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
    try workspace.write("specs/cut.ttf", bytes: Array(font.prefix(2000)))
    try workspace.write("specs/cut.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        a: { size: [100, 44], tint: navy, opacity: 3, image: { file: cut.png } }
        b: { size: [100, 44], tint: navy, text: Go, font: { file: cut.ttf }, states: { selected: { opacity: 2 } } }
        c: { size: [100, 44], tint: navy, scales: [7], mask: { file: mask.png } }
        d: { size: [100, 44], tint: navy, bogus: 1, image: { file: cut.svg } }
        e: { size: [100, 44], tint: navy, image: { file: copy.png } }
      """)
    let found = workspace.checkAll().diagnostics.sorted
    #expect(
      found.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" } == [
        "3:46 value-out-of-range", "3:64 not-a-png", "4:61 not-a-font", "4:103 value-out-of-range",
        "5:46 value-out-of-range", "5:64 not-a-png", "6:37 unknown-key", "6:62 bad-image", "7:52 not-a-png",
      ], "\(found)")
    let named = found.filter { [.notAPNG, .notAFont, .badImage].contains($0.rule) }.map {
      $0.message.split(separator: "'").dropFirst().first.map(String.init) ?? ""
    }
    #expect(named == ["cut.png", "cut.ttf", "mask.png", "cut.svg", "copy.png"])
  }
}

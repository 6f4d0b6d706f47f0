import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

struct PreviewCommandTests {
  static let spec = """
    buttonsmith: 1
    buttons:
      solid: { size: [100, 30], scales: [1, 2], gradient: red, text: A }
      clear: { size: [100, 30], scales: [1, 2], style: mask, gradient: blue, text: B, appearances: [light, dark] }
    """

  @Test func previewDrawsARowPerButtonOverACheckerboard() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    let result = try CLIRunner.run(["preview", "-o", "sheet.png"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("preview: 2 buttons, 6 columns"), "\(result.stdout)")
    let sheet = try RGBAImage(png: try Data(contentsOf: workspace.url.appendingPathComponent("sheet.png")))
    #expect(sheet.width > 400 && sheet.height > 60)
    // Somewhere a pure red @2x cell, and checkerboard grey showing through the mask button.
    let pixels = (0..<(sheet.width * sheet.height)).map { sheet[$0 % sheet.width, $0 / sheet.width] }
    #expect(pixels.contains { $0 == (255, 0, 0, 255) })
    #expect(pixels.contains { $0.red == $0.green && $0.red < 215 && $0.red > 200 })
    #expect(pixels.allSatisfy { $0.alpha == 255 })
  }

  /// Every label is readable: a column is as wide as its title however small its images, and
  /// the labels' column as wide as the longest asset name, so no label is drawn over another or
  /// under an image.
  @Test func labelsKeepClearOfOneAnotherAndOfTheImages() throws {
    let workspace = try TestWorkspace()
    // Text ink: the labels' dark grey, anti-aliased on the sheet's light grey.
    func isInk(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
      pixel.red < 160 && Int(pixel.green) - Int(pixel.red) < 8 && Int(pixel.blue) < Int(pixel.red) + 40
    }
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  tiny: { size: [10, 10], background: \"#0000FF\" }\n")
    let tiny = try sheet(in: workspace)
    // The titles' band: each title is one run of ink, apart from the next by a column's gap.
    let inkColumns = (0..<tiny.width).map { x in (0..<ContactSheetBand.header).contains { isInk(tiny[x, $0]) } }
    var titles = 0
    var blank = 8
    for hasInk in inkColumns {
      if hasInk, blank >= 8 { titles += 1 }
      blank = hasInk ? 0 : blank + 1
    }
    #expect(titles == 3, "normal, highlighted and disabled: \(titles) runs of ink")

    let name = "a" + String(repeating: "-wide-label", count: 9)
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  \(name): { size: [60, 20], background: \"#0000FF\" }\n")
    let long = try sheet(in: workspace)
    let firstImage = try #require(
      (0..<long.width).first { x in (0..<long.height).contains { long[x, $0] == (0, 0, 255, 255) } })
    let lastInk = (0..<long.width).last { x in
      (ContactSheetBand.header..<long.height).contains { isInk(long[x, $0]) }
    }
    #expect(
      lastInk.map { $0 < firstImage } == true, "the name's ink ends at \(lastInk ?? -1), images begin at \(firstImage)")
  }

  /// The rows of a sheet without a title begin below the columns' titles.
  private enum ContactSheetBand {
    static let header = 28
  }

  private func sheet(in workspace: TestWorkspace) throws -> RGBAImage {
    let result = try CLIRunner.run(["preview", "-o", "sheet.png"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    return try RGBAImage(png: try Data(contentsOf: workspace.url.appendingPathComponent("sheet.png")))
  }

  @Test func splitWritesOneSheetPerSpecFile() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    try workspace.write("specs/b.yaml", "buttonsmith: 1\nbuttons:\n  other: { size: [50, 20], gradient: lime }\n")
    let result = try CLIRunner.run(["preview", "--split", "-o", "out/sheet.png"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    for name in ["sheet-a.png", "sheet-b.png"] {
      #expect(
        FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("out/\(name)").path), "\(name)")
    }
  }

  @Test func previewAfterABuildReusesItsCache() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    let first = try CLIRunner.run(["preview", "-o", "one.png"], in: workspace.url)
    // With the cache removed the same sheet is drawn from scratch: identical pixels.
    try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("build/assets/.cache"))
    let second = try CLIRunner.run(["preview", "-o", "two.png"], in: workspace.url)
    #expect(first.status == 0 && second.status == 0)
    let one = try RGBAImage(png: try Data(contentsOf: workspace.url.appendingPathComponent("one.png")))
    let two = try RGBAImage(png: try Data(contentsOf: workspace.url.appendingPathComponent("two.png")))
    #expect(one == two)
  }

  /// A version is immutable: neither a sheet nor a report page is written into the output
  /// directory (into a version, `current`, or beside them), where only a build may write.
  @Test(arguments: [
    ["preview", "-o", "build/assets/versions/v1/solid/normal.png"], ["preview", "-o", "build/assets/current/p.png"],
    ["preview", "--split", "-o", "build/assets/p.png"], ["report", "-o", "build/assets/current/report"],
    ["report", "-o", "build/assets/versions/v7"],
  ])
  func nothingButABuildWritesIntoTheOutputDirectory(arguments: [String]) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    #expect(try CLIRunner.run(["build", "--quiet"], in: workspace.url).status == 0)
    let output = workspace.url.appendingPathComponent("build/assets")
    let before = snapshot(of: output)
    let run = try CLIRunner.run(arguments, in: workspace.url)
    #expect(
      run.status == 2 && run.stderr.contains("is inside the output directory, whose versions only a build may change"),
      "\(run.stderr)")
    #expect(snapshot(of: output) == before)
  }

  @Test func previewOfBrokenSpecsFails() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [10, 10] }\n")
    let result = try CLIRunner.run(["preview"], in: workspace.url)
    #expect(result.status == 1 && result.stderr.contains("[unresolved-color]"))
  }

  /// A file the sheet cannot be written to is named with the system's reason, not as Foundation
  /// describes its error (`Error Domain=NSCocoaErrorDomain Code=512 …`).
  @Test(arguments: [
    ("folder.png", "folder.png': Is a directory\n"),
    ("file/sheet.png", "file': A file with the same name already exists\n"),
  ])
  func anUnwritableSheetIsASentence(output: String, reason: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [10, 10], tint: red }\n")
    try FileManager.default.createDirectory(
      at: workspace.url.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
    try workspace.write("file", "a file")
    let result = try CLIRunner.run(["preview", "-o", output], in: workspace.url)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: '") && result.stderr.hasSuffix(reason), "\(result.stderr)")
  }

  /// A sheet whose images would make it larger than a sheet may be is drawn with every image at
  /// the same fraction of its scale, the largest that fits, and says so: a very wide button, a
  /// few very large ones, a thousand rows.
  @Test(arguments: [
    ("  wide: { size: [2730, 44], scales: [3], gradient: \"#0000FF\" }\n", 1),
    (
      (0..<2).map {
        "  h\($0): { size: [4000, 4000], scales: [2], gradient: \"#0000FF\", states: { highlighted: {} } }\n"
      }
      .joined(), 2
    ),
    ((0..<1_000).map { "  b\($0): { size: [200, 44], scales: [1], gradient: \"#0000FF\" }\n" }.joined(), 1_000),
  ])
  func aSheetTooLargeIsDrawnWithSmallerImages(buttons: String, count: Int) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n" + buttons)
    let result = try CLIRunner.run(["preview", "-o", "sheet.png"], in: workspace.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.hasPrefix("preview: \(count) button")
        && result.stdout.contains("% of their scale to fit -> sheet.png"),
      "\(result.stdout)")
    let sheet = try RGBAImage(
      png: try Data(contentsOf: workspace.url.appendingPathComponent("sheet.png")),
      maximumSide: UInt32(ContactSheet.maximumHeight))
    #expect(sheet.width <= ContactSheet.maximumWidth && sheet.height <= ContactSheet.maximumHeight)
    #expect(sheet.width * sheet.height <= ContactSheet.maximumPixels)
    // The images are drawn: the normal states' blue fills a part of the sheet (every fifth
    // pixel each way looked at).
    let samples = stride(from: 0, to: sheet.height, by: 5).flatMap { y in
      stride(from: 0, to: sheet.width, by: 5).map { x in sheet[x, y] }
    }
    let blue = samples.count { $0 == (0, 0, 255, 255) }
    #expect(blue * 30 > samples.count, "\(blue) of \(samples.count)")
  }
}

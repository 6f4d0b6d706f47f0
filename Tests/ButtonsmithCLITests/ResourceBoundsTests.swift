import ButtonRender
import ButtonsmithTestSupport
import ButtonsmithWorkload
import Foundation
import Testing

/// Inputs that are small (or look small) but used to cost far more time or memory than their
/// size: each runs the real binary under a 1 GiB address-space limit (`ulimit -v`) and a hang
/// guard, and must end on its own with a clear, located answer.
@Suite(.serialized)
struct ResourceBoundsTests {
  static let header = "buttonsmith: 1\nbuttons:\n"

  func expectBounded(_ run: CLIRunner.Result, status: Int32, mentions: [String] = [], _ what: String) {
    #expect(!run.wasKilled, "\(what): killed (out of memory or hung); stderr: \(run.stderr.suffix(400))")
    #expect(run.status == status, "\(what): exit \(run.status); stderr: \(run.stderr.suffix(400))")
    for text in mentions {
      #expect(
        run.stderr.contains(text) || run.stdout.contains(text), "\(what): no '\(text)' in \(run.stderr.suffix(400))")
    }
  }

  /// A 4096 x 4096 PNG (64 MiB decoded, a few kilobytes on disk) named through 24 paths.
  @Test func oneLargeImageThroughManyPathsIsDecodedOnce() throws {
    let workspace = try TestWorkspace()
    let image = RGBAImage(width: 4096, height: 4096, pixels: [UInt8](repeating: 128, count: 4096 * 4096 * 4))
    try image.pngData().write(to: try workspace.write("specs/images/big.png", ""))
    try FileManager.default.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("specs/images/l").path, withDestinationPath: ".")
    var spec = Self.header
    for index in 0..<24 {
      let path = "images/" + String(repeating: "l/", count: index) + "big.png"
      spec += "  b\(index): { size: [60, 44], scales: [1], tint: blue, image: { file: \"\(path)\" } }\n"
    }
    try workspace.write("specs/a.yaml", spec)
    expectBounded(try Self.run(["build", "-o", "out"], in: workspace.url), status: 0, "24 paths to one image")
  }

  @Test func diamondTemplatesAreExpandedOnce() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/t0.yaml", "buttonsmith: 1\ncorner-radius: 4\n")
    for level in 1...24 {
      try workspace.write("templates/t\(level).yaml", "buttonsmith: 1\nextends: [t\(level - 1), t\(level - 1)]\n")
    }
    try workspace.write("specs/a.yaml", Self.header + "  b: { extends: t24, size: [60, 44], tint: blue }\n")
    expectBounded(try Self.run(["lint"], in: workspace.url), status: 0, "24 levels of diamonds")
  }

  /// Two templates a level, each extending both of the level below, over a broken root: the
  /// root's one error must not be copied for every path to it.
  @Test func anErrorBelowManyDiamondsIsReportedOnce() throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/l0.yaml", "buttonsmith: 1\nextends: nosuch\n")
    try workspace.write("templates/r0.yaml", "buttonsmith: 1\ncorner-radius: 2\n")
    for level in 1...30 {
      for side in ["l", "r"] {
        try workspace.write(
          "templates/\(side)\(level).yaml", "buttonsmith: 1\nextends: [l\(level - 1), r\(level - 1)]\n")
      }
    }
    try workspace.write("specs/a.yaml", Self.header + "  b: { extends: l30, size: [60, 44], tint: blue }\n")
    let run = try Self.run(["lint", "--format", "json"], in: workspace.url)
    expectBounded(run, status: 1, mentions: ["unknown-template"], "diamonds over an error")
    #expect(run.stdout.components(separatedBy: "\"unknown-template\"").count == 2, "\(run.stdout.prefix(600))")
  }

  @Test(arguments: [2_000, 5_000])
  func aLongTemplateChainIsALocatedError(length: Int) throws {
    let workspace = try TestWorkspace()
    try workspace.write("templates/t0.yaml", "buttonsmith: 1\ncorner-radius: 4\n")
    for level in 1..<length {
      try workspace.write("templates/t\(level).yaml", "buttonsmith: 1\nextends: t\(level - 1)\n")
    }
    try workspace.write("specs/a.yaml", Self.header + "  b: { extends: t\(length - 1), size: [60, 44], tint: blue }\n")
    let run = try Self.run(["lint"], in: workspace.url)
    expectBounded(run, status: 1, mentions: [":2:10: error: templates extend each other more than 32 deep"], "chain")
  }

  @Test(arguments: [10_000, 20_000])
  func aLongPaletteChainIsALocatedError(length: Int) throws {
    let workspace = try TestWorkspace()
    var spec = "buttonsmith: 1\npalette:\n"
    for index in 0..<length - 1 { spec += "  C\(index): $C\(index + 1)\n" }
    spec += "  C\(length - 1): red\nbuttons:\n  b: { size: [60, 44], tint: $C0 }\n"
    try workspace.write("specs/a.yaml", spec)
    let run = try Self.run(["lint"], in: workspace.url)
    expectBounded(
      run, status: 1, mentions: ["goes through more than 32 palette names", "[nesting-too-deep]"], "palette")
  }

  /// Many mistakes on one long line (a minified file) are printed in time that grows with their
  /// number: the line is read once for them all, not once each (10,000 took a minute).
  @Test func manyMistakesOnOneLongLineArePrintedInLinearTime() throws {
    let workspace = try TestWorkspace()
    let keys = (0..<10_000).map { "k\($0): 1" }.joined(separator: ", ")
    try workspace.write("specs/a.yaml", Self.header + "  b: { size: [60, 44], tint: blue, \(keys) }\n")
    let run = try Self.run(["lint"], in: workspace.url, hangGuard: 30)
    expectBounded(run, status: 1, mentions: ["k9999"], "text")
    #expect(run.stderr.components(separatedBy: "[unknown-key]").count == 10_001)
  }

  /// An alias repeats its anchor's text: thousands of aliases of a long text are refused, as
  /// an alias bomb of values is; a few of them cost one look at the text's length each, and the
  /// message quotes its start.
  @Test func aliasesOfALongTextCostLittle() throws {
    let workspace = try TestWorkspace()
    var spec = Self.header + "  b0: { size: [60, 44], tint: &v " + String(repeating: "x", count: 1_000_000) + " }\n"
    for index in 1..<3_000 { spec += "  b\(index): { size: [60, 44], tint: *v }\n" }
    try workspace.write("specs/a.yaml", spec)
    let run = try Self.run(["lint"], in: workspace.url, hangGuard: 60)
    expectBounded(run, status: 1, mentions: ["bytes of text once its aliases are expanded [alias-expansion]"], "text")

    var few = Self.header + "  b0: { size: [60, 44], tint: &v " + String(repeating: "y", count: 200_000) + " }\n"
    for index in 1..<50 { few += "  b\(index): { size: [60, 44], tint: *v, opacity: 2 }\n" }
    try workspace.write("specs/a.yaml", few)
    let lint = try Self.run(["lint"], in: workspace.url, hangGuard: 60)
    expectBounded(lint, status: 1, mentions: ["'" + String(repeating: "y", count: 64) + "…' is not a colour"], "colour")
    #expect(lint.stderr.count < 60_000, "\(lint.stderr.prefix(600))")
    #expect(lint.stderr.contains("lint: 50 errors"), "\(lint.stderr.suffix(300))")
  }

  /// A value thousands of characters long is quoted in part: a message stays short.
  @Test func aMessageQuotesALongValueInPart() throws {
    let workspace = try TestWorkspace()
    let digits = String(repeating: "9", count: 300_000)
    try workspace.write("specs/a.yaml", Self.header + "  b: { size: [\(digits), 44], tint: blue }\n")
    let run = try Self.run(["lint", "--format", "json"], in: workspace.url, hangGuard: 60)
    expectBounded(run, status: 1, "long value")
    #expect(run.stdout.count < 4_000, "\(run.stdout.prefix(600))")
  }

  /// A few lines may not ask for hours of drawing: a button's images have at most 2^32 pixels
  /// (a spinner of 120 frames has more), and those of the specs together at most 2^36 (eighteen
  /// buttons of 4 Gi each). Nothing is drawn, and the button drawing the most is named.
  @Test(arguments: [
    (1, 120, "more than the 4,294,967,296 one button may have"),
    (18, 13, "more than the 68,719,476,736 one build draws; button 'big0' has"),
  ])
  func specsThatAskForHoursOfDrawingAreRefused(buttons: Int, frames: Int, message: String) throws {
    let workspace = try TestWorkspace()
    var spec = """
      buttonsmith: 1
      defaults:
        size: [2048, 2048]
        scales: [1, 1.5, 2, 3, 4]
        appearances: [light, dark]
        tint: red
        states: { normal: {}, highlighted: { opacity: 0.5 }, loading: { spinner: { frames: \(frames) } } }
      buttons:

      """
    for index in 0..<buttons { spec += "  big\(index): {}\n" }
    try workspace.write("specs/a.yaml", spec)
    for command in [["lint"], ["build"]] {
      let run = try Self.run(command, in: workspace.url, hangGuard: 60)
      expectBounded(run, status: 1, mentions: [message, "[image-too-large]"], "\(command)")
    }
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build").path))
  }

  /// Sparse files: a few bytes on disk, gigabytes by their size.
  @Test func oversizedFilesAreRefusedUnread() throws {
    let workspace = try TestWorkspace()
    let big = try workspace.write("big.bin", "buttonsmith: 1\n")
    try FileManager.default.createDirectory(
      at: workspace.url.appendingPathComponent("specs"), withIntermediateDirectories: true)
    #expect(truncate(big.path, 3 << 30) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("specs/linked.yaml").path, withDestinationPath: "../big.bin")
    let padded = try workspace.write("specs/padded.png", bytes: Self.onePixelPNG)
    #expect(truncate(padded.path, 3 << 30) == 0)
    try workspace.write(
      "specs/a.yaml", Self.header + "  b: { size: [60, 44], tint: blue, image: { file: padded.png } }\n")
    let run = try Self.run(["lint"], in: workspace.url)
    expectBounded(
      run, status: 1,
      mentions: [
        "specs/linked.yaml:1:1: error: file is 3221225472 bytes, more than the 4194304 a spec may have",
        "image file 'padded.png' is 3221225472 bytes, more than the 33554432 an image may have [file-too-large]",
      ], "sparse files")
  }

  @Test func aTextChunkThatDeclaresGigabytesIsRefused() throws {
    let workspace = try TestWorkspace()
    // Signature, IHDR of 1 x 1, then a tEXt chunk whose length field says 2 GiB.
    let png = Array(Self.onePixelPNG.prefix(33)) + [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8) + [0, 0, 0]
    try workspace.write("specs/bomb.png", bytes: png)
    try workspace.write(
      "specs/a.yaml", Self.header + "  b: { size: [60, 44], tint: blue, image: { file: bomb.png } }\n")
    for command in [["lint"], ["build", "-o", "out"]] {
      let run = try Self.run(command, in: workspace.url)
      // Refused from the chunk's header, before libpng allocates what it declares.
      expectBounded(
        run, status: 1,
        mentions: ["specs/a.yaml:3:", "chunk 'tEXt' declares 2147483632 bytes, more than the file holds"],
        "text chunk bomb, \(command[0])")
    }
  }

  @Test func fifosNamedAsFilesDoNotBlock() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      Self.header + """
          b:
            size: [60, 44]
            tint: blue
            text: Go
            font: { file: font.ttf }
            image: { file: image.png }
            mask: { file: mask.png }

        """)
    for name in ["font.ttf", "image.png", "mask.png"] {
      #expect(mkfifo(workspace.url.appendingPathComponent("specs/\(name)").path, 0o644) == 0)
    }
    #expect(mkfifo(workspace.url.appendingPathComponent("specs/fifo.yaml").path, 0o644) == 0)
    let run = try Self.run(["lint"], in: workspace.url, hangGuard: 60)
    expectBounded(
      run, status: 1,
      mentions: [
        "font file 'font.ttf' is not a regular file", "image file 'image.png' is not a regular file",
        "mask file 'mask.png' is not a regular file", "specs/fifo.yaml:1:1: error: file is not a regular file",
      ], "FIFOs")
  }

  @Test func suggestionsCostLittleWhateverTheNames() throws {
    let workspace = try TestWorkspace()
    let longName = String(repeating: "q", count: 100_000)
    var spec = "buttonsmith: 1\npalette:\n"
    for index in 0..<1_000 { spec += "  Entry\(index): red\n" }
    spec += "buttons:\n  long: { size: [60, 44], tint: &c \"$\(longName)\" }\n"
    for index in 0..<100 { spec += "  alias\(index): { size: [60, 44], tint: *c }\n" }
    for index in 0..<1_000 { spec += "  u\(index): { size: [60, 44], tint: $Missing\(index) }\n" }
    try workspace.write("specs/a.yaml", spec)
    let run = try Self.run(["lint", "--format", "json"], in: workspace.url)
    expectBounded(run, status: 1, mentions: ["unknown-palette-name"], "suggestions")
  }

  @Test func aMergeKeyWithManyKeysIsLinear() throws {
    let workspace = try TestWorkspace()
    var spec = "buttonsmith: 1\nbuttons:\n  base: &base\n    size: [60, 44]\n    tint: blue\n"
    for index in 0..<40_000 { spec += "    k\(index): 1\n" }
    spec += "  merged:\n    <<: *base\n    text: Go\n"
    try workspace.write("specs/a.yaml", spec)
    let run = try Self.run(["lint", "--format", "json"], in: workspace.url)
    expectBounded(run, status: 1, mentions: ["unknown-key"], "merge key")
  }

  /// One letter with 100,000 combining marks, and 150,000 characters of words.
  static let hugeLabels = [
    "a" + String(repeating: "\u{301}", count: 100_000), String(repeating: "Label ", count: 25_000),
  ]

  @Test(arguments: 0..<2)
  func aHugeLabelIsALocatedError(index: Int) throws {
    let label = Self.hugeLabels[index]
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.header + "  b: { size: [60, 44], tint: blue, text: \"\(label)\" }\n")
    let run = try Self.run(["lint"], in: workspace.url)
    expectBounded(run, status: 1, mentions: ["specs/a.yaml:3:42: error: text has ", "[invalid-text]"], "label")
  }

  /// Sheets too tall, and within the largest sides but too large in all (each cell 8,000 pixels
  /// square: as it was, 6 GB held before failing).
  /// Rows that no image size fits in one sheet: refused before anything is drawn. (A sheet
  /// whose images are only too large is drawn with smaller images: `PreviewCommandTests`.)
  @Test func aPreviewOfTooManyRowsFailsBeforeDrawing() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      Self.header + (0..<3_000).map { "  b\($0): { size: [200, 44], scales: [2], tint: blue }\n" }.joined())
    let run = try Self.run(["preview"], in: workspace.url)
    expectBounded(
      run, status: 1,
      mentions: [
        "more than 16384 x 32768 or 64 megapixels in all; too many rows or columns for one sheet, with images however "
          + "small: use --split"
      ], "preview")
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build/preview.png").path))
  }

  @Test func parallelismIsBounded() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.header + "  b: { size: [60, 44], tint: blue }\n")
    let run = try Self.run(["build", "-j", "100000"], in: workspace.url)
    expectBounded(run, status: 2, mentions: ["-j must be 1...256"], "-j")
  }

  /// Without `MALLOC_ARENA_MAX`, the allocator keeps an arena per core at most: 300 images of the
  /// standard workload build under 400 MiB of address space, where glibc's default of up to eight
  /// arenas a core, 64 MiB each, crashed them (a thread Pango could not create). How many arenas
  /// glibc makes depends on how the threads meet, so without the limit this fails on most runs,
  /// not every one.
  @Test func aBuildFitsItsAddressSpaceWhateverTheAllocatorIsTold() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", StandardWorkload.spec(buttons: 20))
    // The runner limits arenas itself under `ulimit -v`; an empty variable leaves it to the tool.
    let run = try CLIRunner.run(
      ["build", "--quiet", "-o", "out"], in: workspace.url, memoryMiB: 400, hangGuard: 120,
      environment: ["MALLOC_ARENA_MAX": ""])
    expectBounded(run, status: 0, "300 images in 400 MiB")
  }

  /// Runs the binary with 1 GiB of address space and a hang guard many times what any
  /// bounded case takes.
  static func run(_ arguments: [String], in directory: URL, hangGuard: TimeInterval = 120) throws -> CLIRunner.Result {
    try CLIRunner.run(arguments, in: directory, memoryMiB: 1024, hangGuard: hangGuard)
  }

  /// A 1 x 1 opaque PNG.
  static let onePixelPNG: [UInt8] = {
    let data = (try? RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255]).pngData()) ?? Data()
    return Array(data)
  }()
}

import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// SVG and PDF images drawn as vectors at each scale, PNG source sets, and their errors.
struct VectorImageTests {
  static let circle =
    ##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="12" fill="#FF3B30"/></svg>"##

  /// A workspace with `specs/a.yaml` holding `buttons` (YAML under `buttons:`) and `files`.
  func workspace(_ buttons: String, files: [String: [UInt8]] = [:]) throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n" + buttons)
    for (path, bytes) in files { try workspace.write(path, bytes: bytes) }
    return workspace
  }

  func image(_ workspace: TestWorkspace, _ path: String) throws -> RGBAImage {
    try RGBAImage(png: Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/\(path)")))
  }

  /// A PNG `side` pixels square of one `color`.
  func solid(_ side: Int, _ color: [UInt8]) throws -> [UInt8] {
    Array(try RGBAImage(width: side, height: side, pixels: Array((0..<(side * side)).flatMap { _ in color })).pngData())
  }

  func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    let p = image[x, y]
    return [p.red, p.green, p.blue, p.alpha]
  }

  /// Pixels of row `y` that are neither transparent nor opaque.
  func partialPixels(_ image: RGBAImage, row y: Int) -> Int {
    (0..<image.width).count { image.pixels[(y * image.width + $0) * 4 + 3] % 255 != 0 }
  }

  func opaquePixels(_ image: RGBAImage, row y: Int) -> Int {
    (0..<image.width).count { image.pixels[(y * image.width + $0) * 4 + 3] == 255 }
  }

  @Test func anSVGCircleIsSharpAtEveryScaleAndAPNGScaledUpIsNot() throws {
    // The same 24-point circle, as an SVG and as a 24-pixel PNG drawn at 24 points.
    let png = try workspace("", files: [:])
    try png.write("specs/circle.svg", Self.circle)
    try png.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { style: fill, size: [24, 24], background: "#00000000", padding: 0, scales: [1, 3], states: { normal: {} } }
      buttons:
        vector: { image: { file: circle.svg } }

      """)
    #expect(try CLIRunner.run(["build"], in: png.url).status == 0)
    // Draw the PNG from the SVG at 1x, then use it at 3x.
    let drawn = png.url.appendingPathComponent("build/assets/current/vector/normal.png")
    try png.write("specs/circle.png", bytes: Array(try Data(contentsOf: drawn)))
    try png.write(
      "specs/b.yaml",
      """
      buttonsmith: 1
      defaults: { style: fill, size: [24, 24], background: "#00000000", padding: 0, scales: [3], states: { normal: {} } }
      buttons:
        raster: { image: { file: circle.png, size: [24, 24] } }

      """)
    let run = try CLIRunner.run(["build"], in: png.url)
    #expect(run.status == 0, "\(run.stderr)")
    let vector = try image(png, "vector/normal@3x.png")
    #expect(vector.width == 72 && vector.height == 72)
    // 72 pixels across the middle: opaque inside, at most one partly covered pixel at each edge.
    #expect(opaquePixels(vector, row: 36) + partialPixels(vector, row: 36) == 72)
    #expect(partialPixels(vector, row: 36) <= 2)
    let raster = try image(png, "raster/normal@3x.png")
    #expect(partialPixels(raster, row: 36) > 2, "scaled up, the edge is softer")
  }

  @Test func aPDFIconDrawsItsPageAndATemplateSVGTakesTheGradient() throws {
    let workspace = try workspace(
      """
        from-pdf: { style: fill, size: [18, 18], background: "#00000000", padding: 0, image: { file: circle.pdf }, scales: [2], states: { normal: {} } }
        masked:
          style: mask
          size: [96, 48]
          gradient: { colors: ["#FF0000", "#0000FF"], angle: -90 }
          image: { file: circle.svg, template: true, size: [40, 40] }
          padding: 0
          scales: [1]
          states: { normal: {} }

      """,
      files: [
        "specs/circle.svg": Array(Self.circle.utf8),
        "specs/circle.pdf": Array(
          try Data(
            contentsOf: repositoryRoot.appendingPathComponent(
              "Tests/ButtonsmithCLITests/Fixtures/vector/circle.pdf"))),
      ])
    let run = try CLIRunner.run(["build"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    // The PDF's page is 18 x 18 points (the circle exported at 72 dpi): its red circle fills it.
    let pdf = try image(workspace, "from-pdf/normal@2x.png")
    #expect(pdf.width == 36 && pixel(pdf, 18, 18) == [255, 59, 48, 255])
    #expect(pixel(pdf, 0, 0)[3] == 0)
    // Drawn as vectors at 2x: the circle's edge is one pixel wide across the middle row.
    #expect(opaquePixels(pdf, row: 18) + partialPixels(pdf, row: 18) == 36 && partialPixels(pdf, row: 18) <= 2)
    // In `mask` style the template circle is cut from the gradient: red on its left, blue on its right.
    let masked = try image(workspace, "masked/normal.png")
    let left = pixel(masked, 32, 24)
    let right = pixel(masked, 64, 24)
    #expect(left[3] == 255 && right[3] == 255 && left[0] > left[2] && right[2] > right[0], "\(left) \(right)")
    #expect(pixel(masked, 4, 4)[3] == 0)
  }

  @Test func aPNGSetDrawsTheClosestMemberAtOrAboveTheScale() throws {
    // Each member a different colour: the output shows which one was drawn.
    let workspace = try workspace(
      """
        icon: { style: fill, size: [10, 10], background: "#00000000", padding: 0, image: { file: dot.png }, scales: [1, 1.5, 2, 3, 4], states: { normal: {} } }

      """,
      files: [
        "specs/dot.png": try solid(10, [255, 0, 0, 255]),
        "specs/dot@2x.png": try solid(20, [0, 255, 0, 255]),
        "specs/dot@3x.png": try solid(30, [0, 0, 255, 255]),
      ])
    let run = try CLIRunner.run(["build"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let expected: [(String, Int, [UInt8])] = [
      ("normal.png", 10, [255, 0, 0, 255]), ("normal@1.5x.png", 15, [0, 255, 0, 255]),
      ("normal@2x.png", 20, [0, 255, 0, 255]), ("normal@3x.png", 30, [0, 0, 255, 255]),
      ("normal@4x.png", 40, [0, 0, 255, 255]),
    ]
    for (file, side, color) in expected {
      let drawn = try image(workspace, "icon/\(file)")
      #expect(drawn.width == side && pixel(drawn, side / 2, side / 2) == color, "\(file)")
    }
    // Each scale's key covers the file it read: changing the @3x redraws only 3x and 4x.
    try workspace.write("specs/dot@3x.png", bytes: try solid(30, [255, 255, 0, 255]))
    let again = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(again.stdout.contains("\"rendered\":2"), "\(again.stdout)")
    #expect(pixel(try image(workspace, "icon/normal@3x.png"), 15, 15) == [255, 255, 0, 255])
  }

  @Test func anAt2xAddedAfterABuildIsDrawnWhateverTheExtensionsCase() throws {
    let workspace = try workspace(
      """
        icon: { style: fill, size: [10, 10], background: "#00000000", padding: 0, image: { file: dot.PNG }, scales: [1, 2], states: { normal: {} } }

      """, files: ["specs/dot.PNG": try solid(10, [255, 0, 0, 255])])
    #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    #expect(try CLIRunner.run(["build"], in: workspace.url).stdout.contains("up to date"))
    // The no-op check knew where an @2x would be: adding one draws the 2x image again.
    try workspace.write("specs/dot@2x.PNG", bytes: try solid(20, [0, 255, 0, 255]))
    let run = try CLIRunner.run(["build", "--json"], in: workspace.url)
    #expect(run.stdout.contains("\"rendered\":1"), "\(run.stdout)\(run.stderr)")
    #expect(pixel(try image(workspace, "icon/normal@2x.png"), 10, 10) == [0, 255, 0, 255])
  }

  /// Ten levels of ten `<use>`s of the level below: 10^10 elements once expanded.
  var fanOut: String {
    var svg =
      #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8"><defs><rect id="l0" width="1" height="1"/>"#
    for level in 1...10 {
      svg += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
    }
    return svg + ##"</defs><use href="#l10"/></svg>"##
  }

  @Test func badVectorImagesAndSetsAreReportedAtTheirLines() throws {
    let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("buttonsmith-fifo-\(UUID().uuidString)")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    defer { unlink(fifo.path) }
    let workspace = try workspace(
      """
        a: { size: [40, 40], background: red, image: { file: png-inside.svg } }
        b: { size: [40, 40], background: red, image: { file: reads-a-file.svg } }
        c: { size: [40, 40], background: red, image: { file: reads-a-url.svg } }
        d: { size: [40, 40], background: red, image: { file: no-pages.pdf } }
        e: { size: [40, 40], background: red, image: { file: text.pdf } }
        f: { size: [40, 40], background: red, image: { file: dot.png } }
        g: { size: [40, 40], background: red, mask: { file: entity.svg } }
        h: { size: [40, 40], background: red, image: { file: passwd.svg } }
        i: { size: [40, 40], background: red, image: { file: font.svg } }
        j: { size: [40, 40], background: red, image: { file: huge.svg } }
        k: { size: [40, 40], background: red, image: { file: import.svg } }
        l: { size: [40, 40], background: red, image: { file: escape.svg } }
        m: { size: [40, 40], background: red, image: { file: html.svg } }
        n: { size: [40, 40], background: red, image: { file: fan-out.svg } }

      """,
      files: [
        "specs/png-inside.svg": Array(
          try Data(
            contentsOf: repositoryRoot.appendingPathComponent(
              "Tests/ButtonsmithCLITests/Fixtures/images/star.png"))),
        "specs/reads-a-file.svg": Array(
          #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><image href="\#(fifo.path)" width="8" height="8"/></svg>"#
            .utf8),
        "specs/reads-a-url.svg": Array(
          #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" style="fill: url('http://example.com/p.svg#g')"/></svg>"#
            .utf8),
        "specs/no-pages.pdf": Array(
          "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
            .utf8),
        "specs/text.pdf": Array("hello".utf8),
        "specs/dot.png": Array(
          try RGBAImage(width: 10, height: 10, pixels: Array(repeating: 255, count: 400)).pngData()),
        "specs/dot@2x.png": Array(
          try RGBAImage(width: 21, height: 20, pixels: Array(repeating: 255, count: 21 * 20 * 4)).pngData()),
        "specs/passwd.svg": Array(
          #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8"><image xlink:href="/etc/passwd"/></svg>"#
            .utf8),
        "specs/font.svg": Array(
          #"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"><text y="15" style="font-family: 'No Such Family 7', serif">Hi</text><text font-family="DejaVu Sans">Hi</text></svg>"#
            .utf8),
        "specs/huge.svg": Array(
          (#"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">"#
            + String(repeating: " ", count: 4 * 1024 * 1024)
            + "</svg>").utf8),
        "specs/import.svg": Array(
          #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><style>@import"style.css";</style></svg>"#.utf8
        ),
        "specs/escape.svg": Array(
          #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect style="fill: \75 rl(o.svg#g)"/></svg>"#
            .utf8),
        "specs/html.svg": Array(
          #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><image href="data:text/html;base64,PGI+"/></svg>"#
            .utf8),
        "specs/fan-out.svg": Array(fanOut.utf8),
        "specs/entity.svg": Array(
          #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text>&x;</text></svg>"#
            .utf8),
      ])
    // The FIFO would block a reader forever: the build ends, so nothing opened it.
    let run = try CLIRunner.run(["lint"], in: workspace.url, hangGuard: 60)
    #expect(!run.wasKilled)
    #expect(run.status == 1)
    let lines = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
    func expectError(_ prefix: String, _ message: String) {
      #expect(lines.contains { $0.hasPrefix(prefix) && $0.contains(message) }, "\(prefix) \(message)\n\(lines)")
    }
    expectError("specs/a.yaml:3:56:", "image file 'png-inside.svg' is not an SVG: it is not UTF-8 text [bad-image]")
    expectError("specs/a.yaml:4:56:", "refers to '\(fifo.path)' outside itself")
    expectError("specs/a.yaml:5:56:", "refers to 'http://example.com/p.svg#g' outside itself")
    expectError("specs/a.yaml:6:56:", "the PDF has no pages [bad-image]")
    expectError("specs/a.yaml:7:56:", "image file 'text.pdf' is not a PDF [bad-image]")
    expectError(
      "specs/a.yaml:8:56:", "'dot@2x.png' is 21 x 20 pixels; as the @2x of the 10 x 10 'dot.png' it must be 20 x 20")
    expectError("specs/a.yaml:9:55:", "declares an entity; an SVG image must be self-contained")
    expectError("specs/a.yaml:10:56:", "refers to '/etc/passwd' outside itself")
    expectError("specs/a.yaml:11:56:", "image file 'font.svg' draws text, which would look different")
    expectError("specs/a.yaml:12:56:", "bytes, more than the 4194304")
    expectError("specs/a.yaml:13:56:", "imports a style sheet")
    expectError("specs/a.yaml:14:56:", "uses CSS escapes")
    expectError("specs/a.yaml:15:56:", "refers to 'data:text/html;base64,PGI+' outside itself")
    // Parses, but librsvg refuses to draw it: found by drawing once when checking, not per job.
    expectError("specs/a.yaml:16:56:", "[bad-image]")
  }

  @Test func aMegabyteOfNestedGroupsStaysWithinBounds() throws {
    let depth = 150_000
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">"# + String(repeating: "<g>", count: depth)
      + #"<rect width="8" height="8"/>"# + String(repeating: "</g>", count: depth) + "</svg>"
    #expect(svg.utf8.count > 1_000_000)
    let workspace = try workspace(
      "  deep: { size: [40, 40], background: red, image: { file: deep.svg } }\n",
      files: ["specs/deep.svg": Array(svg.utf8)])
    let run = try CLIRunner.run(["build"], in: workspace.url, memoryMiB: 1024, hangGuard: 60)
    #expect(!run.wasKilled, "\(run.stderr)")
    // librsvg refuses documents nested this deep: a located error, not a crash.
    #expect(
      run.status == 1 && run.stderr.contains("specs/a.yaml:3:59: error:") && run.stderr.contains("[bad-image]"),
      "\(run.stderr)")
  }
}

import ButtonRender
import ButtonSpec
import ButtonsmithTestSupport
import Testing

/// Pixel assertions on one drawing feature each.
struct FeatureTests {
  func button(_ properties: String, size: String = "[200, 44]", scales: String = "[1]") -> String {
    """
    buttonsmith: 1
    palette:
      Duo: { light: "#FF0000", dark: "#0000FF" }
    buttons:
      b:
        size: \(size)
        scales: \(scales)
    \(properties.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
    """
  }

  @Test(arguments: [(0.0, "top"), (90.0, "right"), (-90.0, "left"), (180.0, "bottom")])
  func angleSetsWhereTheFirstColourIs(angle: Double, side: String) throws {
    let image = try drawn(button("gradient: { colors: [red, blue], angle: \(angle) }"), "b/normal.png")
    let (midX, midY) = (image.width / 2, image.height / 2)
    let probes = [
      "top": (midX, 0), "bottom": (midX, image.height - 1), "left": (0, midY), "right": (image.width - 1, midY),
    ]
    let first = try #require(probes[side])
    let opposite = try #require(probes[["top": "bottom", "bottom": "top", "left": "right", "right": "left"][side]!])
    #expect(image[first.0, first.1].red > 200 && image[first.0, first.1].blue < 55, "\(image[first.0, first.1])")
    #expect(image[opposite.0, opposite.1].blue > 200, "\(image[opposite.0, opposite.1])")
  }

  @Test func gradientEndsReachTheExtremeCorners() throws {
    // At 45 degrees on a wide button the corners themselves carry the end colours.
    let image = try drawn(button("gradient: { colors: [red, blue], angle: 45 }"), "b/normal.png")
    let topRight = image[image.width - 1, 0]
    let bottomLeft = image[0, image.height - 1]
    #expect(topRight.red >= 250 && topRight.blue <= 5, "\(topRight)")
    #expect(bottomLeft.blue >= 250 && bottomLeft.red <= 5, "\(bottomLeft)")
  }

  @Test func hardEdgeStops() throws {
    let image = try drawn(
      button(
        "gradient: { stops: [{ color: red, at: 0 }, { color: red, at: 0.5 }, { color: blue, at: 0.5 }, { color: blue, at: 1 }] }",
        size: "[100, 100]"),
      "b/normal.png")
    #expect(image[50, 48] == (255, 0, 0, 255))
    #expect(image[50, 51] == (0, 0, 255, 255))
  }

  @Test func insideBorderAtThreeXColoursTheOuterTwelvePixelRing() throws {
    let image = try drawn(
      button("gradient: red\nborder: { width: 4, color: lime }", size: "[40, 40]", scales: "[3]"), "b/normal@3x.png")
    #expect(image.width == 120)
    for x in [0, 6, 11] { #expect(image[x, 60] == (0, 255, 0, 255), "x \(x): \(image[x, 60])") }
    for x in [12, 20, 60] { #expect(image[x, 60] == (255, 0, 0, 255), "x \(x): \(image[x, 60])") }
    #expect(image[60, 119] == (0, 255, 0, 255))
  }

  @Test func outsideBorderGrowsTheImage() throws {
    let jobs = try plannedJobs(
      button("gradient: red\nborder: { width: 2, color: lime, align: outside }", size: "[40, 40]", scales: "[2]"),
      in: try TestWorkspace())
    let rendered = try Renderer().render(try #require(jobs["b/normal@2x.png"]).job)
    #expect(rendered.width == 88 && rendered.height == 88)
    #expect(rendered.content == PixelRect(x: 4, y: 4, width: 80, height: 80))
  }

  /// The shadow is cast by the shape and its outside border together: the image grows by the
  /// border and then by the shadow's reach, and the shadow fades out inside it.
  @Test func aShadowUnderAnOutsideBorderIsNotClipped() throws {
    let jobs = try plannedJobs(
      button(
        "gradient: red\nborder: { width: 5, color: lime, align: outside }\nshadow: { offset: [0, 3], blur: 3, opacity: 1 }",
        size: "[40, 40]"),
      in: try TestWorkspace())
    let job = try #require(jobs["b/normal.png"]).job
    let rendered = try Renderer().render(job)
    // Left and right 5 + 3, top 5 + 0, bottom 5 + 6.
    #expect(rendered.width == 56 && rendered.height == 56)
    #expect(rendered.content == PixelRect(x: 8, y: 5, width: 40, height: 40))
    let image = try Renderer().draw(job).image
    // The shadow shows below the border and has faded almost out at the image's edges, where
    // a clipped one left the opaque border.
    #expect(image.alpha(28, 51) > 20, "\(image[28, 51])")
    for x in [0, 55] { #expect(image.alpha(x, 28) < 16, "\(image[x, 28])") }
    #expect(image.alpha(28, 55) < 16, "\(image[28, 55])")
  }

  @Test func fiftyPercentCornerRadiusLeavesTheCornerTransparent() throws {
    let image = try drawn(button("gradient: red\ncorner-radius: 50%"), "b/normal.png")
    #expect(image.alpha(0, 0) == 0)
    #expect(image.alpha(image.width - 1, image.height - 1) == 0)
    #expect(image.alpha(100, 22) == 255)
    #expect(image.alpha(1, 22) > 0)  // the capsule's end still reaches the side
  }

  /// `floor(N%)` rounds the percentage of the height down to whole points, as AQGlassButton's
  /// radius is: 20 % of 44 pt draws the corners of 8 pt, not of 8.8.
  @Test func flooredPercentCornerRadiusIsWholePoints() throws {
    let floored = try drawn(button("gradient: red\ncorner-radius: floor(20%)"), "b/normal.png")
    #expect(floored == (try drawn(button("gradient: red\ncorner-radius: 8"), "b/normal.png")))
    #expect(floored != (try drawn(button("gradient: red\ncorner-radius: 20%"), "b/normal.png")))
    // A mask's see-through window: `floor(25%)` of 110 x 46 pt is 27 pt across and 11 down, whole
    // pixels at 1x, where 25 % (27.5) leaves the edge pixel half covered.
    let window = "gradient: red\nmask: { inset: floor(25%), alpha: 0 }"
    let masked = try drawn(button(window, size: "[110, 46]"), "b/normal.png")
    #expect(masked.alpha(26, 23) == 255 && masked.alpha(27, 23) == 0 && masked.alpha(26, 10) == 255)
    #expect(masked.alpha(55, 11) == 0 && masked.alpha(83, 23) == 255 && masked.alpha(82, 23) == 0)
    let halved = try drawn(button("gradient: red\nmask: { inset: 25%, alpha: 0 }", size: "[110, 46]"), "b/normal.png")
    #expect(halved.alpha(27, 23) > 0 && halved.alpha(27, 23) < 255, "\(halved[27, 23])")
  }

  @Test func highlightedIsAQuarterOfNormal() throws {
    let yaml = button("gradient: red")
    let normal = try drawn(yaml, "b/normal.png")
    let highlighted = try drawn(yaml, "b/highlighted.png")
    #expect(normal.alpha(100, 22) == 255)
    #expect(highlighted.alpha(100, 22) == 64)
    #expect(highlighted[100, 22].red == 255)
  }

  @Test func darkAppearanceTakesTheDarkPaletteValue() throws {
    let yaml = button("gradient: $Duo\nappearances: [light, dark]")
    #expect(try drawn(yaml, "b/normal.png")[100, 22] == (255, 0, 0, 255))
    #expect(try drawn(yaml, "b/normal-dark.png")[100, 22] == (0, 0, 255, 255))
  }

  @Test func windowMaskHalvesTheCentre() throws {
    let image = try drawn(button("gradient: red\nmask: { inset: 25%, alpha: 0.5 }", size: "[200, 100]"), "b/normal.png")
    #expect(close(image.alpha(100, 50), 127.5, 1))
    #expect(image.alpha(10, 10) == 255)
    #expect(image.alpha(49, 50) == 255 && close(image.alpha(51, 50), 127.5, 1))
    #expect(image[100, 50].red == 255)
  }

  @Test func fileMaskMultipliesByItsAlphaOrLuminance() throws {
    // A 2 x 1 mask: left pixel opaque white, right pixel opaque black.
    let mask = try RGBAImage(width: 2, height: 1, pixels: [255, 255, 255, 255, 0, 0, 0, 255]).pngData()
    let yaml = button("gradient: red\nmask: { file: ../mask.png, mode: luminance }", size: "[100, 50]")
    let image = try drawn(yaml, "b/normal.png", files: ["mask.png": Array(mask)])
    #expect(image.alpha(5, 25) == 255)
    #expect(image.alpha(95, 25) == 0)
    let inverted = try drawn(
      yaml.replacingOccurrences(of: "luminance }", with: "luminance, invert: true }"), "b/normal.png",
      files: ["mask.png": Array(mask)])
    #expect(inverted.alpha(5, 25) == 0 && inverted.alpha(95, 25) == 255)
  }

  @Test(arguments: [(1.0, 200, 44), (1.5, 300, 66), (2.0, 400, 88), (3.0, 600, 132), (4.0, 800, 176)])
  func pixelSizeIsPointsTimesScale(scale: Double, width: Int, height: Int) throws {
    let name = scale == 1 ? "b/normal.png" : "b/normal@\(formatScale(scale))x.png"
    let image = try drawn(button("gradient: red", scales: "[\(formatScale(scale))]"), name)
    #expect(image.width == width && image.height == height)
  }

  @Test func shadowPutsAlphaBelowTheShape() throws {
    let workspace = try TestWorkspace()
    let jobs = try plannedJobs(button("gradient: red\nshadow: true", size: "[100, 40]"), in: workspace)
    let (image, content) = try Renderer().draw(try #require(jobs["b/normal.png"]).job)
    // Offset [0, 3] and blur 3: the image reaches 3 pt left and right, 6 below, none above.
    #expect(content == PixelRect(x: 3, y: 0, width: 100, height: 40))
    #expect(image.width == 106 && image.height == 46)
    let below = content.y + content.height + 2
    #expect(image.alpha(content.x + 50, below) > 0)
    #expect(image[content.x + 50, below].red < 40)  // black shadow, not the red fill
    #expect(image.alpha(1, 20) > 0 && image.alpha(1, 20) < 128)  // the blur reaches the sides faintly
    #expect(image[content.x + 50, content.y + 20] == (255, 0, 0, 255))
  }

  /// A shadow offset along one axis is centred in its image (which grows by `blur - offset` on
  /// one side and `blur + offset` on the other), so it fades out alike on both sides: the blur
  /// past the button's edge on the side it is offset away from is drawn too, not cut off there.
  @Test(arguments: [(6, 0), (-6, 0), (0, 6), (0, -6)], [1, 2])
  func anOffsetShadowFadesAlikeOnBothSides(offset: (x: Int, y: Int), scale: Int) throws {
    let yaml = button(
      "gradient: white\nshadow: { offset: [\(offset.x), \(offset.y)], blur: 10, color: black, opacity: 1 }",
      size: "[40, 20]", scales: "[\(scale)]")
    let image = try drawn(yaml, scale == 1 ? "b/normal.png" : "b/normal@\(scale)x.png")
    #expect(image.width == 60 * scale && image.height == 40 * scale)
    // Along the offset's axis, through the middle, from each end to the button's edge (4 pt in).
    let horizontal = offset.y == 0
    let length = horizontal ? image.width : image.height
    func alpha(_ position: Int) -> Int {
      Int(horizontal ? image.alpha(position, image.height / 2) : image.alpha(image.width / 2, position))
    }
    for position in 0..<(4 * scale) {
      #expect(alpha(position) > 0 && abs(alpha(position) - alpha(length - 1 - position)) <= 1, "\(position)")
    }
  }

  @Test func anUpwardShadowGrowsTheImageUpwards() throws {
    let workspace = try TestWorkspace()
    let yaml = button("gradient: red\nshadow: { offset: [2, -4], blur: 2 }", size: "[100, 40]", scales: "[2]")
    let jobs = try plannedJobs(yaml, in: workspace)
    let (image, content) = try Renderer().draw(try #require(jobs["b/normal@2x.png"]).job)
    // Left 0, right 4, top 6, bottom 0 points, at 2x.
    #expect(content == PixelRect(x: 0, y: 12, width: 200, height: 80))
    #expect(image.width == 208 && image.height == 92)
    #expect(image.alpha(100, 2) > 0)
  }

  @Test func overlayIsClippedToTheShape() throws {
    let image = try drawn(button("gradient: black\ncorner-radius: 50%\noverlay: white"), "b/normal.png")
    #expect(image[100, 22] == (255, 255, 255, 255))
    #expect(image.alpha(0, 0) == 0)
  }

  /// An outside border meets a rounded fill on its curved edge with no see-through seam: every
  /// pixel inside the ring's outer edge is opaque, at every scale, to within what flattening the
  /// curve leaves (a pixel or two at 253 or 249; the seam was at 191).
  @Test(arguments: [1, 2, 3])
  func anOutsideBorderMeetsARoundedFillWithoutASeam(scale: Int) throws {
    let image = try drawn(
      button(
        "gradient: \"#0000FF\"\ncorner-radius: 10\nborder: { width: 4, color: \"#FF0000\", align: outside }",
        size: "[100, 40]", scales: "[\(scale)]"), scale == 1 ? "b/normal.png" : "b/normal@\(scale)x.png")
    #expect(image.width == 108 * scale && image.height == 48 * scale)

    let (inset, radius) = (2.5, 14.0 * Double(scale) - 2.5)
    var seams: [String] = []
    for y in 0..<image.height {
      for x in 0..<image.width {
        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
        let cx = min(max(px, inset + radius), Double(image.width) - inset - radius)
        let cy = min(max(py, inset + radius), Double(image.height) - inset - radius)
        guard px > inset, py > inset, px < Double(image.width) - inset, py < Double(image.height) - inset,
          (px - cx) * (px - cx) + (py - cy) * (py - cy) <= radius * radius
        else { continue }
        if image.alpha(x, y) < 240 { seams.append("(\(x), \(y)): \(image.alpha(x, y))") }
      }
    }
    #expect(seams.isEmpty, "\(seams.prefix(8))")
  }

  /// Over a translucent fill the overlay is a layer of its own: it adds its alpha, as the glass
  /// look's highlight adds white at 0.1 to the gloss. In the `mask` style it tints only what
  /// is drawn.
  @Test func overlayAddsItsAlphaOverATranslucentFill() throws {
    let fill = try drawn(
      button("gradient: \"#80808040\"\noverlay: { color: white, alpha: 0.5 }"), "b/normal.png")
    // 0.25 + 0.5 x (1 - 0.25) = 0.625 of alpha.
    #expect(abs(Int(fill.alpha(100, 22)) - 159) <= 1, "\(fill[100, 22])")
    let mask = try drawn(
      button("style: mask\ngradient: black\ntext: I\noverlay: white"), "b/normal.png")
    #expect(mask.alpha(2, 22) == 0)
    // A reversed button's border stays punched out under an overlay.
    let reversed = try drawn(
      button("style: reversed\ngradient: black\nborder: { width: 4 }\noverlay: \"#0000FF80\""), "b/normal.png")
    #expect(reversed.alpha(1, 22) == 0 && reversed.alpha(100, 1) == 0, "\(reversed[1, 22])")
    #expect(reversed.alpha(100, 22) == 255)
  }

  @Test func spinnerFramesTurnTheSpokes() throws {
    let workspace = try TestWorkspace()
    let yaml = button("gradient: black\nstates: { loading: { spinner: { size: 20, color: white, frames: 4 } } }")
    let jobs = try plannedJobs(yaml, in: workspace)
    #expect(
      jobs.keys.filter { $0.hasPrefix("b/loading-f") }.sorted() == [
        "b/loading-f00.png", "b/loading-f01.png", "b/loading-f02.png", "b/loading-f03.png",
      ])
    let first = try Renderer().draw(try #require(jobs["b/loading-f00.png"]).job).image
    let second = try Renderer().draw(try #require(jobs["b/loading-f01.png"]).job).image
    #expect(first != second)
    // The spinner's centre is 7.5 + 10 pt from the left, vertically centred; its top spoke is bright.
    #expect(first[17, 22 - 7].red > 100)
    #expect(first[60, 22] == (0, 0, 0, 255))
  }

  /// One loop of the frames is one turn whatever the number of spokes: frame `f` is frame 0
  /// turned clockwise by `f / frames` of a turn (here a quarter and a half turn, which turn a
  /// square image centred on the spinner onto its own pixels).
  @Test(arguments: [(4, 12, 1, 1), (8, 12, 4, 2), (8, 6, 2, 1), (12, 12, 3, 1)])
  func oneLoopOfTheFramesIsOneTurn(frames: Int, spokes: Int, frame: Int, quarterTurns: Int) throws {
    let workspace = try TestWorkspace()
    let yaml = button(
      "gradient: black\nstates: { loading: { spinner: { size: 30, color: white, position: center, "
        + "frames: \(frames), spokes: \(spokes) } } }", size: "[40, 40]")
    let jobs = try plannedJobs(yaml, in: workspace)
    let first = try Renderer().draw(try #require(jobs["b/loading-f00.png"]).job).image
    let turned = try Renderer().draw(try #require(jobs[String(format: "b/loading-f%02d.png", frame)]).job).image
    var expected = first
    for _ in 0..<quarterTurns { expected = expected.turnedClockwise() }
    var largest = 0
    for y in 0..<first.height {
      for x in 0..<first.width {
        let (a, b) = (turned[x, y], expected[x, y])
        largest = max(largest, abs(Int(a.red) - Int(b.red)), abs(Int(a.alpha) - Int(b.alpha)))
      }
    }
    // Antialiased edges differ a little (Cairo's sampling is not symmetric under rotation); a
    // spoke out of place differs by far more.
    #expect(largest <= 16, "frame \(frame) of \(frames) differs by \(largest) from frame 0 turned")
    let unturned = zip(turned.pixels, first.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(unturned > 60)
  }
}

extension RGBAImage {
  /// The image turned a quarter turn clockwise (square images only).
  fileprivate func turnedClockwise() -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let source = self[y, width - 1 - x]
        let offset = (y * width + x) * 4
        pixels[offset..<offset + 4] = [source.red, source.green, source.blue, source.alpha]
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }
}

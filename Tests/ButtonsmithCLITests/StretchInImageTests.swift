import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// `stretch` counts from the image's edges: a shadow or an outside border makes the image larger
/// than the button, and regions, cap insets and the content box are measured from its edges in
/// the spec, the nine-patch frame, the catalog's `resizing` and the Swift accessors alike.
struct StretchInImageTests {
  /// A 100 x 40 pt button whose shadow (offset [-2, 2], blur 4) reaches 6 pt past its left edge,
  /// 2 pt past its right, 2 pt above and 6 pt below: its image is 108 x 48 pt, the button at
  /// [6, 106] across and [2, 42] down.
  static let spec = """
    buttonsmith: 1
    defaults:
      size: [100, 40]
      scales: [2]
      tint: blue
      shadow: { offset: [-2, 2], blur: 4 }
    buttons:
      regions: { stretch: { x: [[20, 90]], y: [[10, 30]], content: [5, 10, 7, 12] } }
      caps: { stretch: { insets: [0, 24, 0, 16] } }
      padded: { padding: [4, 8, 4, 8], stretch: { x: [[50, 60]] } }

    """

  func built() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    let run = try CLIRunner.run(
      ["build", "specs", "--format", "xcassets,android", "-o", "out", "--no-config"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    return workspace
  }

  /// The black marks of a nine-patch's frame, as ranges of the image's pixels (the frame's
  /// pixel minus one) on each edge.
  func marks(_ url: URL) throws -> (top: [Int], left: [Int], bottom: [Int], right: [Int], size: (Int, Int)) {
    let image = try RGBAImage(png: Data(contentsOf: url))
    let (width, height) = (image.width - 2, image.height - 2)
    return (
      (0..<width).filter { image[$0 + 1, 0].alpha == 255 }, (0..<height).filter { image[0, $0 + 1].alpha == 255 },
      (0..<width).filter { image[$0 + 1, height + 1].alpha == 255 },
      (0..<height).filter { image[width + 1, $0 + 1].alpha == 255 }, (width, height)
    )
  }

  @Test func ninePatchMarksCountFromTheImagesEdges() throws {
    let workspace = try built()
    let drawables = workspace.url.appendingPathComponent("out/current/res/drawable-xhdpi")
    let regions = try marks(drawables.appendingPathComponent("regions_normal.9.png"))
    #expect(regions.size == (216, 96))
    #expect(regions.top == Array(40..<180) && regions.left == Array(20..<60))
    #expect(regions.bottom == Array(20..<(216 - 24)) && regions.right == Array(10..<(96 - 14)))
    // Cap insets leave the part between them, in the image: [24, 108 - 16] pt.
    let caps = try marks(drawables.appendingPathComponent("caps_normal.9.png"))
    #expect(caps.top == Array(48..<184))
    // Without a stretch on the axis, the mark is the button's middle pixel: [4, 84) down.
    #expect(caps.left == [44])
    // The content box defaults to the padding, from the button's edges: moved by the shadow.
    let padded = try marks(drawables.appendingPathComponent("padded_normal.9.png"))
    #expect(padded.bottom == Array((12 + 16)..<(216 - 4 - 16)) && padded.right == Array((4 + 8)..<(96 - 12 - 8)))
  }

  @Test func catalogCapInsetsAreTheSpecsNumbersTimesTheScale() throws {
    let workspace = try built()
    let catalog = workspace.url.appendingPathComponent("out/current/Buttons.xcassets")
    func resizing(_ set: String) throws -> NSDictionary {
      let contents = try PlatformOutputTests.json(catalog.appendingPathComponent("\(set).imageset/Contents.json"))
      let images = try #require(contents["images"] as? [NSDictionary])
      return try #require(images.compactMap { $0["resizing"] as? NSDictionary }.first)
    }
    let regions = try resizing("regions")
    #expect(regions["cap-insets"] as? NSDictionary == ["top": 20, "left": 40, "bottom": 36, "right": 36])
    #expect(regions["center"] as? NSDictionary == ["width": 140, "height": 40, "mode": "stretch"])
    let caps = try resizing("caps")
    #expect(caps["cap-insets"] as? NSDictionary == ["top": 0, "left": 48, "bottom": 0, "right": 32])
    #expect(caps["mode"] as? String == "3-part-horizontal")
  }

  /// What stretches must lie on the button, not in the shadow's room around it; a region the
  /// button's own coordinates would put past its end is on it in the image's.
  @Test func stretchInTheShadowsRoomIsAnError() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { size: [100, 40], tint: blue, shadow: { offset: [-2, 2], blur: 4 } }
      buttons:
        left: { stretch: { x: [[2, 30]] } }
        below: { stretch: { y: [[10, 44]] } }
        caps: { stretch: { insets: [0, 4, 0, 20] } }
        content: { stretch: { x: [[20, 30]], content: [0, 60, 0, 48] } }
        right-end: { stretch: { x: [[90, 106]], y: [[2, 42]] } }

      """)
    let run = try CLIRunner.run(["lint", "specs", "--no-config"], in: workspace.url)
    #expect(run.status == 1)
    let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
    let larger = "(the image is larger for a shadow or an outside border) [invalid-stretch]"
    let left = "specs/a.yaml:4:26: error: stretch region [2, 30] is not all on the button, which spans [6, 106] pt of "
    let below = "specs/a.yaml:5:27: error: stretch region [10, 44] is not all on the button, which spans [2, 42] pt of "
    let caps = "specs/a.yaml:6:30: error: the part between the stretch insets, [4, 88], is not all on the button, "
    let content = "specs/a.yaml:7:49: error: stretch content insets leave no content box in a 108 x 48 pt image "
    let expected: [String] = [
      left + "its image's width " + larger, below + "its image's height " + larger,
      caps + "which spans [6, 106] pt of its image's width " + larger, content + "[invalid-stretch]",
    ]
    #expect(errors == expected, "\(run.stderr)")
  }

  /// `stretch-over-content` compares the label, placed on the button, with regions counted from
  /// the image's edges.
  @Test func stretchOverContentPlacesTheLabelInTheImage() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { size: [100, 40], tint: blue, text: Go, shadow: { offset: [-20, 0], blur: 0 } }
      buttons:
        clear: { stretch: { x: [[22, 40]] } }
        over: { stretch: { x: [[66, 74]] } }

      """)
    let run = try CLIRunner.run(["lint", "specs", "--no-config"], in: workspace.url)
    let warnings = run.stderr.split(separator: "\n").filter { $0.contains("[stretch-over-content]") }
    #expect(warnings.count == 1 && warnings.first?.hasPrefix("specs/a.yaml:5:") == true, "\(run.stderr)")
  }

  /// A centred border's half pixel rounds the image's margins up: cap insets still leave each cap
  /// exactly its inset at every scale, measured from the file's own edges, and a region on the
  /// button in points keeps at least the button's nearest pixel.
  @Test func fractionalMarginsKeepTheCapsAndRegions() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults:
        size: [100, 40]
        scales: [1, 1.5, 3]
        tint: blue
        border: { width: 1, color: red, align: center }
      buttons:
        caps: { stretch: { insets: [10, 20, 10, 20] } }
        thin: { stretch: { x: [[0.5, 0.9]], y: [[10, 30]] } }
        grid: { border: { width: 3, color: red, align: center }, stretch: { x: [[10, 22.5]] } }

      """)
    let run = try CLIRunner.run(
      ["build", "specs", "--format", "xcassets,android,swift", "-o", "out", "--no-config"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let current = workspace.url.appendingPathComponent("out/current")
    let contents = try PlatformOutputTests.json(
      current.appendingPathComponent("Buttons.xcassets/caps.imageset/Contents.json"))
    let entries = try #require(contents["images"] as? [NSDictionary]).filter { $0["resizing"] != nil }
    #expect(entries.count == 2)
    for entry in entries {
      let scale = Int(String((entry["scale"] as? String ?? "").dropLast())) ?? 0
      let resizing = try #require(entry["resizing"] as? NSDictionary)
      #expect(
        resizing["cap-insets"] as? NSDictionary
          == ["top": 10 * scale, "left": 20 * scale, "bottom": 10 * scale, "right": 20 * scale], "\(entry)")
    }
    // 1.5x: margins of 0.75 px rounded up to 1; caps of 30 px on both sides of 152.
    let hdpi = try marks(current.appendingPathComponent("res/drawable-hdpi/caps_normal.9.png"))
    #expect(hdpi.size == (152, 62) && hdpi.top == Array(30..<(152 - 30)) && hdpi.left == Array(15..<(62 - 15)))
    let swift = try String(contentsOf: current.appendingPathComponent("Buttons.swift"), encoding: .utf8)
    #expect(swift.contains("capInsets: Insets(top: 10, left: 20, bottom: 10, right: 20)"), "\(swift)")
    // [0.5, 0.9] pt is on the button, whose first pixel the half-pixel margin pushes to 1 (at 1x).
    let thin = try marks(current.appendingPathComponent("res/drawable-mdpi/thin_normal.9.png"))
    #expect(thin.top == [1])
    // At 3x the button starts at pixel 2 and 0.4 pt is 1.2 pixels: two, rounded outward.
    let xxhdpi = try marks(current.appendingPathComponent("res/drawable-xxhdpi/thin_normal.9.png"))
    #expect(xxhdpi.top == [2, 3])
    // A region is placed on the pixels the button is drawn on: a 1.5 pt margin is 3 pixels at
    // 1.5x, so [10, 22.5] pt covers pixels 15.75 to 34.5 of the image, rounded out to 15 to 35.
    let grid = try marks(current.appendingPathComponent("res/drawable-hdpi/grid_normal.9.png"))
    #expect(grid.top == Array(15..<35))
  }

  /// With the `swift` format every state's regions are one per axis, not only `normal`'s; a
  /// state whose image has another size is named where the button's `stretch` does not fit it.
  @Test func everyStatesStretchIsCheckedAndNamed() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, android, swift]\n")
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { tint: blue, touch-target: ignore, size: [100, 40] }
      buttons:
        multi:
          stretch: { x: [[20, 80]] }
          states: { selected: { stretch: { x: [[20, 80], [85, 90]] } } }
        edge:
          stretch: { x: [[1, 99]] }
          states: { highlighted: { shadow: true } }
        bad: { stretch: { x: [[50, 10]] } }

      """)
    let lint = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(lint.status == 1)
    let errors = lint.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
    #expect(
      errors.contains(
        "specs/a.yaml:6:52: error: the Swift accessors stretch one region per axis; this axis has 2 [invalid-stretch]"),
      "\(lint.stderr)")
    #expect(
      errors.contains(
        "specs/a.yaml:8:20: error: in state 'highlighted', whose shadow or border gives its image another size, "
          + "stretch region [1, 99] is not all on the button, which spans [3, 103] pt of its image's width (the "
          + "image is larger for a shadow or an outside border) [invalid-stretch]"), "\(lint.stderr)")
    // A region written backwards is one error, with the numbers as written.
    #expect(
      errors.filter { $0.hasPrefix("specs/a.yaml:10:") }
        == ["specs/a.yaml:10:25: error: stretch x region [50, 10] ends before it starts [value-out-of-range]"],
      "\(lint.stderr)")
  }

  /// A state may stretch in the other form than the button: its `x` replaces the button's
  /// `insets` (and the reverse), and a key set to `~` in a property's map is unset.
  @Test func aStateMayStretchInTheOtherForm() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { size: [100, 40], scales: [1], tint: blue, touch-target: ignore }
      buttons:
        pill:
          stretch: { insets: [0, 30, 0, 30] }
          shadow: { offset: [0, 2], blur: 4 }
          states:
            highlighted: { stretch: { x: [[40, 60]] }, shadow: { blur: ~ } }
            selected: { stretch: { insets: ~, y: [[10, 20]] } }

      """)
    let run = try CLIRunner.run(
      ["build", "specs", "--format", "android", "-o", "out", "--no-config"], in: workspace.url)
    #expect(run.status == 0 && !run.stderr.contains("error"), "\(run.stderr)")
    let drawables = workspace.url.appendingPathComponent("out/current/res/drawable-mdpi")
    // The shadow reaches 4 pt on each side, then 2 down: the image is 108 x 48 pt.
    let normal = try marks(drawables.appendingPathComponent("pill_normal.9.png"))
    #expect(normal.top == Array(30..<78))
    // The highlighted shadow's blur is unset, so the default 3: the image is 106 x 46 pt.
    let highlighted = try marks(drawables.appendingPathComponent("pill_highlighted.9.png"))
    #expect(highlighted.size == (106, 46) && highlighted.top == Array(40..<60))
    let selected = try marks(drawables.appendingPathComponent("pill_selected.9.png"))
    #expect(selected.left == Array(10..<20) && selected.top == [54])
  }
}

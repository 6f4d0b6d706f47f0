import ButtonsmithTestSupport
import Foundation
import Testing

/// A palette of thousands of colours, with buttons that take hundreds of different lists of
/// templates (some of which write the same colours), and unused templates that extend a large
/// palette: the work and memory are those of what is written, not of the palette's size times
/// the number of lists (which took minutes and gigabytes). Run under `ResourceBoundsTests`'s
/// 1 GiB address-space limit and hang guard.
@Suite(.serialized)
struct PaletteBoundsTests {
  @Test func manyListsOfTemplatesShareALargePalette() throws {
    let workspace = try TestWorkspace()
    let colours = 8_000
    var big = "buttonsmith: 1\npalette:\n"
    for index in 0..<colours { big += "  c\(index): \"#102030\"\n" }
    try workspace.write("templates/big.yaml", big)
    for index in 0..<40 {
      try workspace.write("templates/t\(index).yaml", "buttonsmith: 1\npalette:\n  c\(index): { dark: \"#000000\" }\n")
    }
    for index in 0..<200 { try workspace.write("templates/x\(index).yaml", "buttonsmith: 1\nextends: big\n") }
    var spec = "buttonsmith: 1\npalette:\n"
    for index in 0..<colours { spec += "  c\(index): \"#405060\"\n" }
    spec += "buttons:\n"
    var count = 0
    for first in 0..<40 {
      for second in (first + 1)..<40 where count < 600 {
        spec += "  b\(count): { size: [10, 10], tint: $c\(first), extends: [t\(first), big, t\(second)] }\n"
        count += 1
      }
    }
    // One misspelt reference: it is still reported, with its suggestion.
    spec += "  misspelt: { size: [10, 10], tint: $c1x, extends: [t1, big] }\n"
    try workspace.write("specs/a.yaml", spec)
    let run = try ResourceBoundsTests.run(["lint"], in: workspace.url)
    #expect(!run.wasKilled, "killed (out of memory or hung); stderr: \(run.stderr.suffix(400))")
    #expect(run.status == 1, "\(run.stderr.suffix(400))")
    #expect(
      run.stderr.contains("unknown palette name '$c1x'; did you mean 'c1'?"), "\(run.stderr.suffix(400))")
    #expect(run.stderr.contains("lint: 1 error, 0 warnings"), "\(run.stderr.suffix(400))")
  }

  /// Levels of templates, each extending every template of the level below and writing a
  /// palette, 31 deep: each template's palettes are stacked from its parents' once, by number
  /// (copying the lists, one parent at a time, took 20 seconds at 64 templates a level). A
  /// colour written halfway down is still found, as the top of the tree writes it over.
  @Test func aDeepTreeOfTemplatesWithPalettes() throws {
    let workspace = try TestWorkspace()
    let (levels, width) = (31, 48)
    for level in 0..<levels {
      for index in 0..<width {
        let below =
          level < levels - 1 ? "extends: [\((0..<width).map { "t\(level + 1)x\($0)" }.joined(separator: ", "))]\n" : ""
        let colour = level == 15 && index == 7 ? "Mid: { light: \"#102030\" }" : "P\(level): red"
        try workspace.write("templates/t\(level)x\(index).yaml", "buttonsmith: 1\n\(below)palette: { \(colour) }\n")
      }
    }
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      palette: { Mid: { dark: "#405060" } }
      buttons:
        b: { extends: [t0x0, t0x1], size: [60, 44], tint: $Mid, appearances: [light, dark] }
        c: { extends: t0x2, size: [60, 44], tint: $Mdi }
      """)
    let run = try ResourceBoundsTests.run(["lint"], in: workspace.url, hangGuard: 30)
    #expect(!run.wasKilled, "killed (out of memory or hung); stderr: \(run.stderr.suffix(400))")
    #expect(run.status == 1, "\(run.stderr.suffix(400))")
    #expect(
      run.stderr.contains("specs/a.yaml:5:45: error: unknown palette name '$Mdi'; did you mean 'Mid'?"),
      "\(run.stderr.suffix(400))")
    #expect(run.stderr.contains("lint: 1 error, 0 warnings"), "\(run.stderr.suffix(400))")
  }
}

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
}

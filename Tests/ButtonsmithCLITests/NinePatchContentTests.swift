import ButtonsmithTestSupport
import Foundation
import Testing

/// A nine-patch's default content box is where the renderer lays the label out: past the
/// padding and the part of the border inside the button's edge (all of an inside border, half
/// of a centred one), so Android puts a view's content where the label is, not on the border.
extension StretchInImageTests {
  @Test(arguments: [("inside", 12.0), ("center", 6.0), ("outside", 0.0)])
  func theContentBoxStartsPastTheBorderInsideTheEdge(align: String, inner: Double) throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        pill:
          size: [120, 48]
          scales: [2]
          background: "#007AFF"
          border: { width: 12, color: "#FF0000", align: \(align) }
          padding: 4
          stretch: { insets: [20, 40, 20, 40] }
          states: { normal: {} }

      """)
    let run = try CLIRunner.run(["build", "--format", "android", "-o", "out", "--no-config"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let marks = try marks(workspace.url.appendingPathComponent("out/current/res/drawable-xhdpi/pill_normal.9.png"))
    // An outside border grows the image by 12 pt on each side, a centred one by 6, and moves the
    // button with it.
    let outer = 12 - inner
    let start = Int((outer + 4 + inner) * 2)
    #expect(marks.bottom == Array(start..<(marks.size.0 - start)), "\(marks.bottom.first ?? -1)")
    #expect(marks.right == Array(start..<(marks.size.1 - start)), "\(marks.right.first ?? -1)")
  }

  /// Only a nine-patch has a content box: a small resizable background whose default padding
  /// leaves none builds as files and in a catalog, and is refused, at its `stretch`, when the
  /// formats make nine-patches (by `lint` too). Content insets written are checked whatever
  /// the formats.
  @Test(arguments: [
    ("files", "", ""), ("xcassets", "", ""), ("files,swift", "", ""),
    (
      "android", "",
      "specs/a.yaml:7:14: error: the content box of Android's nine-patch (the padding and the border inside the edge) "
        + "leaves no room in a 20 x 20 pt button [invalid-stretch]\n"
    ),
    (
      "files,android", "", "specs/a.yaml:7:14: error: the content box of Android's nine-patch"
    ),
    (
      "files", ", content: [10, 2, 10, 2]",
      "specs/a.yaml:7:47: error: stretch content insets leave no content box in a 20 x 20 pt button [invalid-stretch]\n"
    ),
  ])
  func theDefaultContentBoxIsCheckedForNinePatchesOnly(formats: String, content: String, error: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        bubble:
          size: [20, 20]
          touch-target: ignore
          gradient: "#E5E5EA"
          stretch: { insets: [9, 9, 9, 9]\(content) }

      """)
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [\(formats)]\n")
    for command in ["lint", "build"] {
      let run = try CLIRunner.run([command], in: workspace.url)
      #expect(run.status == (error.isEmpty ? 0 : 1), "\(command) \(formats): \(run.stderr)")
      #expect(error.isEmpty ? !run.stderr.contains("error:") : run.stderr.hasPrefix(error), "\(run.stderr)")
    }
  }
}

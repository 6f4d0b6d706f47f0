import ButtonsmithTestSupport
import Foundation
import Testing

/// The generated file is laid out as `swift format` leaves it where its lines grow long or its
/// lists empty: a collection too long for a line opens one of its own, and a catalog with no
/// button in its slots lists none as `[]`. Each still type-checks.
extension SwiftFormatTests {
  @Test(arguments: [
    (
      "files, swift",
      "scales: [1], hit-mask: true, spinner: { frames: 12, period: 1.25 }, states: { normal: {}, "
        + "highlighted: {}, disabled: {}, selected: {}, loading: {}, focused: {} }"
    ),
    ("xcassets, swift", "scales: [1.5]"),
  ])
  func longAndEmptyListsAreFormatted(formats: String, look: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [\(formats)]\n")
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  go: { size: [100, 44], tint: blue, \(look) }\n")
    let file = try generated(workspace)
    try expectFormatted(file, in: workspace)
    let checked = try SwiftToolchain.run(
      "swiftc", ["-swift-version", "6", "-module-name", "App", "-typecheck", file.path], in: workspace.url)
    #expect(checked.status == 0, "\(checked.output)")
  }
}

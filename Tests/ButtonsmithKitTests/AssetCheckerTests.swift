import ButtonRender
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The asset check lays states out on several threads: what it reports, and in what order, is
/// what one thread finds.
struct AssetCheckerTests {
  @Test func severalThreadsReportWhatOneThreadFinds() throws {
    let workspace = try TestWorkspace()
    // Every third label is too long for its button: warnings in every run of states, and
    // some states with nothing to say between them.
    try workspace.write(
      "specs/a.yaml",
      smallSpec(buttons: 60) { $0 % 3 == 0 ? "A label much too long for this small button, number \($0)" : "B\($0)" })
    let checked = try workspace.project().check()
    try #require(!checked.diagnostics.hasErrors, "\(checked.diagnostics.sorted)")
    let states = Planner().plan(checked.buttons).states
    let renderer = Renderer(files: checked.files)
    let oneThread = AssetChecker(renderer: renderer, parallelism: 1).check(checked.buttons, resolved: states)
    // One warning a long label: its states say the same thing at the same place.
    #expect(oneThread.all.count == 20)
    for parallelism in [2, 3, 8] {
      let several = AssetChecker(renderer: renderer, parallelism: parallelism).check(checked.buttons, resolved: states)
      #expect(several.all == oneThread.all)
    }
  }
}

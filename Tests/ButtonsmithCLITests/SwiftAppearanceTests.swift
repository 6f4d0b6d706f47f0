import ButtonsmithTestSupport
import Foundation
import Testing

/// The generated paths name files the build wrote, whichever appearance is asked for: a button
/// drawn in one appearance answers for the other with its own images, as a catalog's Any entry
/// and Android's default resources do.
extension SwiftFormatTests {
  @Test func everyAppearanceAskedForHasAnImageAndAMask() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, swift]\n")
    try workspace.write(
      "specs/buttons.yaml",
      """
      buttonsmith: 1
      defaults: { size: [60, 48], touch-target: ignore, scales: [2], corner-radius: 24, hit-mask: true }
      buttons:
        both: { background: red, appearances: [light, dark] }
        day: { background: green }
        night: { background: blue, appearances: [dark] }

      """)
    let file = try generated(workspace)
    let program = try compile("Appearances", with: file, in: workspace)
    let run = try SwiftToolchain.run(
      program.path, [workspace.url.appendingPathComponent("build/assets/current").path], in: workspace.url)
    #expect(
      run.output == """
        both light both/normal@2x.png true true
        both dark both/normal-dark@2x.png true true
        day light day/normal@2x.png true true
        day dark day/normal@2x.png true true
        night light night/normal-dark@2x.png true true
        night dark night/normal-dark@2x.png true true

        """, "\(run.output)")
  }
}

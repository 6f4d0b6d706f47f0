import ButtonsmithTestSupport
import Foundation
import Testing

/// A build past its address-space limit (`ulimit -v`) fails with an error, never by ending the
/// process where an allocation fails.
struct MemoryLimitTests {
  @Test func anImageTooLargeForTheMemoryLeftFailsAsAJob() throws {
    let workspace = try TestWorkspace()
    // 8,040 pixels square, under the 8,192 limit: about 800 MB to draw.
    try workspace.write(
      "specs/big.yaml",
      """
      buttonsmith: 1
      buttons:
        huge:
          text: Huge
          size: [2680, 2680]
          background: "#336699"
          shadow: { color: "#000000", blur: 20, offset: [0, 4] }
          scales: [3]
          states: {}

      """)
    // Limits around what the image takes: below it Cairo ran out first (an error), a little
    // above it a Swift array could not be allocated (the process aborted).
    var outOfMemory = 0
    for limit in stride(from: 900, through: 1_060, by: 20) {
      let run = try CLIRunner.run(["build", "-o", "out-\(limit)"], in: workspace.url, memoryMiB: limit)
      #expect(
        !run.wasKilled && [0, 1].contains(run.status) && !run.stderr.contains("Fatal error"),
        "\(limit) MiB: \(run.stderr)")
      if run.status == 1 {
        #expect(run.stderr.contains("error: cannot render 'huge/normal@3x.png': out of memory"), "\(run.stderr)")
        #expect(
          !FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("out-\(limit)/current").path))
        outOfMemory += 1
      }
    }
    #expect(outOfMemory > 0)
  }
}

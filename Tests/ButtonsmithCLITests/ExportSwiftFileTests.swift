import ButtonsmithTestSupport
import Foundation
import Testing

/// The Swift file an export wrote into its directory goes once `--export-swift` puts it
/// elsewhere (a folder compiled whole would hold two), on that export already; one asked for
/// inside the directory stays.
extension ExportTests {
  @Test func theSwiftFileAnExportWroteGoesWhenItIsPutElsewhere() throws {
    let workspace = try project()
    #expect(try build(workspace).status == 0)
    let inExport = workspace.url.appendingPathComponent("out/Buttons.swift")
    #expect(FileManager.default.fileExists(atPath: inExport.path))
    let run = try build(workspace, ["--export-swift", "generated/Buttons.swift"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: inExport.path))
    #expect(
      FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("generated/Buttons.swift").path))
    // Back into the directory, at another name there, then at its own: each export keeps it.
    for path in ["out/Swift/Buttons.swift", "out/Buttons.swift"] {
      #expect(try build(workspace, ["--export-swift", path]).status == 0)
      #expect(try build(workspace, ["--export-swift", path]).status == 0)
      #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent(path).path), "\(path)")
    }
  }
}

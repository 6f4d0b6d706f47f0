import ButtonCore
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// A folder of specs is read whole: a spec that cannot be read is reported, never left out of
/// the build in silence.
struct SpecDirectoryTests {
  /// A spec linked from a folder whose file is gone (moved, a checkout that lacks it) is a
  /// `missing-path` error at the link; a link to nothing not named as a spec is no spec.
  @Test(arguments: ["b.yaml", "sub/b.yml"])
  func aLinkToASpecThatIsGoneIsReported(link: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [100, 40], tint: red }\n")
    let linkURL = workspace.url.appendingPathComponent("specs/\(link)")
    try FileManager.default.createDirectory(at: linkURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: linkURL.path, withDestinationPath: "../shared/gone.yaml")
    try FileManager.default.createSymbolicLink(
      atPath: workspace.url.appendingPathComponent("specs/notes").path, withDestinationPath: "../nowhere")
    let checked = workspace.check()
    #expect(
      checked.diagnostics.sorted.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.rule)" }
        == ["specs/\(link):1:1 missingPath"])
  }
}

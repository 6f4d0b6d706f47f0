import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// librsvg, poppler-glib and libcurl are opened only by the runs that need them, and the
/// manifest names librsvg's or poppler's version exactly when an image needs it.
struct OptionalLibraryTests {
  static let spec = """
    buttonsmith: 1
    defaults: { style: fill, background: "#007AFF", size: [24, 24], scales: [1], states: { normal: {} } }
    buttons:
      plain: { text: Go }

    """

  /// The libraries the dynamic linker opened while the run in `workspace` ran `arguments`
  /// (glibc's `LD_DEBUG=files` trace), and the run's status.
  func libraries(opening arguments: [String], in workspace: TestWorkspace) throws -> (status: Int32, trace: String) {
    let run = try CLIRunner.run(arguments, in: workspace.url, environment: ["LD_DEBUG": "files"])
    return (run.status, run.stderr)
  }

  func renderer(_ workspace: TestWorkspace) throws -> [String: String] {
    let data = try Data(contentsOf: workspace.url.appendingPathComponent("build/assets/current/manifest.json"))
    let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(manifest["renderer"] as? [String: String])
  }

  @Test func aProjectWithoutVectorImagesOpensNoneOfThem() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    #if os(Linux)
      for arguments in [["build"], ["build"], ["lint", "specs"], ["--help"]] {
        let (status, trace) = try libraries(opening: arguments, in: workspace)
        #expect(status == 0, "\(arguments)")
        let traced = trace.contains("libcairo.so")
        #expect(traced, "the trace names the libraries opened")
        for library in ["librsvg-2.so", "libpoppler-glib.so", "libcurl.so"] {
          let opened = trace.contains(library)
          #expect(!opened, "\(arguments) opened \(library)")
        }
      }
    #else
      #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    #endif
    let renderer = try renderer(workspace)
    #expect(renderer["cairo"] != nil && renderer["libpng"] != nil)
    #expect(renderer["librsvg"] == nil && renderer["poppler"] == nil)
  }

  @Test func anSVGImageOpensLibrsvgAndTheManifestNamesItsVersion() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/icon.svg", VectorImageTests.circle)
    try workspace.write("specs/a.yaml", Self.spec + "  icon: { image: { file: icon.svg } }\n")
    #if os(Linux)
      let (status, trace) = try libraries(opening: ["build"], in: workspace)
      #expect(status == 0)
      let opened = ["librsvg-2.so", "libpoppler-glib.so", "libcurl.so"].filter { trace.contains($0) }
      #expect(opened == ["librsvg-2.so"])
    #else
      #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    #endif
    let renderer = try renderer(workspace)
    #expect(renderer["librsvg"] == VectorLibrary.librsvg.version)
    #expect(renderer["librsvg"]?.hasPrefix("2.") == true)
    #expect(renderer["poppler"] == nil)
  }
}

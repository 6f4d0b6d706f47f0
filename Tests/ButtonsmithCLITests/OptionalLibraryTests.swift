import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// librsvg, poppler-glib and libcurl are opened only by the runs that need them, and the
/// manifest names librsvg's or poppler's version exactly when an image needs it.
struct OptionalLibraryTests {
  static let spec = """
    buttonsmith: 1
    defaults: { style: fill, background: "#007AFF", size: [64, 32], scales: [1], states: { normal: {} } }
    buttons:
      plain: { text: Go }

    """

  /// A workspace of `spec` with an SVG and a PDF beside it and a button `icon` that uses one
  /// of them (`use`: `image: { file: icon.svg }`, say).
  static func workspace(using use: String) throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    let pdf = repositoryRoot.appendingPathComponent("Tests/ButtonsmithCLITests/Fixtures/vector/circle.pdf")
    try workspace.write("specs/icon.svg", VectorImageTests.circle)
    try workspace.write("specs/icon.pdf", bytes: Array(try Data(contentsOf: pdf)))
    try workspace.write("specs/a.yaml", spec + "  icon: { \(use) }\n")
    return workspace
  }

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

  /// An image or a mask drawn from an SVG or a PDF: only its library opens, and the manifest
  /// names that library's version and no other.
  @Test(arguments: [
    ("image: { file: icon.svg }", VectorLibrary.librsvg), ("image: { file: icon.pdf }", .poppler),
    ("mask: { file: icon.svg }", .librsvg),
  ])
  func aVectorFileOpensItsLibraryAndTheManifestNamesItsVersion(use: String, library: VectorLibrary) throws {
    let workspace = try Self.workspace(using: use)
    let file = library == .librsvg ? "librsvg-2.so" : "libpoppler-glib.so"
    #if os(Linux)
      let (status, trace) = try libraries(opening: ["build"], in: workspace)
      #expect(status == 0)
      let opened = ["librsvg-2.so", "libpoppler-glib.so", "libcurl.so"].filter { trace.contains($0) }
      #expect(opened == [file])
    #else
      #expect(try CLIRunner.run(["build"], in: workspace.url).status == 0)
    #endif
    let renderer = try renderer(workspace)
    let other: VectorLibrary = library == .librsvg ? .poppler : .librsvg
    #expect(renderer[library.rawValue] == library.version && library.version != nil)
    #expect(renderer[other.rawValue] == nil)
  }
}

#if os(Linux)
  /// Where a library cannot be used, only what needs it fails, and says why. An impostor (zlib
  /// under the library's name, found first through `LD_LIBRARY_PATH`) opens but has none of its
  /// functions.
  struct MissingLibraryTests {
    /// A directory in `workspace` where zlib stands in for each of `names`.
    func impostors(_ names: [String], in workspace: TestWorkspace) throws -> [String: String] {
      // Read to its end: the file's size says 0.
      let maps = String(
        decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
      let zlib = try #require(
        maps.split(separator: "\n").compactMap { $0.split(separator: " ").last }.first { $0.contains("/libz.so") })
      let directory = workspace.url.appendingPathComponent("impostors")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      for name in names {
        try FileManager.default.copyItem(atPath: String(zlib), toPath: directory.appendingPathComponent(name).path)
      }
      return ["LD_LIBRARY_PATH": directory.path]
    }

    @Test func withoutLibcurlTheRemoteCacheIsSkippedWithOneWarning() throws {
      let workspace = try TestWorkspace()
      try workspace.write("specs/a.yaml", OptionalLibraryTests.spec)
      let environment = try impostors(["libcurl.so.4"], in: workspace)
      let run = try CLIRunner.run(
        ["build", "--remote-cache", "http://127.0.0.1:9/cache", "--remote-cache-upload"], in: workspace.url,
        hangGuard: 60, environment: environment)
      #expect(run.status == 0, "\(run.stderr)")
      let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning:") }
      #expect(warnings.count == 1, "\(run.stderr)")
      #expect(warnings.first?.contains("libcurl cannot be loaded (libcurl.so.4 has no curl_global_init") == true)
      // No request was made, so none is said to have failed.
      #expect(warnings.first?.contains("so no request was made") == true, "\(run.stderr)")
      #expect(warnings.first?.contains("requests failed") == false, "\(run.stderr)")
      let image = workspace.url.appendingPathComponent("build/assets/current/plain/normal.png")
      #expect(FileManager.default.fileExists(atPath: image.path), "drawn locally")
    }

    /// An SVG image, a PDF image and an SVG mask, each without the library that draws it.
    @Test(arguments: [
      (
        "image: { file: icon.svg }",
        "SVG images are drawn by librsvg, which cannot be loaded: librsvg-2.so.2 has no rsvg_handle_new_from_data"
      ),
      (
        "image: { file: icon.pdf }",
        "PDF images are drawn by poppler, which cannot be loaded: libpoppler-glib.so.8 has no poppler_document_new_from_bytes"
      ),
      (
        "mask: { file: icon.svg }",
        "SVG images are drawn by librsvg, which cannot be loaded: librsvg-2.so.2 has no rsvg_handle_new_from_data"
      ),
    ])
    func withoutItsLibraryAVectorFileIsAnErrorAtItsSpecAndPNGsStillBuild(use: String, message: String) throws {
      let workspace = try OptionalLibraryTests.workspace(using: use)
      let environment = try impostors(["librsvg-2.so.2", "libpoppler-glib.so.8"], in: workspace)
      for command in [["lint", "specs"], ["build"]] {
        let run = try CLIRunner.run(command, in: workspace.url, environment: environment)
        #expect(run.status == 1, "\(command)")
        #expect(run.stderr.hasPrefix("specs/a.yaml:5:"), "\(command): located at the file: \(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
      }
      #expect(
        !FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build/assets/current").path))
      try workspace.write("specs/a.yaml", OptionalLibraryTests.spec)
      let run = try CLIRunner.run(["build"], in: workspace.url, environment: environment)
      #expect(run.status == 0, "\(run.stderr)")
    }
  }
#endif

import ButtonsmithTestSupport
import Foundation
import Testing

/// Every path of a file list reads back, by Xcode's rules, as the file it names: a `$` written
/// `$$` (else Xcode expands a build setting), the project's root and a root reached through a
/// link as `$(SRCROOT)`, nothing the build writes listed as an input, and a name no line can
/// hold left out with a warning.
struct XcodeFileListPathTests {
  /// The paths a list names as Xcode reads it: `$(SRCROOT)` expanded, then `$$` as `$`.
  func paths(in list: URL, root: URL) throws -> [String] {
    try String(contentsOf: list, encoding: .utf8).split(separator: "\n").map { line in
      line.replacingOccurrences(of: "$(SRCROOT)", with: root.path).replacingOccurrences(of: "$$", with: "$")
    }
  }

  func project(specs: String = "specs", image: String) throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nspecs: [\(specs)]\n")
    let star = try Data(
      contentsOf: repositoryRoot.appendingPathComponent("Tests/ButtonsmithCLITests/Fixtures/images/star.png"))
    try workspace.write("specs/\(image)", bytes: Array(star))
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        go: { size: [60, 44], scales: [1], tint: blue, image: { file: "\(image)", size: [16, 16] }, states: { normal: {} } }

      """)
    return workspace
  }

  @Test(arguments: ["p$(HOME).png", "price$tag.png", "$$.png"])
  func aDollarIsEscaped(image: String) throws {
    let workspace = try project(image: image)
    let run = try CLIRunner.run(["build", "--quiet", "--xcfilelists", "lists"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let list = workspace.url.appendingPathComponent("lists/buttonsmith-inputs.xcfilelist")
    let read = try paths(in: list, root: workspace.url)
    #expect(read.contains(workspace.url.appendingPathComponent("specs/\(image)").path), "\(read)")
    #expect(read.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "\(read)")
  }

  /// Specs searched for from the project's root, where the build also writes its store, its
  /// export and its lists: none of those is an input, and the root is `$(SRCROOT)`.
  @Test func whatTheBuildWritesIsNoInput() throws {
    let workspace = try project(specs: ".", image: "star.png")
    for _ in 0..<2 {
      let run = try CLIRunner.run(
        ["build", "--quiet", "--xcfilelists", "lists", "--export", "exported"], in: workspace.url)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let inputs = try String(
      contentsOf: workspace.url.appendingPathComponent("lists/buttonsmith-inputs.xcfilelist"), encoding: .utf8
    ).split(separator: "\n")
    #expect(inputs.contains("$(SRCROOT)") && inputs.contains("$(SRCROOT)/specs/a.yaml"), "\(inputs)")
    // (`build`, which holds the output directory, is a folder searched for specs: the store's
    // folders below it are not, whose times each build moves.)
    let written = ["$(SRCROOT)/build/assets", "$(SRCROOT)/lists", "$(SRCROOT)/exported"]
    #expect(!inputs.contains { line in written.contains { line == $0 || line.hasPrefix($0 + "/") } }, "\(inputs)")
  }

  /// `SRCROOT` named through a link (macOS's `/tmp` is one) still names the project's files
  /// `$(SRCROOT)/…`, though they are named from the real working directory.
  @Test func aSourceRootThroughALink() throws {
    let workspace = try project(image: "star.png")
    let link = try TestWorkspace()
    let linked = link.url.appendingPathComponent("project")
    try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: workspace.url)
    let run = try CLIRunner.run(
      ["build", "--quiet", "--xcfilelists", "lists", "--srcroot", linked.path], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let inputs = try String(
      contentsOf: workspace.url.appendingPathComponent("lists/buttonsmith-inputs.xcfilelist"), encoding: .utf8)
    #expect(inputs.hasPrefix("$(SRCROOT)/buttonsmith.yml\n"), "\(inputs)")
  }

  /// A name with a line break would be two lines: it is left out, and the build says so.
  @Test func aNameNoLineCanHoldIsLeftOutAndWarned() throws {
    let workspace = try project(image: "star.png")
    try workspace.write(
      "specs/new\nline/b.yaml", "buttonsmith: 1\nbuttons:\n  b: { size: [60, 44], tint: red, states: { normal: {} } }\n"
    )
    let run = try CLIRunner.run(["build", "--xcfilelists", "lists"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("cannot be named in an Xcode file list"), "\(run.stderr)")
    let read = try paths(
      in: workspace.url.appendingPathComponent("lists/buttonsmith-inputs.xcfilelist"), root: workspace.url)
    #expect(read.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "\(read)")
  }
}

import ButtonCore
import ButtonsmithTestSupport
import Foundation
import Testing

/// A spec or template file whose name, or a folder's above it, is not UTF-8 (copied from an old
/// archive or a Latin-1 system) cannot be read by its name: it is an error at its path, shown
/// with each other byte as `\xE9`, never a file left out in silence (Foundation's listing drops
/// such names, and lint passed with a file's buttons missing from the build).
struct UndecodableFileNameTests {
  static let good = "buttonsmith: 1\nbuttons:\n  ok: { size: [40, 20], tint: blue }\n"

  /// Writes `text` at `path` inside the workspace, `path` given by its bytes (folders made).
  func write(_ path: [UInt8], _ text: String, in workspace: TestWorkspace) throws {
    var folder = Array(workspace.url.path.utf8)
    let parts = path.split(separator: UInt8(ascii: "/"))
    for part in parts.dropLast() {
      folder += [UInt8(ascii: "/")] + part
      _ = (folder + [0]).withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o755) }
    }
    let file = folder + [UInt8(ascii: "/")] + parts.last!
    let descriptor = (file + [0]).withUnsafeBufferPointer { creat($0.baseAddress!, 0o644) }
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress!, $0.count) } == bytes.count)
  }

  @Test
  func aSpecFileOrAFolderNamedInLatin1IsAnErrorAtItsPath() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.good)
    try write(Array("specs/gl".utf8) + [0xE4] + Array("ss.yaml".utf8), Self.good, in: workspace)
    try write(Array("specs/d".utf8) + [0xE9, 0x6A, 0xE0] + Array("/sub/x.YML".utf8), Self.good, in: workspace)
    // Neither a spec nor a folder holding one: not the build's business.
    try write(Array("specs/caf".utf8) + [0xE9] + Array(".png".utf8), "not read", in: workspace)
    try write(Array("specs/images-".utf8) + [0xFF] + Array("/star.svg".utf8), "<svg/>", in: workspace)
    try write(Array("specs/.".utf8) + [0xE9] + Array(".yaml".utf8), "hidden", in: workspace)
    for command in ["lint", "build"] {
      let run = try CLIRunner.run([command, "specs"], in: workspace.url)
      #expect(run.status == 1, "\(command): \(run.stderr)")
      let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
      #expect(
        errors == [
          #"specs/d\xE9j\xE0/sub/x.YML:1:1: error: file path is not UTF-8, so its buttons are not read; rename it [invalid-encoding]"#,
          #"specs/gl\xE4ss.yaml:1:1: error: file path is not UTF-8, so its buttons are not read; rename it [invalid-encoding]"#,
        ], "\(command): \(run.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build/assets/current").path))
  }

  @Test
  func aTemplateNamedInLatin1IsAnError() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.good)
    try workspace.write("templates/plain.yaml", "buttonsmith: 1\ntint: red\n")
    try write(Array("templates/".utf8) + [0xE9] + Array("t.yml".utf8), "buttonsmith: 1\ntint: red\n", in: workspace)
    let run = try CLIRunner.run(["lint", "specs", "--templates", "templates"], in: workspace.url)
    #expect(run.status == 1, "\(run.stderr)")
    let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(
      errors == [
        #"templates/\xE9t.yml:1:1: error: file name is not UTF-8, so the template is not read; rename it [invalid-encoding]"#
      ], "\(run.stderr)")
  }

  @Test
  func aSpecNamedInLatin1AfterABuildIsNotUpToDate() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.good)
    let first = try CLIRunner.run(["build", "specs"], in: workspace.url)
    #expect(first.status == 0, "\(first.stderr)")
    try write(Array("specs/".utf8) + [0xC3, 0x28] + Array(".yaml".utf8), Self.good, in: workspace)
    let second = try CLIRunner.run(["build", "specs"], in: workspace.url)
    #expect(second.status == 1, "\(second.stderr)")
    #expect(second.stderr.contains(#"specs/\xC3(.yaml:1:1: error: file path is not UTF-8"#), "\(second.stderr)")
  }

  @Test
  func aStringTableNamedInLatin1IsAnErrorAndNotUpToDate() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: [en, de], strings: [strings] }\n")
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  buy: { size: [120, 40], tint: blue, text: { string: buy } }\n")
    try workspace.write("strings/en.lproj/Localizable.strings", "\"buy\" = \"Buy\";\n")
    try workspace.write("strings/de.lproj/Localizable.strings", "\"buy\" = \"Kaufen\";\n")
    let first = try CLIRunner.run(["build"], in: workspace.url)
    #expect(first.status == 0, "\(first.stderr)")
    try write(
      Array("strings/fr".utf8) + [0xE9] + Array(".lproj/Localizable.strings".utf8), "\"buy\" = \"Acheter\";\n",
      in: workspace)
    try write(Array("strings/values-".utf8) + [0xFF] + Array("/strings.xml".utf8), "<resources/>\n", in: workspace)
    // Neither a table nor in a folder of tables.
    try write(Array("strings/notes-".utf8) + [0xE9] + Array(".txt".utf8), "not read", in: workspace)
    for command in ["lint", "build"] {
      let run = try CLIRunner.run([command], in: workspace.url)
      #expect(run.status == 1, "\(command): \(run.stderr)")
      let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
      #expect(
        errors == [
          #"strings/fr\xE9.lproj/Localizable.strings:1:1: error: string table's path is not UTF-8, so it is not read; rename it [invalid-encoding]"#,
          #"strings/values-\xFF/strings.xml:1:1: error: string table's path is not UTF-8, so it is not read; rename it [invalid-encoding]"#,
        ], "\(command): \(run.stderr)")
    }
  }

  /// The report writes only into a new, empty or earlier report's folder: one holding only a file
  /// whose name is not UTF-8 is not empty.
  @Test
  func aReportFolderHoldingALatin1NamedFileIsRefused() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.good)
    #expect(try CLIRunner.run(["build", "specs"], in: workspace.url).status == 0)
    try write(Array("mine/caf".utf8) + [0xE9] + Array(".html".utf8), "my page", in: workspace)
    let run = try CLIRunner.run(["report", "-o", "mine"], in: workspace.url)
    #expect(run.status == 1 && run.stderr.contains("is not empty and holds no report"), "\(run.stderr)")
    let folder = workspace.url.appendingPathComponent("mine").path
    #expect(DirectoryListing(path: folder)?.entries.map(\.shown) == [#"caf\xE9.html"#])
  }
}

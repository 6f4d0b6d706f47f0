import ButtonsmithTestSupport
import Foundation
import Testing

/// The enum's name: a capital letter first (the file's own names all start lowercase, and one of
/// them naming the enum would mean the enum inside it), at most 100 characters (it names the file
/// too), neither a keyword nor a type the file names. Refused in the project file by `lint` and
/// `build` alike; any other name gives a file that compiles.
struct SwiftTypeNameTests {
  func project(name: String) throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, swift]\nswift: { name: \(name) }\n")
    try workspace.write(
      "specs/a.yaml",
      "buttonsmith: 1\nbuttons:\n  go: { size: [100, 44], scales: [1], tint: blue, states: { normal: {}, "
        + "highlighted: {} } }\n")
    return workspace
  }

  @Test(arguments: [
    "some", "any", "each", "async", "name", "width", "all", "hitMask", "min", "stride", "Type", "Asset",
    "B" + String(repeating: "x", count: 100),
  ])
  func namesThatWouldBreakTheFileAreRefused(name: String) throws {
    let workspace = try project(name: name)
    for command in ["lint", "build"] {
      let run = try CLIRunner.run([command], in: workspace.url)
      let shown = name.count > 64 ? name.prefix(64) + "…" : name
      #expect(
        run.status == 1
          && run.stderr.hasPrefix(
            "buttonsmith.yml:3:16: error: '\(shown)' is not a Swift type name such as Buttons or AppButtons"),
        "\(command): \(run.stderr)")
    }
  }

  @Test(arguments: ["Actor", "Package", "Get", "B" + String(repeating: "x", count: 99)])
  func otherNamesNameAFileThatCompiles(name: String) throws {
    let workspace = try project(name: name)
    let run = try CLIRunner.run(["build"], in: workspace.url)
    #expect(run.status == 0, "\(run.stderr)")
    let checked = try SwiftToolchain.run(
      "swiftc",
      ["-swift-version", "6", "-module-name", "App", "-typecheck", "build/assets/current/\(name).swift"],
      in: workspace.url)
    #expect(checked.status == 0, "\(checked.output)")
  }
}

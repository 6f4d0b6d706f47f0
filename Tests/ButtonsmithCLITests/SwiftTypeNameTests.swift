import ButtonsmithTestSupport
import Foundation
import Testing

/// The enum's name: words that are keywords where a type is expected are refused in the project
/// file, and other contextual words, which a file compiles with, are taken.
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

  @Test(arguments: ["some", "any", "each", "async"])
  func keywordsOfTypesAreRefused(name: String) throws {
    let workspace = try project(name: name)
    for command in ["lint", "build"] {
      let run = try CLIRunner.run([command], in: workspace.url)
      #expect(
        run.status == 1
          && run.stderr.hasPrefix(
            "buttonsmith.yml:3:16: error: '\(name)' is not a Swift type name such as Buttons or AppButtons"),
        "\(command): \(run.stderr)")
    }
  }

  @Test(arguments: ["actor", "package", "get"])
  func otherContextualWordsNameAFileThatCompiles(name: String) throws {
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

import ButtonsmithTestSupport
import Foundation
import Testing

/// A remote cache's URL is one the cache's paths can be added to: an http or https URL without
/// a query or a fragment, on the command line (a usage error) and in the project file (an error
/// where it is written). With one, every request went to one path, and the query's secret was
/// printed in the build's warnings.
struct RemoteCacheURLTests {
  static let spec = "buttonsmith: 1\nbuttons:\n  a: { size: [60, 30], scales: [1], tint: red }\n"
  static let problem =
    "a remote cache's URL takes no query or fragment ('?…', '#…'): the cache's paths are added to its path; "
    + "give credentials with 'header-env'"

  @Test(arguments: ["http://127.0.0.1:9/buttons?sig=SECRET", "https://cache/buttons#main", "http://cache/?"])
  func onTheCommandLine(url: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    let run = try CLIRunner.run(["build", "--remote-cache", url, "--remote-cache-upload"], in: workspace.url)
    #expect(run.status == 2 && run.stderr.hasPrefix("Error: --remote-cache: \(Self.problem)\n"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build").path))
  }

  @Test(arguments: ["remote-cache: \"http://cache/b?token=SECRET\"", "remote-cache: {url: \"http://cache/b#x\"}"])
  func inTheProjectFile(setting: String) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", Self.spec)
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\n\(setting)\n")
    let column = setting.contains("{url") ? 21 : 15
    for command in [["build"], ["lint"]] {
      let run = try CLIRunner.run(command, in: workspace.url)
      #expect(run.status == 1, "\(command): \(run.stderr)")
      #expect(
        run.stderr.hasPrefix("buttonsmith.yml:2:\(column): error: \(Self.problem) [value-out-of-range]\n"),
        "\(command): \(run.stderr)")
    }
  }
}

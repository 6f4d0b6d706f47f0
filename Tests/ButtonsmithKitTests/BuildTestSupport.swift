import ButtonCore
import ButtonRender
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A progress sink that records nothing.
struct SilentProgress: BuildProgress {
  func willRender(total: Int) {}
  func didRender(asset: String, done: Int, total: Int) {}
  func waitingForLock(_ output: URL) {}
}

extension TestWorkspace {
  /// The output directory of builds in this workspace.
  var output: URL { url.appendingPathComponent("build/assets") }

  /// The project of this workspace: `specs/` (with `templates/` when present) built into
  /// `build/assets`, as the command line would see it from the workspace.
  func project() throws -> Project {
    let (configuration, diagnostics) = ProjectConfiguration.load(workingDirectory: url)
    return Project(configuration: try #require(configuration, "\(diagnostics.sorted)"))
  }

  /// Checks and plans the workspace's project and builds it.
  @discardableResult
  func build(parallelism: Int = 2, force: Bool = false, keep: Int = 5) throws -> BuildSummary {
    let project = try project()
    let plan = project.plan()
    try #require(!plan.hasErrors, "\(plan.diagnostics.sorted)")
    let (summary, diagnostics) = try project.build(
      plan, parallelism: parallelism, force: force, keep: keep, progress: SilentProgress())
    try #require(!diagnostics.hasErrors, "\(diagnostics.sorted)")
    return try #require(summary)
  }

  /// The manifest `current` points to.
  func currentManifest() throws -> Manifest {
    try Manifest.read(from: output.appendingPathComponent("current/manifest.json"))
  }

  /// Every file of the current version matches its manifest hash.
  func currentIsIntact() throws -> Bool {
    let manifest = try currentManifest()
    let directory = output.appendingPathComponent("current")
    return manifest.assets.allSatisfy { asset in
      ContentHash.sha256(ofFileAt: directory.appendingPathComponent(asset.path)) == asset.sha256
        && (asset.hitMask.map { ContentHash.sha256(ofFileAt: directory.appendingPathComponent($0.path)) == $0.sha256 }
          ?? true)
    }
  }
}

/// A small spec of `count` buttons with three different-looking states and two scales: 6 jobs
/// and 6 distinct images a button.
func smallSpec(buttons count: Int, text: (Int) -> String = { "Button \($0)" }, extends: String? = nil) -> String {
  var lines = [
    "buttonsmith: 1", "defaults:", "  size: [120, 36]", "  scales: [1, 2]", "  corner-radius: 8",
    "  states: { highlighted: {}, selected: { opacity: 0.5 } }", "buttons:",
  ]
  for index in 0..<count {
    let parent = extends.map { ", extends: \($0)" } ?? ""
    lines.append("  b\(index): { text: \"\(text(index))\", gradient: [\"#0A60D0\", \"#203060\"]\(parent) }")
  }
  return lines.joined(separator: "\n") + "\n"
}

import ButtonRender
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// Plans the spec `yaml`, written with `files` into `workspace`, and returns its jobs by path.
func plannedJobs(_ yaml: String, in workspace: TestWorkspace, files: [String: [UInt8]] = [:]) throws -> [String:
  PlannedJob]
{
  for (path, bytes) in files { try workspace.write(path, bytes: bytes) }
  try workspace.write("specs/test.yaml", yaml)
  let loader = SpecLoader(finder: SpecFinder(workingDirectory: workspace.url))
  let checked = SpecChecker(loader: loader).check(paths: ["specs"])
  #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.sorted)")
  let planned = Planner().plan(checked.buttons)
  let (jobs, diagnostics) = (planned.jobs, planned.diagnostics)
  #expect(!diagnostics.hasErrors, "\(diagnostics.sorted)")
  return Dictionary(uniqueKeysWithValues: jobs.map { ($0.path, $0) })
}

/// Draws the job at `path` of the spec `yaml`.
func drawn(_ yaml: String, _ path: String, files: [String: [UInt8]] = [:]) throws -> RGBAImage {
  let workspace = try TestWorkspace()
  let jobs = try plannedJobs(yaml, in: workspace, files: files)
  let job = try #require(jobs[path], "no job \(path) in \(jobs.keys.sorted())")
  let image = try Renderer().draw(job.job).image
  image.debugWrite(path.replacingOccurrences(of: "/", with: "_"))
  return image
}

/// Whether a channel value is within `tolerance` of `expected`.
func close(_ value: UInt8, _ expected: Double, _ tolerance: Double = 3) -> Bool {
  abs(Double(value) - expected) <= tolerance
}

extension RGBAImage {
  /// Writes the image to `/tmp/buttonsmith-debug/<name>.png` when `BUTTONSMITH_DEBUG` is set.
  func debugWrite(_ name: String) {
    guard ProcessInfo.processInfo.environment["BUTTONSMITH_DEBUG"] != nil else { return }
    let directory = URL(fileURLWithPath: "/tmp/buttonsmith-debug")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? pngData().write(to: directory.appendingPathComponent(name))
  }

  /// The alpha at (x, y).
  func alpha(_ x: Int, _ y: Int) -> UInt8 { self[x, y].alpha }
}

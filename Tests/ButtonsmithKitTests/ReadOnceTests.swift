import ButtonCore
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import DiagnosticExamples
import Foundation
import Testing

/// A build reads each input file once: the stamp, the parser, the validator, the asset checks,
/// the keys and the renderer share one snapshot.
struct ReadOnceTests {
  /// Counts the reads of each path.
  final class CountingReader: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    var reads: [String: Int] { lock.withLock { counts } }

    func read(_ path: String, _ limit: Int) -> Result<Data, BoundedFile.Failure> {
      lock.withLock { counts[URL(fileURLWithPath: path).lastPathComponent, default: 0] += 1 }
      return BoundedFile.read(at: path, limit: limit)
    }
  }

  func workspace() throws -> TestWorkspace {
    let workspace = try TestWorkspace()
    try workspace.write("templates/round.yaml", "buttonsmith: 1\ncorner-radius: 12\n")
    try workspace.write("specs/icon.png", bytes: DiagnosticRule.tinyPNG)
    try workspace.write("specs/hole.png", bytes: DiagnosticRule.tinyPNG)
    let font = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
    try workspace.write("specs/label.ttf", bytes: Array(font))
    // Two spec files; every button names the same files, in every state, appearance and scale.
    for file in ["a", "b"] {
      try workspace.write(
        "specs/\(file).yaml",
        """
        buttonsmith: 1
        defaults:
          extends: round
          scales: [1, 2, 3]
          appearances: [light, dark]
          tint: { light: "#0A60D0", dark: "#4080F0" }
        buttons:
          \(file)1:
            size: [120, 44]
            text: Go
            font: { file: label.ttf, size: 15 }
            image: { file: icon.png }
            mask: { file: hole.png }
            states: { selected: { text: On } }
          \(file)2:
            size: [44, 44]
            image: { file: icon.png, size: [20, 20] }
            mask: { file: hole.png, mode: luminance }

        """)
    }
    return workspace
  }

  @Test func aBuildReadsEachInputFileOnce() throws {
    let workspace = try workspace()
    let reader = CountingReader()
    var project = try workspace.project()
    project.reader = { reader.read($0, $1) }
    let plan = project.plan()
    try #require(!plan.hasErrors, "\(plan.diagnostics.sorted)")
    let (summary, diagnostics) = try project.build(plan, progress: SilentProgress())
    #expect(!diagnostics.hasErrors && summary?.rendered ?? 0 > 0)
    #expect(
      reader.reads == [
        "a.yaml": 1, "b.yaml": 1, "round.yaml": 1, "icon.png": 1, "hole.png": 1, "label.ttf": 1,
        // Where an @2x and an @3x of the PNG would be: looked for once each.
        "icon@2x.png": 1, "icon@3x.png": 1,
      ])
  }

  /// A build that confirms its stamp reads the inputs once and plans nothing.
  @Test func aConfirmedBuildReadsEachInputFileOnce() throws {
    let workspace = try workspace()
    try workspace.build()
    let reader = CountingReader()
    var project = try workspace.project()
    project.reader = { reader.read($0, $1) }
    #expect(project.confirmUpToDate() != nil)
    #expect(
      reader.reads == [
        "a.yaml": 1, "b.yaml": 1, "round.yaml": 1, "icon.png": 1, "hole.png": 1, "label.ttf": 1,
        // Where an @2x and an @3x of the PNG would be: looked for once each.
        "icon@2x.png": 1, "icon@3x.png": 1,
      ])
  }

  /// Each plan is a new snapshot: a file changed after one plan is seen by the next.
  @Test func eachPlanReadsAfresh() throws {
    let workspace = try workspace()
    let reader = CountingReader()
    var project = try workspace.project()
    project.reader = { reader.read($0, $1) }
    _ = project.plan()
    _ = project.plan()
    #expect(reader.reads["a.yaml"] == 2 && reader.reads["icon.png"] == 2)
  }
}

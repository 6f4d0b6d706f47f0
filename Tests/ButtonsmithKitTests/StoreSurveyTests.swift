import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A survey of the output directory made while planning stands for the build's inspection only
/// when the build then finds the lock free; otherwise the store is inspected again under it.
struct StoreSurveyTests {
  /// A workspace built once, its project planned again after a change, and a survey taken
  /// before the plan as the command line takes it.
  struct Surveyed: @unchecked Sendable {
    let workspace: TestWorkspace
    let project: Project
    let survey: StoreSurvey
    let plan: Project.Plan
    let precious: URL

    init(leftovers: [String] = [], link: String? = nil) throws {
      workspace = try TestWorkspace()
      try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
      try workspace.build()
      precious = try workspace.write("precious/notes.txt", "keep me")
      for path in leftovers { try workspace.write("build/assets/\(path)", "partial") }
      if let link { try Self.plant(link, in: workspace.output, to: precious) }
      try workspace.write("specs/a.yaml", smallSpec(buttons: 2) { "Changed \($0)" })
      project = try workspace.project()
      survey = project.surveyOutput()
      plan = project.plan()
      try #require(!plan.hasErrors)
    }

    /// Adds a link at `path` in the output directory to the precious directory beside it.
    func plant(_ path: String) throws {
      try Self.plant(path, in: workspace.output, to: precious)
    }

    private static func plant(_ path: String, in output: URL, to precious: URL) throws {
      try FileManager.default.createSymbolicLink(
        at: output.appendingPathComponent(path), withDestinationURL: precious.deletingLastPathComponent())
    }

    func removePlanted(_ path: String) throws {
      try FileManager.default.removeItem(at: workspace.output.appendingPathComponent(path))
    }

    func build(keep: Int = 5, progress: any BuildProgress = SilentProgress()) throws -> BuildSummary? {
      try project.build(plan, parallelism: 2, keep: keep, survey: survey, progress: progress).summary
    }
  }

  @Test func theLeftoversTheSurveyFoundAreRemoved() throws {
    let leftovers = [
      "versions/.buttonsmith-tmp-v2-999-X/b0/normal.png", ".cache/objects/ab/.buttonsmith-tmp-file-1-X",
      ".cache/.buttonsmith-tmp-file-2-X", ".cache/objects/.buttonsmith-tmp-file-3-X", ".buttonsmith-tmp-file-4-X",
    ]
    let surveyed = try Surveyed(leftovers: leftovers)
    #expect(try surveyed.build()?.version == 2)
    for path in leftovers {
      let above = path.split(separator: "/").prefix { !$0.hasPrefix(".buttonsmith-tmp") }.count
      let leftover = path.split(separator: "/").prefix(above + 1).joined(separator: "/")
      #expect(!FileManager.default.fileExists(atPath: surveyed.workspace.output.appendingPathComponent(leftover).path))
    }
  }

  @Test func aProblemTheSurveyFoundIsJudgedAgainUnderTheLock() throws {
    let surveyed = try Surveyed(link: "versions/v1/planted")
    try surveyed.removePlanted("versions/v1/planted")
    #expect(try surveyed.build()?.version == 2)
  }

  @Test func aLinkPlantedAfterACleanSurveyIsNeverFollowed() throws {
    let surveyed = try Surveyed()
    try surveyed.plant("versions/v1/planted")
    // Version 1 holds something Buttonsmith did not write: it is kept, and the link's target
    // is neither read nor removed.
    #expect(try surveyed.build(keep: 1)?.keptVersions.map(\.version) == [1])
    #expect(try String(contentsOf: surveyed.precious, encoding: .utf8) == "keep me")
  }

  @Test func aBuildThatWaitsForTheLockInspectsTheStoreAgain() throws {
    let surveyed = try Surveyed()
    let lockPath = surveyed.workspace.output.appendingPathComponent(".lock").path
    let holder = open(lockPath, O_RDWR | O_CLOEXEC)
    try #require(holder >= 0 && flock(holder, LOCK_EX) == 0)
    let waiting = WaitSignal()
    let outcome = Outcome()
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      do { _ = try surveyed.build(progress: waiting) } catch { outcome.error = error }
      finished.signal()
    }
    waiting.semaphore.wait()
    try surveyed.plant("versions/v1/planted")
    flock(holder, LOCK_UN)
    close(holder)
    finished.wait()
    #expect(outcome.error is StoreError, "\(String(describing: outcome.error))")
    #expect(try String(contentsOf: surveyed.precious, encoding: .utf8) == "keep me")
  }

  @Test func aDirectoryMadeAgainSinceTheSurveyIsRecognisedAgain() throws {
    let surveyed = try Surveyed()
    let output = surveyed.workspace.output
    try FileManager.default.moveItem(at: output, to: output.deletingLastPathComponent().appendingPathComponent("old"))
    try surveyed.workspace.write("build/assets/mine.txt", "not a store")
    #expect(throws: StoreError.self) { try surveyed.build() }
    #expect(try String(contentsOf: output.appendingPathComponent("mine.txt"), encoding: .utf8) == "not a store")
  }
}

/// Signals once a build starts waiting for the lock.
private final class WaitSignal: BuildProgress, @unchecked Sendable {
  let semaphore = DispatchSemaphore(value: 0)
  func willRender(total: Int) {}
  func didRender(asset: String, done: Int, total: Int) {}
  func waitingForLock(_ output: URL) { semaphore.signal() }
}

/// What a build on another thread threw.
private final class Outcome: @unchecked Sendable {
  var error: (any Error)?
}

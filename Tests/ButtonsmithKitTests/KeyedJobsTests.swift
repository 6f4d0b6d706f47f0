import ButtonCore
import ButtonSpec
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import DiagnosticExamples
import Foundation
import Testing

/// Keying pairs each job with its key without copying the jobs; a job whose file cannot be read
/// is left out, with a diagnostic, and every other job keeps its own key.
struct KeyedJobsTests {
  @Test(arguments: [1, 2])
  func aJobWhoseFileCannotBeReadIsLeftOutAndTheOthersKeepTheirKeys(parallelism: Int) throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/icon.png", bytes: DiagnosticRule.tinyPNG)
    // Enough buttons that two threads key separate runs; the one with the image is in the middle.
    var spec = "buttonsmith: 1\ndefaults: { size: [120, 44], scales: [1, 2, 3], tint: \"#0A60D0\" }\nbuttons:\n"
    for index in 0..<200 { spec += "  b\(index): { text: \"B \(index)\" }\n" }
    spec += "  pictured: { image: { file: icon.png } }\n"
    for index in 200..<400 { spec += "  c\(index): { text: \"C \(index)\" }\n" }
    try workspace.write("specs/a.yaml", spec)
    let jobs = Planner().plan(workspace.checkAll().buttons).jobs
    var diagnostics = Diagnostics()
    var keys = JobKeys(files: InputFiles())
    let alone = Builder().keyJobs(jobs, into: &diagnostics, keys: &keys, parallelism: parallelism)
    #expect(!diagnostics.hasErrors && alone.count == jobs.count)

    try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("specs/icon.png"))
    keys = JobKeys(files: InputFiles())
    let keyed = Builder().keyJobs(jobs, into: &diagnostics, keys: &keys, parallelism: parallelism)
    let pictured = jobs.filter { $0.job.button == "pictured" }
    #expect(!pictured.isEmpty && keyed.count == jobs.count - pictured.count)
    #expect(diagnostics.all.filter { $0.rule == .missingFile }.count == pictured.count)
    let expected = Dictionary(uniqueKeysWithValues: alone.map { ($0.job.path, $0.key) })
    #expect(keyed.allSatisfy { $0.job.job.button != "pictured" && expected[$0.job.path] == $0.key })
  }
}

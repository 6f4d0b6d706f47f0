import Testing

@testable import ButtonsmithKit

struct WorkerThreadsTests {
  /// The runs cover every index once, in order, whatever the count, the threads asked for and
  /// the shortest run (uneven splits included), on a machine of many cores as on this one.
  @Test(arguments: [(0, 4, 1), (1, 4, 1), (5, 4, 1), (7, 3, 2), (1_793, 7, 256), (66_561, 300, 256), (10, 1, 1)])
  func runsCoverEveryIndexOnceInOrder(count: Int, parallelism: Int, minimumRun: Int) {
    let runs = WorkerThreads.mapRuns(count, parallelism: parallelism, minimumRun: minimumRun, cores: 512) { $0 }
    #expect(runs.count == max(1, min(parallelism, count / minimumRun)))
    #expect(runs.flatMap { Array($0) } == Array(0..<count))
    #expect(runs.allSatisfy { !$0.isEmpty } || count == 0)
    let lengths = runs.map(\.count)
    #expect((lengths.max() ?? 0) - (lengths.min() ?? 0) <= 1)
  }
}

@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The flushes of a build, through a descriptor opened before it writes anything (Linux only:
/// elsewhere each object is flushed as it is written).
struct BuildFlushTests {
  #if os(Linux)
    @Test func aDirectoryThatCannotBeOpenedLeavesTheFlushToPublishing() throws {
      let workspace = try TestWorkspace()
      #expect(BuildFlush(of: workspace.url.appendingPathComponent("missing")) == nil)
      let file = try workspace.write("file", "not a directory")
      #expect(BuildFlush(of: file) == nil)
    }

    @Test func finishingFlushesWhatWasWrittenSinceAndCanBeWaitedForAgain() throws {
      let workspace = try TestWorkspace()
      let flush = try #require(BuildFlush(of: workspace.url))
      try workspace.write("before/the/early/flush", "written once the descriptor was open")
      flush.beginEarly()
      try workspace.write("after/the/start", "written while the early flush ran")
      try flush.finish()
      flush.wait()
      try flush.finish()
    }

    @Test func withoutAnEarlyFlushFinishingFlushesOnce() throws {
      let workspace = try TestWorkspace()
      let flush = try #require(BuildFlush(of: workspace.url))
      flush.wait()
      try workspace.write("written", "before the only flush")
      try flush.finish()
    }
  #else
    @Test func thereIsNoBuildFlushWhereEveryObjectIsFlushedAsItIsWritten() throws {
      let workspace = try TestWorkspace()
      #expect(BuildFlush(of: workspace.url) == nil)
    }
  #endif
}

@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The flush a build begins as soon as its images are written (Linux only: elsewhere each
/// object is flushed as it is written).
struct EarlyFlushTests {
  #if os(Linux)
    @Test func aDirectoryThatCannotBeOpenedLeavesTheFlushToPublishing() throws {
      let workspace = try TestWorkspace()
      #expect(EarlyFlush(of: workspace.url.appendingPathComponent("missing")) == nil)
      let file = try workspace.write("file", "not a directory")
      #expect(EarlyFlush(of: file) == nil)
    }

    @Test func finishingFlushesWhatWasWrittenSinceAndCanBeWaitedForAgain() throws {
      let workspace = try TestWorkspace()
      let flush = try #require(EarlyFlush(of: workspace.url))
      try workspace.write("after/the/start", "written while the early flush ran")
      try flush.finish()
      flush.wait()
      try flush.finish()
    }
  #else
    @Test func thereIsNoEarlyFlushWhereEveryObjectIsFlushedAsItIsWritten() throws {
      let workspace = try TestWorkspace()
      #expect(EarlyFlush(of: workspace.url) == nil)
    }
  #endif
}

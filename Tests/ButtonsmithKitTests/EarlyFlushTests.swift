@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The flush a build begins as soon as its images are written.
struct EarlyFlushTests {
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
}

import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// librsvg itself, behind the spec check: an SVG that reaches outside itself in ways the check
/// never sees still makes the renderer read nothing.
struct VectorDrawingTests {
  @Test func librsvgOpensNothingAnSVGNames() throws {
    let workspace = try TestWorkspace()
    let fifo = workspace.url.appendingPathComponent("pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let valid = #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24"/></svg>"#
    let jobs = try plannedJobs(
      """
      buttonsmith: 1
      buttons:
        icon: { style: fill, size: [24, 24], background: red, padding: 0, image: { file: icon.svg }, scales: [1], states: { normal: {} } }

      """, in: workspace, files: ["specs/icon.svg": Array(valid.utf8)])
    var job = try #require(jobs["icon/normal.png"]).job
    // Written after the check: every way of naming the pipe, which a read would block on forever.
    let hostile = """
      <?xml version="1.0"?>
      <?xml-stylesheet href="\(fifo.path)"?>
      <!DOCTYPE svg [<!ENTITY outside SYSTEM "\(fifo.path)">]>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="24" height="24">
        <style>@import"\(fifo.path)"; rect { fill: url(\(fifo.path)#p) }</style>
        <image href="\(fifo.path)" width="24" height="24"/>
        <image xlink:href="file://\(fifo.path)" width="24" height="24"/>
        <use href="\(fifo.path)#x"/>
        <rect width="24" height="24" fill="red"/>
        <text>&outside;</text>
      </svg>
      """
    try workspace.write("specs/hostile.svg", hostile)
    job.image?.file = workspace.url.appendingPathComponent("specs/hostile.svg").path
    let hostileJob = job
    let done = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    Thread.detachNewThread {
      outcome.set(Result { try Renderer().draw(hostileJob).image })
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 60) == .success, "drawing blocked: something opened the pipe")
    // Drawn or refused, either way without reading: an entity naming a file may make the parse fail.
    _ = outcome.get()
  }

  final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<RGBAImage, Error>?
    func set(_ value: Result<RGBAImage, Error>) { lock.withLock { result = value } }
    func get() -> Result<RGBAImage, Error>? { lock.withLock { result } }
  }
}

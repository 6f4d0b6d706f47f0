import ButtonRender
import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Dispatch
import Foundation
import Testing

/// The PNG files themselves: chunks, round trips, determinism, hit masks.
struct OutputTests {
  static let yaml = """
    buttonsmith: 1
    buttons:
      b:
        size: [120, 40]
        scales: [1, 2, 3]
        gradient: { colors: ["#FF5E3A80", "#0A84FF"], angle: 30 }
        corner-radius: 25%
        shadow: true
        border: { width: 2, color: white }
        text: Ready
        hit-mask: { threshold: 0.5 }
    """

  /// Chunk types of a PNG file, in order.
  static func chunks(_ png: Data) -> [(type: String, data: Data)] {
    var chunks: [(String, Data)] = []
    var offset = 8
    let bytes = [UInt8](png)
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      chunks.append((type, Data(bytes[offset + 8..<offset + 8 + length])))
      offset += 12 + length
    }
    return chunks
  }

  @Test func pngHasSRGBAndPhysAndNoTime() throws {
    let jobs = try plannedJobs(Self.yaml, in: try TestWorkspace())
    let rendered = try Renderer().render(try #require(jobs["b/normal@2x.png"]).job)
    let chunks = Self.chunks(rendered.png)
    let types = chunks.map(\.type)
    #expect(types.first == "IHDR" && types.last == "IEND")
    #expect(types.contains("sRGB"))
    #expect(!types.contains("tIME") && !types.contains("tEXt"))
    let phys = try #require(chunks.first { $0.type == "pHYs" }?.data)
    let perMeter = phys.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    #expect(perMeter == 5669)  // 144 dpi
    #expect(phys.last == 1)  // metres
  }

  @Test func encodedPixelsDecodeToTheDrawnPixels() throws {
    let jobs = try plannedJobs(Self.yaml, in: try TestWorkspace())
    let job = try #require(jobs["b/normal@3x.png"]).job
    let drawn = try Renderer().draw(job).image
    let rendered = try Renderer().render(job)
    #expect(try RGBAImage(png: rendered.png) == drawn)
    #expect(rendered.width == drawn.width && rendered.height == drawn.height)
  }

  @Test func straightAlphaIsNotPremultiplied() throws {
    // A half-transparent solid fill keeps its full colour values.
    let jobs = try plannedJobs(
      "buttonsmith: 1\nbuttons:\n  b: { size: [10, 10], scales: [1], gradient: \"#FF800080\" }\n",
      in: try TestWorkspace())
    let image = try RGBAImage(png: try Renderer().render(try #require(jobs["b/normal.png"]).job).png)
    #expect(image[5, 5] == (255, 128, 0, 128))
  }

  @Test func identicalJobsGiveIdenticalBytesOnAnyThread() throws {
    let jobs = try plannedJobs(Self.yaml, in: try TestWorkspace()).values.map(\.job).sorted { "\($0)" < "\($1)" }
    let renderer = Renderer()
    let serial = try jobs.map { try renderer.render($0).png }
    let results = Results(count: jobs.count * 4)
    DispatchQueue.concurrentPerform(iterations: jobs.count * 4) { index in
      results.set(index, try? Renderer().render(jobs[index % jobs.count]).png)
    }
    for index in 0..<(jobs.count * 4) {
      #expect(results.get(index) == serial[index % jobs.count], "job \(index % jobs.count) differs on another thread")
    }
  }

  @Test func hitMaskIsOneBitOfTheImagesSizeWithBounds() throws {
    let jobs = try plannedJobs(Self.yaml, in: try TestWorkspace())
    let rendered = try Renderer().render(try #require(jobs["b/normal@2x.png"]).job)
    let hitMask = try #require(rendered.hitMask)
    let header = try #require(Self.chunks(hitMask.png).first { $0.type == "IHDR" }?.data)
    let width = header.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    #expect(width == rendered.width)
    #expect(header[header.startIndex + 8] == 1 && header[header.startIndex + 9] == 0)  // 1-bit greyscale
    let image = try RGBAImage(png: rendered.png)
    let decoded = try RGBAImage(png: hitMask.png)
    for (x, y) in [
      (0, 0), (rendered.content.x + 60, rendered.content.y + 20), (rendered.width - 1, rendered.height - 1),
    ] {
      let hit = image[x, y].alpha > 127
      #expect((decoded[x, y].red == 255) == hit, "(\(x), \(y))")
    }
    let bounds = try #require(hitMask.bounds)
    #expect(bounds.x >= rendered.content.x - 1 && bounds.width <= rendered.content.width + 2)
  }

  @Test func hitMaskThresholdIsAFractionOfAlpha() throws {
    let yaml =
      "buttonsmith: 1\nbuttons:\n  b: { size: [10, 10], scales: [1], gradient: \"#000000%@\", hit-mask: { threshold: %@ } }\n"
    func hits(alpha: String, threshold: String) throws -> Bool {
      let spec = String(format: yaml, alpha, threshold)
      let jobs = try plannedJobs(spec, in: try TestWorkspace())
      return try Renderer().render(try #require(jobs["b/normal.png"]).job).hitMask?.bounds != nil
    }
    #expect(try hits(alpha: "80", threshold: "0.4"))  // alpha 0.5 > 0.4
    #expect(try !hits(alpha: "80", threshold: "0.6"))  // the original's 0..255 vs 0..1 bug would say yes
    #expect(try !hits(alpha: "00", threshold: "0"))
  }
}

/// A thread-safe slot per result.
final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Data?]

  init(count: Int) { values = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Data?) {
    lock.lock()
    values[index] = value
    lock.unlock()
  }

  func get(_ index: Int) -> Data? {
    lock.lock()
    defer { lock.unlock() }
    return values[index]
  }
}

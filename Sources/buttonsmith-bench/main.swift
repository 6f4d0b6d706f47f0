import ButtonRender
import ButtonSpec
import ButtonsmithKit
import Foundation

/// Measures the renderer alone on the standard workload: CPU per asset for drawing and for
/// encoding with several PNG settings, bytes per asset, and Cairo's own PNG writer beside them.

func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("buttonsmith-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory.appendingPathComponent("specs"), withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
try StandardWorkload.spec().write(to: directory.appendingPathComponent("specs/workload.yaml"), atomically: true, encoding: .utf8)
let checked = SpecChecker(loader: SpecLoader(finder: SpecFinder(workingDirectory: directory))).check(paths: ["specs"])
guard !checked.diagnostics.hasErrors else { fatalError("\(checked.diagnostics.sorted)") }
let jobs = Planner().plan(checked.buttons).jobs.map(\.job)
print("jobs: \(jobs.count)")

let arguments = CommandLine.arguments.dropFirst()
let limit = arguments.first.flatMap(Int.init) ?? jobs.count
let sample = Array(jobs.prefix(limit))

var start = cpuSeconds()
for job in sample { _ = try Renderer().draw(job) }
let drawSeconds = cpuSeconds() - start
print(String(format: "draw only:           %6.3f ms CPU/asset", drawSeconds * 1000 / Double(sample.count)))
if arguments.contains("--draw-only") { exit(0) }

let candidates: [(String, PNGCompression)] = [
  ("libpng default (6, filtered, all)", .libpngDefault),
  ("level 6, default, all filters", PNGCompression(level: 6, strategy: 0, filters: 0xF8)),
  ("level 6, default, no filter", PNGCompression(level: 6, strategy: 0, filters: 0x08)),
  ("level 5, default, no filter", PNGCompression(level: 5, strategy: 0, filters: 0x08)),
  ("level 4, default, no filter", PNGCompression(level: 4, strategy: 0, filters: 0x08)),
  ("level 3, default, no filter", PNGCompression(level: 3, strategy: 0, filters: 0x08)),
  ("level 2, default, no filter", PNGCompression(level: 2, strategy: 0, filters: 0x08)),
  ("level 1, default, no filter", PNGCompression(level: 1, strategy: 0, filters: 0x08)),
  ("level 6, filtered, no filter", PNGCompression(level: 6, strategy: 1, filters: 0x08)),
  ("level 6, default, up", PNGCompression(level: 6, strategy: 0, filters: 0x20)),
  ("level 3, default, up", PNGCompression(level: 3, strategy: 0, filters: 0x20)),
  ("level 1, RLE, up", PNGCompression(level: 1, strategy: 3, filters: 0x20)),
  ("level 6, RLE, none", PNGCompression(level: 6, strategy: 3, filters: 0x08)),
]
for (name, compression) in candidates {
  let renderer = Renderer(compression: compression)
  var bytes = 0
  start = cpuSeconds()
  for job in sample { bytes += try renderer.render(job).png.count }
  let total = cpuSeconds() - start
  print(
    String(
      format: "%-36@ %6.3f ms CPU/asset (encode %6.3f), %7.0f bytes/asset", name as NSString,
      total * 1000 / Double(sample.count), (total - drawSeconds) * 1000 / Double(sample.count),
      Double(bytes) / Double(sample.count)))
}
var cairoBytes = 0
start = cpuSeconds()
for job in sample { cairoBytes += try Renderer().cairoPNG(job).count }
let cairoTotal = cpuSeconds() - start
print(
  String(
    format: "%-36@ %6.3f ms CPU/asset, %7.0f bytes/asset", "cairo's own PNG writer" as NSString,
    cairoTotal * 1000 / Double(sample.count), Double(cairoBytes) / Double(sample.count)))

import ButtonsmithWorkload
import ButtonRender
import ButtonSpec
import ButtonsmithKit
import Foundation

// buttonsmith-bench renderer [N] [--draw-only]
//   Draws the first N jobs of the standard workload on one thread: CPU per asset for drawing
//   and for encoding with several PNG settings, bytes per asset, and Cairo's own PNG writer.
// buttonsmith-bench workload DIR [BUTTONS] [--changed I] [--distinct] [--no-svg]
//   Writes the standard workload's spec (DIR/specs/workload.yaml) and its SVGs (DIR/svg/, not
//   with --no-svg); --distinct gives every button its own disabled and loading labels.
// buttonsmith-bench files DIR
//   Creates 906 files of 10 KB in DIR as the store creates objects, and prints microseconds per
//   file and the milliseconds of the flush that follows (`FileCreationProbe`).

let arguments = Array(CommandLine.arguments.dropFirst())

func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func writeWorkload(to directory: URL, buttons: Int, changed: Int?, distinct: Bool = false, svg: Bool = true) throws {
  let specs = directory.appendingPathComponent("specs")
  try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
  try StandardWorkload.spec(buttons: buttons, changedButton: changed, distinct: distinct)
    .write(to: specs.appendingPathComponent("workload.yaml"), atomically: true, encoding: .utf8)
  guard changed == nil, svg else { return }
  let svg = directory.appendingPathComponent("svg")
  try FileManager.default.createDirectory(at: svg, withIntermediateDirectories: true)
  for (name, text) in StandardWorkload.svgFiles(buttons: buttons) {
    try text.write(to: svg.appendingPathComponent(name), atomically: false, encoding: .utf8)
  }
}

func measureRenderer(limit: Int?, drawOnly: Bool) throws {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("buttonsmith-bench-\(getpid())")
  defer { try? FileManager.default.removeItem(at: directory) }
  try writeWorkload(to: directory, buttons: 100, changed: 0)
  guard let configuration = ProjectConfiguration.load(workingDirectory: directory).configuration else {
    fatalError("the workload has no usable configuration")
  }
  let project = Project(configuration: configuration)
  let plan = project.plan()
  guard !plan.hasErrors else { fatalError("\(plan.diagnostics.sorted)") }
  let jobs = plan.jobs.map(\.job)
  let sample = Array(jobs.prefix(limit ?? jobs.count))
  print("jobs: \(jobs.count), measured: \(sample.count)")
  var start = cpuSeconds()
  for job in sample { _ = try Renderer().draw(job) }
  let drawSeconds = cpuSeconds() - start
  print(
    String(
      format: "draw only:                            %6.3f ms CPU/asset", drawSeconds * 1000 / Double(sample.count)))
  if drawOnly { return }
  let candidates: [(String, PNGCompression)] = [
    ("libpng + zlib defaults (6, filtered, all)", .libpngDefault),
    ("zlib 6, default, all filters", PNGCompression(level: 6, strategy: 0, filters: 0xF8)),
    ("zlib 6, default, no filter", PNGCompression(level: 6, strategy: 0, filters: 0x08)),
    ("zlib 5, default, no filter", PNGCompression(level: 5, strategy: 0, filters: 0x08)),
    ("zlib 3, default, no filter", PNGCompression(level: 3, strategy: 0, filters: 0x08)),
    ("zlib 1, default, no filter", PNGCompression(level: 1, strategy: 0, filters: 0x08)),
    ("zlib 6, default, up", PNGCompression(level: 6, strategy: 0, filters: 0x20)),
    ("libdeflate 6, no filter", .libdeflate(level: 6)),
    ("libdeflate 7, no filter (chosen)", .standard),
    ("libdeflate 8, no filter", .libdeflate(level: 8)),
    ("libdeflate 9, no filter", .libdeflate(level: 9)),
    ("libdeflate 10, no filter", .libdeflate(level: 10)),
    ("libdeflate 12, no filter", .libdeflate(level: 12)),
  ]
  for (name, compression) in candidates {
    let renderer = Renderer(compression: compression)
    var bytes = 0
    start = cpuSeconds()
    for job in sample { bytes += try renderer.render(job).png.count }
    let total = cpuSeconds() - start
    print(
      String(
        format: "%-42@ %6.3f ms CPU/asset (encode %6.3f), %7.0f bytes/asset", name as NSString,
        total * 1000 / Double(sample.count), (total - drawSeconds) * 1000 / Double(sample.count),
        Double(bytes) / Double(sample.count)))
  }
  var cairoBytes = 0
  start = cpuSeconds()
  for job in sample { cairoBytes += try CairoWriter.png(of: job, renderer: Renderer()).count }
  let cairoTotal = cpuSeconds() - start
  print(
    String(
      format: "%-42@ %6.3f ms CPU/asset, %7.0f bytes/asset", "cairo's own PNG writer" as NSString,
      cairoTotal * 1000 / Double(sample.count), Double(cairoBytes) / Double(sample.count)))
}

switch arguments.first {
case "workload":
  guard arguments.count >= 2 else { fatalError("usage: buttonsmith-bench workload DIR [BUTTONS] [--changed I]") }
  let buttons = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
  let changed = arguments.firstIndex(of: "--changed").flatMap { Int(arguments[$0 + 1]) }
  try writeWorkload(
    to: URL(fileURLWithPath: arguments[1]), buttons: buttons, changed: changed,
    distinct: arguments.contains("--distinct"), svg: !arguments.contains("--no-svg"))
case "files":
  guard arguments.count == 2 else { fatalError("usage: buttonsmith-bench files DIR") }
  let probe = FileCreationProbe.measure(in: arguments[1])
  print(String(format: "%.1f %.1f", probe.perFile, probe.flush))
default:
  let rest = arguments.first == "renderer" ? Array(arguments.dropFirst()) : arguments
  try measureRenderer(limit: rest.first.flatMap(Int.init), drawOnly: rest.contains("--draw-only"))
}

import ArgumentParser
import ButtonRender
import ButtonSpec
import ButtonsmithKit
import Foundation

/// `buttonsmith preview`: one PNG contact sheet of every button in every state.
struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Draw a contact sheet: a row per button, a column per state and appearance, over a checkerboard."
  )

  @OptionGroup var specs: SpecOptions

  @Option(name: .short, help: "The sheet to write (default: build/preview.png in the project).")
  var output: String?

  @Option(help: "The asset directory whose cache to reuse (default: the project's output directory).")
  var cache: String?

  @Option(
    help:
      "The language of localized labels shown, or 'all' for a column per language (default: the development language).")
  var locale: String?

  @Flag(help: "One sheet per spec file, named after it: FILE-<spec>.png.")
  var split = false

  @Option(parsing: .unconditional, help: "The scale of the images shown, or the closest one each button has.")
  var scale = 2.0

  func validate() throws {
    try EmptyPathOptions.check([("--cache", cache)])
    guard output?.lowercased().hasSuffix(".png") ?? true else { throw ValidationError("-o must name a .png file") }
    guard scale.isFinite, scale > 0 else { throw ValidationError("--scale must be a number above 0, such as 2") }
  }

  /// `BASE-<stem>.png` per spec file; files whose stems collide (`a/x.yaml`, `b/x.yaml`) are
  /// named by their whole path instead (`BASE-a-x.png`), so no sheet overwrites another.
  static func sheetNames(for files: [String], base: String) -> [String: String] {
    func stem(_ file: String) -> String { URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent }
    let counts = Dictionary(grouping: files, by: stem).mapValues(\.count)
    var names: [String: String] = [:]
    var used = Set<String>()
    for file in files {
      let unique = counts[stem(file)] == 1
      let path = (file as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: "-")
      var name = "\(base)-\(unique ? stem(file) : path)"
      // Names made of paths can still meet (`a/x.yaml` and `a-x.yaml`): number the later ones.
      var number = 2
      while used.contains(name) {
        name = "\(base)-\(unique ? stem(file) : path)-\(number)"
        number += 1
      }
      used.insert(name)
      names[file] = name + ".png"
    }
    return names
  }

  func run() throws {
    try specs.enterDirectory()
    var reporter = CommandReporter(quiet: false)
    let configuration = try reporter.project(specs, output: cache, formats: [.files])
    let project = Project(configuration: configuration)
    let plan = project.plan()
    reporter.report(plan.diagnostics)
    if plan.hasErrors { throw ExitCode(1) }
    let jobs = try Self.jobs(plan.jobs, locale: locale, settings: configuration.locales)
    var sheets: [(URL, [PlannedJob], String?)] = []
    let target =
      output.map { URL(literalPath: $0) } ?? configuration.root.appendingPathComponent("build/preview.png")
    if split {
      let files = Dictionary(grouping: jobs) { $0.source.file }
      let names = Self.sheetNames(for: files.keys.sorted(), base: target.deletingPathExtension().lastPathComponent)
      for file in files.keys.sorted() {
        sheets.append((target.deletingLastPathComponent().appendingPathComponent(names[file]!), files[file]!, file))
      }
    } else {
      sheets.append((target, jobs, nil))
    }
    for (url, _, _) in sheets {
      try reporter.refuseInside(configuration.output, url, given: output, what: "the preview's default file")
    }
    for (url, jobs, title) in sheets {
      do {
        let (sheet, shrunk) = try Previewer().sheet(
          for: jobs, cache: configuration.output, scale: scale, title: title, languageColumns: locale == "all")
        let image = try sheet.draw()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try image.pngData().write(to: url, options: .atomic)
        let buttons = sheet.rows.count == 1 ? "1 button" : "\(sheet.rows.count) buttons"
        let columns = sheet.columns.count == 1 ? "1 column" : "\(sheet.columns.count) columns"
        let shown = output == nil ? ShownPaths.path(url) : url.relativePath
        // Images drawn smaller to fit are said to be.
        let fitted =
          shrunk.map { ", images at \(formatNumber(($0 * 100).rounded(.down)))% of their scale to fit" } ?? ""
        print("preview: \(buttons), \(columns), \(image.width) x \(image.height) px\(fitted) -> \(shown)")
      } catch {
        reporter.error(ErrorText.describe(error))
        throw ExitCode(1)
      }
    }
  }

  /// The jobs of `locale`: the development language's by default, every language's with `all`
  /// (each language in its own columns; unlocalized buttons in columns without a language).
  static func jobs(_ jobs: [PlannedJob], locale: String?, settings: LocaleSettings?) throws -> [PlannedJob] {
    guard let settings else {
      if let locale, locale != "all" {
        throw ValidationError("--locale needs the project's languages ('locales' in buttonsmith.yml)")
      }
      return jobs
    }
    if locale == "all" { return jobs }
    let shown = locale ?? settings.developmentLanguage
    guard settings.languages.contains(shown) else {
      throw ValidationError(
        "--locale \(shown) is not one of the project's languages: \(settings.languages.joined(separator: ", "))")
    }
    return jobs.filter { $0.job.locale == nil || $0.job.locale == shown }
  }

}

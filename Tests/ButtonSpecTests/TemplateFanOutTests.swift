import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// A mistake in a template that many others extend, through many paths, is worked out once:
/// the templates above it, and the buttons that take them, are marked as having it without
/// copying it along every path (which made a 76 KB tree of templates take 15 seconds).
struct TemplateFanOutTests {
  static let width = 12
  static let levels = 4

  /// `levels` levels of `width` templates, each extending every template of the level below;
  /// those of the last level extend names that do not exist and an item that is not a name.
  func writeTree(in workspace: TestWorkspace) throws {
    func name(_ level: Int, _ index: Int) -> String { "t\(level)x\(index)" }
    for level in 0..<Self.levels {
      for index in 0..<Self.width {
        let below =
          level < Self.levels - 1
          ? (0..<Self.width).map { name(level + 1, $0) }
          : (0..<Self.width).map { "missing\(index)x\($0)" } + ["{ not: name }"]
        try workspace.write(
          "templates/\(name(level, index)).yaml", "buttonsmith: 1\nextends: [\(below.joined(separator: ", "))]\n")
      }
    }
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        broken: { extends: [t0x0, t0x1], size: [60, 44], tint: blue }
        fine: { size: [60, 44], tint: blue }
      """)
  }

  @Test func eachMistakeBelowAWideTreeIsWorkedOutOnce() throws {
    let workspace = try TestWorkspace()
    try writeTree(in: workspace)
    let loader = SpecLoader(templateDirectories: ["templates"], finder: SpecFinder(workingDirectory: workspace.url))
    let (specs, loaded) = loader.load(paths: ["specs"])
    #expect(!loaded.hasErrors, "\(loaded.all)")
    let (buttons, diagnostics) = ButtonResolver(workingDirectory: workspace.url).resolve(specs)
    let unknown = diagnostics.all.filter { $0.rule == .unknownTemplate }
    let notNames = diagnostics.all.filter { $0.severity == .error && $0.rule != .unknownTemplate }
    #expect(unknown.count == Self.width * Self.width)
    #expect(notNames.count == Self.width, "\(notNames.prefix(3))")
    // Each error is found once: none is added again for each template or button above it.
    #expect(diagnostics.errorsAdded == unknown.count + notNames.count)
    #expect(buttons.first { $0.name == "broken" }?.hasErrors == true)
    #expect(buttons.first { $0.name == "fine" }?.hasErrors == false)
  }

  /// The same through the checker: every error once, at its place, and the button that takes
  /// the tree reported as broken (it is not built).
  @Test func theCheckReportsEachMistakeOnceAtItsPlace() throws {
    let workspace = try TestWorkspace()
    try writeTree(in: workspace)
    let checked = workspace.check()
    let unknown = checked.diagnostics.all.filter { $0.rule == .unknownTemplate }
    #expect(unknown.count == Self.width * Self.width)
    #expect(Set(unknown.map(\.location)).count == unknown.count)
    #expect(unknown.allSatisfy { $0.location.file.hasPrefix("templates/t3x") && $0.location.line == 2 })
    #expect(checked.button("broken")?.hasErrors == true)
    #expect(checked.button("fine")?.hasErrors == false)
  }
}

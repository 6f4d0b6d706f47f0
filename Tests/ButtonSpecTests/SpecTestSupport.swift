import ButtonCore
import ButtonSpec
import ButtonsmithTestSupport
import Foundation

extension TestWorkspace {
  /// Loads, resolves and validates the specs at `paths`, with `templates/` as the templates
  /// directory when the workspace has one.
  func check(_ paths: [String] = ["specs"]) -> CheckedSpecs {
    let templates = url.appendingPathComponent("templates")
    let hasTemplates = FileManager.default.fileExists(atPath: templates.path)
    let loader = SpecLoader(
      templateDirectories: hasTemplates ? ["templates"] : [], finder: SpecFinder(workingDirectory: url))
    return SpecChecker(loader: loader).check(paths: paths)
  }

  /// Writes `yaml` as `specs/test.yaml` and checks it.
  func check(spec yaml: String) throws -> CheckedSpecs {
    try write("specs/test.yaml", yaml)
    return check()
  }
}

extension TestWorkspace {
  /// Reads the string tables at `path` (a file or a folder, relative to the workspace) as a
  /// project whose development language is `development` does.
  func loadStringTables(_ path: String, development: String = "en") -> (tables: StringTables, diagnostics: Diagnostics)
  {
    let loader = StringTableLoader(
      finder: SpecFinder(workingDirectory: url), files: InputFiles(), developmentLanguage: development)
    var diagnostics = Diagnostics()
    let tables = loader.load([Located(path, at: .start(of: "buttonsmith.yml"))], into: &diagnostics)
    return (tables, diagnostics)
  }
}

extension CheckedSpecs {
  /// The diagnostics as `line:col id` strings, sorted, for compact assertions.
  var summary: [String] {
    diagnostics.sorted.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
  }

  /// The ids of the errors.
  var errorIDs: [String] {
    diagnostics.sorted.filter { $0.severity == .error }.map(\.rule.rawValue)
  }

  /// The button named `name`.
  func button(_ name: String) -> ButtonDefinition? {
    buttons.first { $0.name == name }
  }
}

extension ButtonDefinition {
  /// The look of `state`.
  func look(_ state: ButtonState) -> ButtonLook? {
    states.first { $0.state == state }?.look
  }
}

import ButtonCore
import Foundation

/// The parse stage: finds spec and template files, reads them as YAML and types their top
/// level. Every problem becomes a diagnostic; loading never stops at the first one.
public struct SpecLoader: Sendable {
  /// Directories whose `*.yaml` files are templates; later directories win over earlier ones,
  /// and all win over the built-in templates.
  public var templateDirectories: [String]
  /// Whether the templates built into the binary are available.
  public var includesBuiltInTemplates: Bool
  /// Names files and resolves relative paths.
  public var finder: SpecFinder
  /// Reads YAML within limits.
  public var reader: YAMLReader
  /// The run's snapshot of the files it reads.
  public var files: InputFiles
  /// Where a project file names a path of `load(paths:)` or `templateDirectories`, where its
  /// problems are reported; other paths (the command line's) are named by themselves.
  public var pathLocations: [String: SourceLocation] = [:]

  /// Creates a loader.
  public init(
    templateDirectories: [String] = [], includesBuiltInTemplates: Bool = true, finder: SpecFinder = SpecFinder(),
    reader: YAMLReader = YAMLReader(), files: InputFiles = InputFiles()
  ) {
    self.templateDirectories = templateDirectories
    self.includesBuiltInTemplates = includesBuiltInTemplates
    self.finder = finder
    self.reader = reader
    self.files = files
  }

  /// Loads the spec files found at `paths` and every template.
  public func load(paths: [String]) -> (specs: SpecSet, diagnostics: Diagnostics) {
    var diagnostics = Diagnostics()
    var specs = SpecSet()
    (specs.templates, specs.unusableTemplates, specs.fileCount) = loadTemplates(into: &diagnostics)
    let templateURLs = templateDirectories.map { URL(literalPath: $0, relativeTo: finder.workingDirectory) }
    var seen = Set<URL>()
    for path in paths {
      guard let (files, _, undecodable) = finder.search(at: path, excluding: templateURLs) else {
        diagnostics.add(.missingPath, "no such file or directory\(named(path))", at: location(of: path))
        continue
      }
      for shown in undecodable {
        diagnostics.add(
          .invalidEncoding, "file path is not UTF-8, so its buttons are not read; rename it",
          at: .start(of: shown))
      }
      if files.isEmpty && undecodable.isEmpty {
        diagnostics.add(.noSpecFiles, "no *.yaml or *.yml spec files in '\(path)'", at: location(of: path))
      }
      for file in files where seen.insert(file).inserted {
        specs.fileCount += 1
        let displayPath = finder.displayPath(file)
        guard let root = readDocument(at: file, displayPath: displayPath, into: &diagnostics) else { continue }
        var parser = TopLevelParser(workingDirectory: finder.workingDirectory)
        if let spec = parser.specFile(root, path: displayPath) { specs.files.append(spec) }
        diagnostics.formUnion(parser.values.diagnostics)
      }
    }
    return (specs, diagnostics)
  }

  /// Where problems with `path` are reported.
  private func location(of path: String) -> SourceLocation {
    pathLocations[path] ?? .start(of: path)
  }

  /// `path` for a message reported where the project file names it (elsewhere the location
  /// names it).
  private func named(_ path: String) -> String {
    pathLocations[path] == nil ? "" : ": '\(path)'"
  }

  /// The templates by name, the names of those that cannot be used, and how many template files
  /// were read.
  private func loadTemplates(
    into diagnostics: inout Diagnostics
  ) -> (templates: [String: TemplateFile], unusable: Set<String>, fileCount: Int) {
    var templates: [String: TemplateFile] = [:]
    var unusable = Set<String>()
    var fileCount = 0
    var parser = TopLevelParser(workingDirectory: finder.workingDirectory)
    if includesBuiltInTemplates {
      for (name, text) in BuiltInTemplates.all.sorted(by: { $0.key < $1.key }) {
        let path = "<built-in>/\(name).yaml"
        guard let root = reader.read(Data(text.utf8), file: path, into: &diagnostics) else { continue }
        templates[name] = parser.templateFile(root, name: name, path: path)
      }
    }
    for directory in templateDirectories {
      let url = URL(literalPath: directory, relativeTo: finder.workingDirectory).standardizedFileURL
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
        diagnostics.add(
          .missingPath, "templates directory does not exist\(named(directory))", at: location(of: directory))
        continue
      }
      let (files, undecodable) = finder.templateSearch(in: url)
      for shown in undecodable {
        diagnostics.add(
          .invalidEncoding, "file name is not UTF-8, so the template is not read; rename it",
          at: .start(of: shown))
      }
      fileCount += files.count
      for file in files {
        let displayPath = finder.displayPath(file)
        let name = file.deletingPathExtension().lastPathComponent
        // One that cannot be used takes the place of a built-in or earlier one of its name all
        // the same: what a button extending it draws is not what its author meant.
        guard let root = readDocument(at: file, displayPath: displayPath, into: &diagnostics),
          let template = parser.templateFile(root, name: name, path: displayPath)
        else {
          templates[name] = nil
          unusable.insert(name)
          continue
        }
        templates[name] = template
        unusable.remove(name)
      }
    }
    diagnostics.formUnion(parser.values.diagnostics)
    return (templates, unusable, fileCount)
  }

  /// A key written twice in the `buttons` map is what the contract calls a duplicate asset
  /// name, whether the names are in one file or in two.
  static func naming(_ diagnostic: Diagnostic, buttonsNamedAt buttons: [SourceLocation: String]) -> Diagnostic {
    guard diagnostic.rule == .duplicateKey,
      let name = diagnostic.notes.first?.location.flatMap({ buttons[$0] }) ?? buttons[diagnostic.location]
    else { return diagnostic }
    var renamed = diagnostic
    renamed.rule = .duplicateAssetName
    renamed.message = "asset name '\(Diagnostic.shown(name))' is already used"
    return renamed
  }

  /// Reads one file, refusing it unread when it is too large.
  private func readDocument(at url: URL, displayPath: String, into diagnostics: inout Diagnostics) -> SpecNode? {
    switch files.contents(at: url.path, limit: reader.maximumBytes) {
    case .success(let data):
      var found = Diagnostics()
      let root = reader.read(data, file: displayPath, into: &found)
      let buttons = Dictionary(
        (root?["buttons"]?.entries ?? []).map { ($0.keyLocation, $0.key) }, uniquingKeysWith: { first, _ in first })
      for diagnostic in found.all { diagnostics.add(Self.naming(diagnostic, buttonsNamedAt: buttons)) }
      return root
    case .failure(.tooLarge(let size, let limit)):
      diagnostics.add(
        .fileTooLarge, "file is \(size) bytes, more than the \(limit) a spec may have; it was not read",
        at: .start(of: displayPath))
    case .failure(let failure):
      diagnostics.add(.missingPath, "file \(failure)", at: .start(of: displayPath))
    }
    return nil
  }
}

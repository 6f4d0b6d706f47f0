import ButtonSpec
import Foundation

/// Where a project's specs, templates and output are, and which formats it builds: from its
/// project file (`buttonsmith.yml`, found in the working directory or the nearest parent, or
/// named with `--config`), with the command line's values on top.
///
/// Paths in the project file are relative to it, and every file is named relative to its
/// directory (the project's root), so every command gives the same result, and the manifest the
/// same `source` fields, from any directory of the project. Without a project file the root is
/// the working directory, as the command line's paths are.
public struct ProjectConfiguration: Sendable {
  /// The directory paths are resolved against and shown relative to.
  public var root: URL
  /// The project file read, if any.
  public var file: URL?
  /// Spec files and directories, relative to `root` or absolute.
  public var specPaths: [String]
  /// Template directories, relative to `root` or absolute.
  public var templateDirectories: [String]
  /// Where the project file names each spec path and template directory it gives, for
  /// problems with them (a path that does not exist).
  public var pathLocations: [String: SourceLocation] = [:]
  /// The output directory.
  public var output: URL
  /// The formats written into each version.
  public var formats: [OutputFormat]
  /// The languages and string tables, when the project is localized.
  public var locales: LocaleSettings?
  /// The team's shared cache, when there is one.
  public var remoteCache: RemoteCacheSettings?
  /// How the `swift` format writes its file.
  public var swift = SwiftSettings()

  /// Names files relative to `root`, and never takes the project file for a spec.
  public var finder: SpecFinder { SpecFinder(workingDirectory: root, projectFile: file) }

  /// What the command line says, which wins over the project file. Paths are relative to the
  /// working directory, as a shell gives them.
  public struct Overrides: Sendable {
    public var specPaths: [String]?
    public var templateDirectories: [String]?
    public var output: String?
    public var formats: [OutputFormat]?
    /// `--remote-cache URL`.
    public var remoteCacheURL: URL?
    /// `--remote-cache-upload`.
    public var remoteCacheUpload: Bool?

    /// Overrides; `nil` leaves the project file's value (or the default).
    public init(
      specPaths: [String]? = nil, templateDirectories: [String]? = nil, output: String? = nil,
      formats: [OutputFormat]? = nil, remoteCacheURL: URL? = nil, remoteCacheUpload: Bool? = nil
    ) {
      self.specPaths = specPaths
      self.templateDirectories = templateDirectories
      self.output = output
      self.formats = formats
      self.remoteCacheURL = remoteCacheURL
      self.remoteCacheUpload = remoteCacheUpload
    }
  }

  /// The configuration in effect in `workingDirectory`: from `configFile` when given (relative
  /// to `workingDirectory`), else from the nearest project file, else the defaults; then the
  /// overrides. `nil` when the project file has errors, which are in the diagnostics; with
  /// `despiteErrors` (for `lint`, which reports every problem at once), what could be read of a
  /// file with errors, its mistaken settings at their defaults.
  ///
  /// Without `findsProjectFile` (`--no-config`), no project file is looked for: the defaults
  /// (`templates/` in the working directory when it exists, as `spec-format.md` says) and the
  /// overrides alone, as a build tool that passes every setting wants.
  public static func load(
    configFile: String? = nil, workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    findsProjectFile: Bool = true, overrides: Overrides = Overrides(), despiteErrors: Bool = false
  ) -> (configuration: ProjectConfiguration?, diagnostics: Diagnostics) {
    var diagnostics = Diagnostics()
    let workingDirectory = canonical(workingDirectory)
    var fileURL: URL?
    if let configFile {
      let url = canonical(URL(literalPath: configFile, relativeTo: workingDirectory))
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        // Named by its whole path: messages name files from the working directory, others from
        // the root, which is not known without the file.
        diagnostics.add(.missingPath, "no such project file", at: .start(of: url.path))
        return (nil, diagnostics)
      }
      fileURL = url
    } else if findsProjectFile {
      fileURL = ProjectFile.find(from: workingDirectory)
    }
    let root = fileURL?.deletingLastPathComponent().standardizedFileURL ?? workingDirectory
    var file = ProjectFile()
    if let fileURL {
      let display = SpecFinder(workingDirectory: root).displayPath(fileURL)
      let knownFormats = OutputFormat.allCases.map(\.rawValue)
      guard let read = ProjectFile.read(at: fileURL, displayPath: display, formats: knownFormats, into: &diagnostics),
        despiteErrors || !diagnostics.hasErrors
      else { return (nil, diagnostics) }
      file = read
    }
    let finder = SpecFinder(workingDirectory: root)
    /// A command-line path, named relative to the root as the loader and diagnostics want it.
    func fromCommandLine(_ path: String) -> String {
      let url = canonical(URL(literalPath: path, relativeTo: workingDirectory))
      return url.path == root.path ? "." : finder.displayPath(url)
    }
    let specPaths: [String] =
      overrides.specPaths.map { $0.map(fromCommandLine) } ?? file.specs?.map { $0.value } ?? ["specs"]
    let templateDirectories: [String] =
      overrides.templateDirectories.map { $0.map(fromCommandLine) } ?? file.templates?.map { $0.value }
      ?? (isDirectory(root.appendingPathComponent("templates")) ? ["templates"] : [])
    let output =
      overrides.output.map { URL(literalPath: $0, relativeTo: workingDirectory) }
      ?? URL(literalPath: file.output?.value ?? "build/assets", relativeTo: root)
    var formats =
      overrides.formats ?? file.formats.map { Array(Set($0.compactMap { OutputFormat(rawValue: $0.value) })).sorted() }
      ?? [.files]
    if !formats.isEmpty, !formats.contains(where: \.hasImages) {
      let location = file.formats?.first?.location ?? .start(of: "--format")
      diagnostics.add(.valueOutOfRange, OutputFormat.noImagesMessage, at: location)
      guard despiteErrors else { return (nil, diagnostics) }
      // The specs are still checked, as for the images the generated file would name.
      formats = ([.files] + formats).sorted()
    }
    var configuration = ProjectConfiguration(
      root: root, file: fileURL, specPaths: specPaths, templateDirectories: templateDirectories,
      output: output.standardizedFileURL, formats: formats.isEmpty ? [.files] : formats)
    if overrides.specPaths == nil {
      for path in file.specs ?? [] { configuration.pathLocations[path.value] = path.location }
    }
    if overrides.templateDirectories == nil {
      for path in file.templates ?? [] { configuration.pathLocations[path.value] = path.location }
    }
    // The URL from the command line, else from the file; the other settings from the file. A
    // file that leaves the URL to the command line has no remote cache without one.
    if let url = overrides.remoteCacheURL ?? file.remoteCache?.url.flatMap({ URL(string: $0.value) }) {
      let remote = file.remoteCache
      configuration.remoteCache = RemoteCacheSettings(
        url: url, upload: remote?.upload ?? false, headerEnvironment: remote?.headerEnvironment,
        timeout: remote?.timeout ?? 10)
    }
    if let upload = overrides.remoteCacheUpload { configuration.remoteCache?.upload = upload }
    if let swift = file.swift { configuration.swift = SwiftSettings(name: swift.name, isPublic: swift.isPublic) }
    if let locales = file.locales, let development = locales.languages.first {
      var languages: [String] = []
      for language in locales.languages.map(\.value) + locales.pseudo.map(\.value) where !languages.contains(language) {
        languages.append(language)
      }
      configuration.locales = LocaleSettings(
        developmentLanguage: development.value, languages: languages, strings: locales.strings)
    }
    return (configuration, diagnostics)
  }

  /// `url` with the links of its directories resolved (`realpath`), so one place has one name
  /// however it was reached (a linked working directory, `/tmp` and `/private/tmp`); its last
  /// component is kept as named (a linked spec file keeps its own name). Standardized only when
  /// its directory does not exist.
  private static func canonical(_ url: URL) -> URL {
    let standardized = url.standardizedFileURL
    let parent = standardized.deletingLastPathComponent()
    guard standardized.path != "/", let resolved = realpath(parent.path, nil) else { return standardized }
    defer { free(resolved) }
    return URL(fileURLWithPath: String(cString: resolved)).appendingPathComponent(standardized.lastPathComponent)
  }

  /// The directory the project file's own diagnostics are relative to: its directory, or the
  /// working directory without one (also when the file could not be used).
  public static func root(
    configFile: String? = nil, workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    findsProjectFile: Bool = true
  ) -> URL {
    let workingDirectory = canonical(workingDirectory)
    let file =
      configFile.map { canonical(URL(literalPath: $0, relativeTo: workingDirectory)) }
      ?? (findsProjectFile ? ProjectFile.find(from: workingDirectory) : nil)
    return file?.deletingLastPathComponent().standardizedFileURL ?? workingDirectory
  }

  private static func isDirectory(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}

import ButtonCore
import Foundation

/// `buttonsmith-inputs.xcfilelist` and `buttonsmith-outputs.xcfilelist`: what a Run Script phase
/// reads and writes, so Xcode runs it only when an input changed (or an output is missing).
///
/// Paths under the source root (as named, or with its links resolved: the working directory's
/// path is the real one) are written as `$(SRCROOT)/…`, which Xcode expands; others stay
/// absolute. A `$` in a path is written `$$`, Xcode's escape for a `$` that starts no build
/// setting. A path Xcode cannot read back from a line (one with a line break, or ending in
/// white space, which Xcode trims) is left out, and `unlistable` names it. Inputs are the
/// project file, every directory searched for specs, templates and string tables and the files
/// found there, every font, image and mask file the jobs read and the system fonts their labels
/// are drawn with; outputs are every file of `current` and its manifest, and their copies when
/// they are exported.
public struct XcodeFileLists: Sendable {
  /// The directory Xcode's `$(SRCROOT)` stands for.
  public var sourceRoot: URL

  /// File lists relative to `sourceRoot`.
  public init(sourceRoot: URL) {
    self.sourceRoot = sourceRoot.standardizedFileURL
  }

  /// The files of `files` that a list cannot name: a line break in the path, or white space at
  /// its end.
  public static func unlistable(_ files: [URL]) -> [URL] {
    files.filter { !isListable($0.standardizedFileURL.path) }
  }

  private static func isListable(_ path: String) -> Bool {
    !path.contains(where: \.isNewline) && !(path.last?.isWhitespace ?? false)
  }

  /// The two lists' text: one path a line, sorted, a final newline.
  public func lists(inputs: [URL], outputs: [URL]) -> (inputs: String, outputs: String) {
    (text(inputs), text(outputs))
  }

  /// The names of the input and the output list.
  public static let fileNames = (inputs: "buttonsmith-inputs.xcfilelist", outputs: "buttonsmith-outputs.xcfilelist")

  /// The two lists' files in `directory`.
  public static func files(in directory: URL) -> [URL] {
    [fileNames.inputs, fileNames.outputs].map { directory.appendingPathComponent($0) }
  }

  /// Writes both lists into `directory` (created when missing), each atomically and only when
  /// its text changed: a list Xcode already read keeps its time.
  public func write(inputs: [URL], outputs: [URL], to directory: URL) throws {
    let (inputText, outputText) = lists(inputs: inputs, outputs: outputs)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, text) in [(Self.fileNames.inputs, inputText), (Self.fileNames.outputs, outputText)] {
      let url = directory.appendingPathComponent(name)
      let data = Data(text.utf8)
      if AtomicFile.readRegularFile(url.path) != data { try data.write(to: url, options: .atomic) }
    }
  }

  private func text(_ files: [URL]) -> String {
    // As named first, then through its links when they lead elsewhere.
    let roots = [sourceRoot.path, sourceRoot.resolvingSymlinksInPath().path].enumerated().filter { index, root in
      index == 0 || root != sourceRoot.path
    }.map { $0.element.hasSuffix("/") ? String($0.element.dropLast()) : $0.element }
    func escaped(_ path: Substring) -> String { path.replacingOccurrences(of: "$", with: "$$") }
    let lines = Set(
      files.map(\.standardizedFileURL.path).filter(Self.isListable).map { path -> String in
        for root in roots where path == root || path.hasPrefix(root + "/") {
          return "$(SRCROOT)" + escaped(path.dropFirst(root.count))
        }
        return escaped(Substring(path))
      })
    return lines.sorted().map { $0 + "\n" }.joined()
  }
}

extension Project {
  /// Every file `plan` read: the project file, the specs, templates and string tables, and the
  /// fonts, images and masks its jobs draw from. What the build writes is no input, even in a
  /// folder searched for specs: nothing inside the output directory, none of `writtenFiles`
  /// (the lists, the export's files), and no folder inside `writtenInto` (the lists' and the
  /// export's directories, whose times the build moves) but one holding an input of the user's
  /// (`--xcfilelists specs` keeps `specs` and its specs).
  public func inputFiles(of plan: Plan, writtenFiles: [URL] = [], writtenInto folders: [URL] = []) -> [URL] {
    let written = Set(writtenFiles.map { AssetExport.resolvedPath($0) })
    func isRead(_ url: URL) -> Bool {
      !AssetExport.isInside(url, configuration.output) && !written.contains(AssetExport.resolvedPath(url))
    }
    let read = inputsRead(by: plan)
    let files = read.files.filter(isRead)
    let filePaths = files.map { AssetExport.resolvedPath($0) }
    let writtenInto = folders.map { AssetExport.resolvedPath($0) + "/" }
    let keptFolders = read.folders.filter(isRead).filter { folder in
      let path = AssetExport.resolvedPath(folder) + "/"
      return !writtenInto.contains { path.hasPrefix($0) } || filePaths.contains { $0.hasPrefix(path) }
    }
    return files + keptFolders
  }

  /// What `plan` read: files, and the folders listed for what they hold (a folder searched, or
  /// one where a file the jobs look for could be added).
  private func inputsRead(by plan: Plan) -> (files: [URL], folders: [URL]) {
    let inputs = inputs(files: InputFiles(reader: { _, _ in .failure(.missing) }))
    var files = (inputs.specFiles + inputs.templateFiles + inputs.stringFiles).map(\.url)
    if let file = configuration.file { files.append(file) }
    // Every directory searched too, nested ones included: a spec, template or table added to one
    // changes its time.
    var folders = inputs.directories
    // Xcode stops at an input that does not exist (an @2x a PNG could have but does not): such a
    // file is left out, and its folder listed instead, whose time changes when one is added.
    for path in InputStamp.externalFiles(of: plan.jobs) {
      let url = URL(fileURLWithPath: path)
      if FileManager.default.fileExists(atPath: path) {
        files.append(url)
      } else {
        folders.append(url.deletingLastPathComponent())
      }
    }
    // The system fonts labels are drawn with: installing one changes the images.
    var queries = Set<SystemFonts.Query>()
    for planned in plan.jobs {
      if let text = planned.resolved.base.text, text.fontFile == nil { queries.insert(SystemFonts.Query(text: text)) }
    }
    for query in queries { files += SystemFonts.files(for: query).map { URL(fileURLWithPath: $0) } }
    return (files, folders)
  }

  /// Every file of the version `current` points to, through `current` (the paths an app's build
  /// refers to), and its manifest; with `export`, also their copies there, as `--export` writes
  /// them (the `swift` format's file at `swiftFile` when given). None when nothing is published.
  public func outputFiles(export: URL? = nil, swiftFile: URL? = nil) -> [URL] {
    let current = configuration.output.appendingPathComponent("current")
    guard let manifest = try? Manifest.read(from: current.appendingPathComponent("manifest.json")) else { return [] }
    var files = [current.appendingPathComponent("manifest.json")]
    files += manifest.allFiles.map { current.appendingPathComponent($0.path) }
    if let export {
      files.append(export.appendingPathComponent("manifest.json"))
      for file in manifest.allFiles {
        if let swiftFile, file.path == configuration.swift.fileName {
          files.append(swiftFile)
        } else {
          files.append(export.appendingPathComponent(file.path))
        }
      }
    }
    return files
  }
}

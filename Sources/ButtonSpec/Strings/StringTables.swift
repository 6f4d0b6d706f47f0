import ButtonCore
import Foundation

/// The translations of a project's labels: every string table found, by language and key, each
/// value where it was written.
///
/// Read from Xcode string catalogs (`*.xcstrings`), `LANG.lproj/*.strings` files and Android's
/// `values-LANG/*.xml` (`strings.xml`, or any other file of the folder: Android's resource
/// compiler reads the strings of every one); a directory is searched for all three.
public struct StringTables: Sendable {
  /// Each language's strings by key: the first text read, as Xcode keeps a key's first value
  /// (an empty one gives way to a text read later).
  public var strings: [String: [String: Located<String>]] = [:]
  /// Each language's other texts of a key, read after the one kept, by key, each where it was
  /// written: a label shows one of them (`conflicting-string`).
  public var ignored: [String: [String: [Located<String>]]] = [:]
  /// Keys a table marks as not to be translated (a catalog's `"shouldTranslate": false`, an
  /// Android string's `translatable="false"`): a language without a text of its own draws the
  /// development text, as the app shows it, without a `missing-translation` warning.
  public var untranslated: Set<String> = []
  /// Where each Android string was defined, by the folder of its file: one folder is one
  /// resource configuration, where aapt refuses a name defined twice, in one file or in two.
  var androidDefinitions: [String: [String: SourceLocation]] = [:]

  /// No tables.
  public init() {}

  /// The text of `key` in `language`, if a table has it. A language by its old code (`iw`, `in`,
  /// `ji`) has the texts of its code now (`he`, `id`, `yi`), as tables of either are kept.
  public func text(_ key: String, in language: String) -> Located<String>? {
    strings[Self.canonical(language)]?[key]
  }

  /// `language` with the old code of its language replaced by the code it has now (`iw-IL` is
  /// `he-IL`), as Android's `values-iw` is Hebrew: tables and the project's languages meet under
  /// one tag whichever they use.
  public static func canonical(_ language: String) -> String {
    let primary = language.prefix { $0 != "-" }
    guard let code = ["iw": "he", "in": "id", "ji": "yi"][String(primary)] else { return language }
    return code + language.dropFirst(primary.count)
  }

  /// Whether any table has `key`.
  public func hasKey(_ key: String) -> Bool {
    strings.values.contains { $0[key] != nil }
  }

  /// The texts of `key` in `language` read after the one kept that say something else.
  public func ignoredTexts(_ key: String, in language: String) -> [Located<String>] {
    ignored[Self.canonical(language)]?[key] ?? []
  }

  mutating func add(_ key: String, _ value: Located<String>, language: String) {
    let language = Self.canonical(language)
    guard let kept = strings[language]?[key], !kept.value.isEmpty else {
      if strings[language]?[key] == nil || !value.value.isEmpty { strings[language, default: [:]][key] = value }
      return
    }
    if !value.value.isEmpty, value.value != kept.value {
      ignored[language, default: [:]][key, default: []].append(value)
    }
  }
}

/// Finds and reads string tables.
public struct StringTableLoader: Sendable {
  /// Names files relative to the project.
  public var finder: SpecFinder
  /// The run's snapshot of the files it reads.
  public var files: InputFiles
  /// The language of tables that do not name one (`Base.lproj`, Android's `values/`).
  public var developmentLanguage: String

  /// The largest string table read.
  public static let maximumBytes = 32 * 1024 * 1024

  /// A loader.
  public init(finder: SpecFinder, files: InputFiles, developmentLanguage: String) {
    self.finder = finder
    self.files = files
    self.developmentLanguage = developmentLanguage
  }

  /// The tables at `paths` (files or directories, relative to the project), every problem
  /// located in `diagnostics`.
  public func load(_ paths: [Located<String>], into diagnostics: inout Diagnostics) -> StringTables {
    var tables = StringTables()
    // A table reached twice (named, and inside a folder named too) is read once, where first.
    var seen = Set<String>()
    for path in paths {
      let url = URL(literalPath: path.value, relativeTo: finder.workingDirectory).standardizedFileURL
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        diagnostics.add(.missingPath, "no such string table or directory '\(path.value)'", at: path.location)
        continue
      }
      let (found, _, undecodable) = isDirectory.boolValue ? search(in: url) : ([url], [], [])
      for shown in undecodable {
        diagnostics.add(
          .invalidEncoding, "string table's path is not UTF-8, so it is not read; rename it", at: .start(of: shown))
      }
      if found.isEmpty && undecodable.isEmpty {
        diagnostics.add(
          .missingPath, "'\(path.value)' holds no .xcstrings, .lproj/*.strings or values*/*.xml file",
          at: path.location)
      }
      for file in found where seen.insert(file.resolvingSymlinksInPath().path).inserted {
        read(file, into: &tables, diagnostics: &diagnostics)
      }
    }
    return tables
  }

  /// Every table file below `directory`, sorted by path (build folders skipped; none when it is
  /// not a directory), and every directory it looked in, sorted: a table added to any of them
  /// changes that directory's time. `undecodable` shows the tables it cannot read because their
  /// names, or a folder's above them, are not UTF-8 (each other byte as `\xE9`). A folder reached
  /// through a link is searched as the folder it is (as spec folders are), once: a link back up
  /// the tree is not a loop.
  public func search(in directory: URL) -> (files: [URL], directories: [URL], undecodable: [String]) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
    else { return ([], [], []) }
    var found: [URL] = []
    var directories: [URL] = []
    var undecodable: [String] = []
    // Each folder by its bytes, with its URL while its path is UTF-8, and as messages show it.
    let top = finder.displayPath(directory)
    var pending: [(bytes: [UInt8], url: URL?, shown: String)] = [(Array(directory.path.utf8), directory, top)]
    var visited = Set<[UInt64]>()
    while let folder = pending.popLast() {
      guard let identity = DirectoryListing.identity(of: folder.bytes), visited.insert(identity).inserted else {
        continue
      }
      if let url = folder.url { directories.append(url) }
      // By its path, not as shown: the working directory itself is shown as `.`.
      let folderName = String(decoding: folder.bytes.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
      for entry in DirectoryListing(path: folder.bytes)?.entries ?? [] where !entry.isHidden {
        let url = folder.url.flatMap { url in entry.name.map { url.appendingPathComponent($0) } }
        let shown = folder.shown == "." ? entry.shown : "\(folder.shown)/\(entry.shown)"
        if entry.isDirectory {
          guard !Self.skippedFolders.contains(entry.shown) else { continue }
          pending.append((folder.bytes + [UInt8(ascii: "/")] + entry.bytes, url, shown))
        } else if Self.format(folder: folderName, name: entry.shown) != nil {
          if let url { found.append(url) } else { undecodable.append(shown) }
        }
      }
    }
    return (found.sorted { $0.path < $1.path }, directories.sorted { $0.path < $1.path }, undecodable.sorted())
  }

  /// Folders a search skips: build products, which hold copies of the tables.
  static let skippedFolders: Set<String> = ["build", ".build", "DerivedData", "node_modules"]

  enum Format {
    case catalog, strings, android
  }

  static func format(of url: URL) -> Format? {
    format(folder: url.deletingLastPathComponent().lastPathComponent, name: url.lastPathComponent)
  }

  /// The format of a file named `name` in a folder named `folder`.
  static func format(folder: String, name: String) -> Format? {
    switch URL(fileURLWithPath: name).pathExtension {
    case "xcstrings": return .catalog
    case "strings" where folder.hasSuffix(".lproj"): return .strings
    case "xml" where folder == "values" || folder.hasPrefix("values-"):
      return .android
    default: return nil
    }
  }

  private func read(_ url: URL, into tables: inout StringTables, diagnostics: inout Diagnostics) {
    let display = finder.displayPath(url)
    let data: Data
    switch files.contents(at: url.path, limit: Self.maximumBytes) {
    case .success(let bytes): data = bytes
    case .failure(.tooLarge(let size, let limit)):
      diagnostics.add(
        .fileTooLarge, "string table is \(size) bytes, more than the \(limit) one may have; it was not read",
        at: .start(of: display))
      return
    case .failure(let failure):
      diagnostics.add(.missingPath, "string table \(failure)", at: .start(of: display))
      return
    }
    let folder = url.deletingLastPathComponent().lastPathComponent
    switch Self.format(of: url) {
    case .catalog?:
      XCStringsReader(file: display).read(data, into: &tables, diagnostics: &diagnostics)
    case .strings?:
      let name = String(folder.dropLast(".lproj".count))
      let language = name == "Base" ? developmentLanguage : name.replacingOccurrences(of: "_", with: "-")
      DotStringsReader(file: display).read(data, language: language, into: &tables, diagnostics: &diagnostics)
    case .android?:
      let language = folder == "values" ? developmentLanguage : Self.androidLanguage(folder)
      guard let language else { return }
      AndroidStringsReader(file: display, folder: url.deletingLastPathComponent().path).read(
        data, language: language, into: &tables, diagnostics: &diagnostics)
    case nil:
      diagnostics.add(
        .invalidStringTable, "'\(display)' is not a string table (.xcstrings, .lproj/*.strings, values*/*.xml)",
        at: .start(of: display))
    }
  }

  /// `values-de` -> `de`, `values-pt-rBR` -> `pt-BR`, `values-b+zh+Hant` -> `zh-Hant`; `nil`
  /// for folders with other qualifiers (`values-night`, `values-v21`, `values-fr-v21`,
  /// `values-de-land`): a label is the text of its language, not of a device's configuration,
  /// and such a folder must not stand in for the language's own. Qualifiers are read in any
  /// case, as aapt2 reads them (`values-DE`, `values-pt-rbr`, `values-b+sr+latn`), and the
  /// language is given in its usual case (`sr-Latn`).
  static func androidLanguage(_ folder: String) -> String? {
    let parts = folder.split(separator: "-", omittingEmptySubsequences: false).dropFirst()
    let isAlphanumeric = { (text: Substring) in
      !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
    // The BCP 47 form: values-b+zh+Hant+HK.
    if let tag = parts.first, tag.lowercased().hasPrefix("b+") {
      let subtags = tag.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false)
      guard parts.count == 1, subtags.allSatisfy(isAlphanumeric) else { return nil }
      return ([StringTables.canonical(subtags[0].lowercased())] + subtags.dropFirst().map(Self.subtagCase))
        .joined(separator: "-")
    }
    guard let language = parts.first, language.count == 2 || language.count == 3,
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return nil }
    // Android's old codes for Hebrew, Indonesian and Yiddish.
    let code = StringTables.canonical(language.lowercased())
    switch parts.count {
    case 1: return code
    case 2:
      guard let region = parts.last, region.count == 3, region.first == "r" || region.first == "R",
        region.dropFirst().allSatisfy({ $0.isASCII && $0.isLetter })
      else { return nil }
      return "\(code)-\(region.dropFirst().uppercased())"
    default: return nil
    }
  }

  /// A subtag after the language in its usual case: a script titled (`Latn`), a region in
  /// capitals (`BR`, `419`), anything else in small letters.
  private static func subtagCase(_ subtag: Substring) -> String {
    switch subtag.count {
    case 4 where subtag.allSatisfy(\.isLetter): return subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
    case 2: return subtag.uppercased()
    case 3 where subtag.allSatisfy(\.isNumber): return String(subtag)
    default: return subtag.lowercased()
    }
  }
}

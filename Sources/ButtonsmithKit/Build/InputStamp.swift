import ButtonCore
import ButtonRender
import ButtonSpec
import Foundation

/// What a clean build read, kept in `.cache/stamp`, so that the next build with the same inputs
/// can confirm `current` without parsing, planning or keying anything.
///
/// The digest covers every input of the build: the spec and template files (their paths as
/// shown and their bytes), the font, image and mask files the jobs read, the formats, the
/// built-in templates and the versions of Buttonsmith's renderer, Cairo, Pango, libpng and
/// libdeflate (and of librsvg or poppler beside each SVG or PDF file). A
/// stamp confirms nothing unless `current` is still the version it recorded, its manifest still
/// has the recorded hash, and every file of it is intact. The build's warnings are kept in the
/// stamp and printed again by every build it confirms.
public struct InputStamp: Equatable, Sendable, Codable {
  /// The files a build reads before planning.
  public struct Inputs: Sendable {
    /// Spec files as found (absolute) with the paths diagnostics show.
    public var specFiles: [(url: URL, display: String)]
    /// Template files of the templates directories, likewise.
    public var templateFiles: [(url: URL, display: String)]
    /// String tables of a localized project, likewise.
    public var stringFiles: [(url: URL, display: String)] = []
    /// The output formats.
    public var formats: [OutputFormat]
    /// Each spec path and template directory as given, with what is there (a file, a directory
    /// of how many files, nothing): a path that disappears or appears changes the digest.
    public var paths: [String]
    /// The run's snapshot, through which the files are read (once, for the stamp and the build).
    public var files: InputFiles
    /// Every directory searched for specs, templates and string tables: adding a file to one
    /// changes its time (what an Xcode file list can see).
    public var directories: [URL] = []

    /// Collects the inputs of `paths` and `templateDirectories` as the loader would find them.
    public init(
      paths: [String], templateDirectories: [String], formats: [OutputFormat], finder: SpecFinder = SpecFinder(),
      files: InputFiles = InputFiles()
    ) {
      self.files = files
      let templateURLs = templateDirectories.map { URL(literalPath: $0, relativeTo: finder.workingDirectory) }
      var specFiles: [(url: URL, display: String)] = []
      var directories: [URL] = []
      var states: [String] = []
      for path in paths {
        let found = finder.search(at: path, excluding: templateURLs)
        states.append("spec-path \(found.map { "\($0.files.count) files" } ?? "missing") \(path)")
        // A file the loader cannot read by its name is an error: the stamp does not vouch for it.
        states += (found?.undecodable ?? []).map { "undecodable \($0)" }
        specFiles += (found?.files ?? []).map { ($0, finder.displayPath($0)) }
        directories += found?.directories ?? []
      }
      var templateFiles: [(url: URL, display: String)] = []
      for (directory, url) in zip(templateDirectories, templateURLs) {
        var isDirectory: ObjCBool = false
        let exists =
          FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        let found = exists ? finder.templateSearch(in: url.standardizedFileURL) : (files: [], undecodable: [])
        if exists { directories.append(url.standardizedFileURL) }
        states.append("template-directory \(exists ? "\(found.files.count) files" : "missing") \(directory)")
        states += found.undecodable.map { "undecodable \($0)" }
        templateFiles += found.files.map { ($0, finder.displayPath($0)) }
      }
      self.specFiles = specFiles
      self.templateFiles = templateFiles
      self.directories = directories
      self.formats = formats
      self.paths = states
    }
  }

  /// SHA-256 of every input.
  public var digest: String
  /// The version `current` pointed to.
  public var version: Int
  /// Jobs planned.
  public var assets: Int
  /// SHA-256 of that version's manifest.
  public var manifestSHA256: String
  /// Font, image and mask files the jobs read.
  public var externalFiles: [String]
  /// Every file of the version with its digest.
  public var files: [File]
  /// The warnings the build printed, printed again by every build the stamp confirms.
  public var warnings: [Diagnostic]
  /// When the files' statuses were taken.
  public var statusTime: Int64 = 0

  /// A file of the stamped version, with its status when the stamp was written. Encoded as one
  /// string, `sha256 device inode size modified changed path`: a stamp holds one per image, and
  /// decoding a string costs a fraction of decoding a keyed object (measured: the no-op build of
  /// 15,000 images spent 60 % of its time decoding keyed entries).
  public struct File: Codable, Equatable, Sendable {
    public var path: String
    public var sha256: SHA256Digest
    public var status: FileStatus?

    public init(path: String, sha256: SHA256Digest, status: FileStatus?) {
      self.path = path
      self.sha256 = sha256
      self.status = status
    }

    public init(from decoder: Decoder) throws {
      var text = try decoder.singleValueContainer().decode(String.self)
      guard let file = text.withUTF8(Self.parse) else {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a stamp file entry"))
      }
      self = file
    }

    /// The entry `sha256 device inode size modified changed path`, read from its bytes: the
    /// numbers are parsed in place, not through a string each (a no-op build decodes one entry
    /// per file of the version). A status that is not five numbers is no status; a digest that
    /// is not 64 lowercase hex digits, or a path that leads out of the version, is damage.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> File? {
      var start = 0
      func nextField() -> Range<Int>? {
        guard let space = bytes[start...].firstIndex(of: UInt8(ascii: " ")) else { return nil }
        defer { start = space + 1 }
        return start..<space
      }
      guard let digest = nextField() else { return nil }
      var fields: [Int64] = []
      fields.reserveCapacity(5)
      for _ in 0..<5 {
        guard let field = nextField() else { return nil }
        if let number = TextFields.integer(bytes[field]) { fields.append(number) }
      }
      // A stamp is read from the store: an entry that led out of its version, or a digest that
      // is no object's name, would have the no-op build look at a file outside it.
      guard PublishedVersion.isInside(utf8: bytes[start...]),
        let sha256 = SHA256Digest(hexDigits: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[digest])))
      else { return nil }
      return File(
        path: String(decoding: bytes[start...], as: UTF8.self), sha256: sha256, status: FileStatus(fields: fields))
    }

    public func encode(to encoder: Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(line)
    }

    /// The entry as one string, `sha256 device inode size modified changed path` (a missing
    /// status is five zeros).
    var line: String {
      let status = self.status?.fields ?? [0, 0, 0, 0, 0]
      return ([sha256.hex] + status.map(String.init) + [path]).joined(separator: " ")
    }
  }

  /// Whether some file's status cannot vouch for it: missing, different, or too close to when
  /// it was taken.
  func needsStatuses(in store: AssetStore) -> Bool {
    let directory = store.versionDirectory(version).path
    return files.contains { file in
      guard let status = file.status, !status.isRacy(at: statusTime) else { return true }
      return FileStatus(ofFileAt: "\(directory)/\(file.path)") != status
    }
  }

  public static func == (lhs: InputStamp, rhs: InputStamp) -> Bool {
    lhs.digest == rhs.digest && lhs.version == rhs.version && lhs.manifestSHA256 == rhs.manifestSHA256
  }

  /// Everything the inputs contribute to the digest, read now: the tool's and the libraries'
  /// versions, the formats, the built-in templates, the paths and the spec and template files.
  /// `nil` when a file cannot be read. A build takes it before it reads the specs, so the stamp
  /// describes what the build read even if a file changes while it runs.
  public static func text(of inputs: Inputs) -> String? {
    var text = "buttonsmith \(ButtonsmithVersion.current)\n\(JobKeys.rendererVersion)\n"
    // librsvg's and poppler's versions are recorded beside the vector files they draw.
    let libraries = LibraryVersions.current
    text +=
      "cairo \(libraries.cairo) pango \(libraries.pango) libpng \(libraries.libpng) libdeflate \(libraries.libdeflate)\n"
    text += "formats \(inputs.formats.map(\.rawValue).joined(separator: ","))\n"
    for (name, template) in BuiltInTemplates.all.sorted(by: { $0.key < $1.key }) {
      text += "builtin \(name) \(ContentHash.sha256(Data(template.utf8)))\n"
    }
    for path in inputs.paths { text += "\(path)\n" }
    for (kind, files) in [
      ("spec", inputs.specFiles), ("template", inputs.templateFiles), ("strings", inputs.stringFiles),
    ] {
      for file in files {
        let limit = kind == "strings" ? StringTableLoader.maximumBytes : BoundedFile.specLimit
        guard let digest = inputs.files.sha256(at: file.url.path, limit: limit) else { return nil }
        text += "\(kind) \(digest) \(file.display)\n"
      }
    }
    return text
  }

  /// The digest of the inputs' `text` and the external (font, image, mask) files' digests.
  public static func digest(text: String, externalDigests: [FilePath: String]) -> String {
    var text = text
    for (path, digest) in externalDigests.sorted(by: { $0.key.bytes.lexicographicallyPrecedes($1.key.bytes) }) {
      text += "file \(digest) \(path)\n"
    }
    return ContentHash.sha256(Data(text.utf8))
  }

  /// The digest of `inputs` and `externalFiles` as they are now; `nil` when a file cannot be read.
  public static func digest(of inputs: Inputs, externalFiles: [String]) -> String? {
    guard let text = text(of: inputs) else { return nil }
    var externalDigests: [FilePath: String] = [:]
    for path in externalFiles {
      guard let digest = digest(ofExternal: path, files: inputs.files) else { return nil }
      externalDigests[FilePath(path)] = digest
    }
    return digest(text: text, externalDigests: externalDigests)
  }

  /// The digest of an external input: a file's bytes, or for a fontconfig query
  /// (`SystemFonts.query`) the files it matches now and their bytes, so installing or removing
  /// a font is seen.
  static func digest(ofExternal entry: String, files: InputFiles) -> String? {
    guard let query = SystemFonts.Query(entry) else {
      switch files.file(at: entry, limit: BoundedFile.fontLimit) {
      case .success(let file): return recorded(file.sha256, forFileAt: entry)
      // A file that is not there (an @2x a PNG may get) is recorded as such: adding it changes the digest.
      case .failure(.missing): return "missing"
      case .failure: return nil
      }
    }
    return SystemFonts.fingerprint(of: query, files: files, paths: true)
  }

  /// What the stamp records of the external file at `path` whose bytes have `sha256`: the
  /// digest, and beside an SVG or PDF the library that draws it, so that upgrading librsvg or
  /// poppler is not confirmed as up to date.
  static func recorded(_ sha256: String, forFileAt path: String) -> String {
    VectorLibrary(imageAt: path).map { "\(sha256) \($0.identity)" } ?? sha256
  }

  /// The files every job of `jobs` reads.
  public static func externalFiles(of jobs: [PlannedJob]) -> [String] {
    var files = Set<String>()
    for planned in jobs {
      let job = planned.job
      if let font = job.text?.fontFile { files.insert(font) }
      if let image = job.image?.file {
        files.insert(image)
        // The @2x and @3x files beside a PNG, and where they would be: adding one changes the images.
        files.formUnion(ImageSourceSet.candidates(for: image).map(\.path))
      }
      if case .file(let path, _, _) = job.mask { files.insert(path) }
    }
    return files.sorted()
  }
}

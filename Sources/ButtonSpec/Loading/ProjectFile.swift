import ButtonCore
import Foundation

/// `buttonsmith.yml`: the project's settings, so every command gives the same result from any
/// directory of the project. Every key is optional; paths are relative to the file.
///
/// ```yaml
/// buttonsmith: 1
/// specs: [specs]
/// templates: [templates]
/// output: build/assets
/// formats: [files, xcassets, android]
/// ```
public struct ProjectFile: Sendable {
  /// The names looked for, in each directory from the working directory up, first one first.
  public static let names = ["buttonsmith.yml", ".buttonsmith.yml"]
  /// The keys a project file may have.
  public static let keys = [
    "buttonsmith", "specs", "templates", "output", "formats", "locales", "remote-cache", "swift",
  ]
  /// The keys of `remote-cache`.
  public static let remoteCacheKeys = ["url", "upload", "header-env", "timeout"]
  /// The keys of `swift`.
  public static let swiftKeys = ["name", "access"]
  /// The keys of `locales`.
  public static let localeKeys = ["languages", "strings", "pseudo"]
  /// The pseudo-locales Buttonsmith draws, as Android names them.
  public static let pseudoLocales = ["en-XA", "ar-XB"]

  /// Spec files or directories.
  public var specs: [Located<String>]?
  /// Template directories.
  public var templates: [Located<String>]?
  /// The output directory.
  public var output: Located<String>?
  /// Output format names.
  public var formats: [Located<String>]?
  /// The languages labels are drawn in and where their strings are.
  public var locales: Locales?
  /// The shared cache of drawn images.
  public var remoteCache: RemoteCache?
  /// How the `swift` format names and exposes its file.
  public var swift: Swift?

  /// `swift:`: the enum's (and the file's) name, and whether it is public.
  public struct Swift: Sendable {
    /// The enum holding the buttons; the file is `<name>.swift`.
    public var name = "Buttons"
    /// `public` rather than internal.
    public var isPublic = false
  }

  /// `remote-cache:`: an HTTP cache in the layout of Bazel's (`cas/`, `ac/`).
  public struct RemoteCache: Sendable {
    /// The base URL, `http` or `https`; `nil` when only the command line gives it
    /// (`--remote-cache URL`), the other settings coming from here.
    public var url: Located<String>?
    /// Whether drawn images are uploaded (CI); laptops only read.
    public var upload = false
    /// The environment variable holding one `Name: value` header, such as a token.
    public var headerEnvironment: String?
    /// Seconds per request.
    public var timeout = 10.0
  }

  /// `locales:`: the languages (the first is the development language), the string tables
  /// (files or directories) and the pseudo-locales.
  public struct Locales: Sendable {
    public var languages: [Located<String>] = []
    public var strings: [Located<String>] = []
    public var pseudo: [Located<String>] = []
  }

  /// Whether `text` is an absolute `http` or `https` URL with a host, as a remote cache's is.
  public static func isHTTPURL(_ text: String) -> Bool {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host != nil else { return false }
    return scheme == "http" || scheme == "https"
  }

  /// Why `text` cannot be a remote cache's URL, or `nil` when it can: an http or https URL with
  /// a host, and no query or fragment (the cache's paths, `cas/…` and `ac/…`, are appended to it:
  /// after a query they would be part of the query, and a query's secret would be printed in
  /// the build's warnings).
  public static func remoteCacheURLProblem(_ text: String) -> String? {
    guard isHTTPURL(text) else { return "'\(text)' is not an http or https URL" }
    guard !text.contains("?"), !text.contains("#") else {
      return "a remote cache's URL takes no query or fragment ('?…', '#…'): the cache's paths are added to its "
        + "path; give credentials with 'header-env'"
    }
    return nil
  }

  /// An empty project file: every setting at its default.
  public init() {}

  /// The project file that applies in `directory`: in it or the nearest parent that has one. A
  /// link to nothing is found too (reading it then says so), rather than passed over for a
  /// parent's file.
  public static func find(from directory: URL) -> URL? {
    var current = directory.standardizedFileURL
    while true {
      for name in names {
        let candidate = current.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) {
          if !isDirectory.boolValue { return candidate }
        } else if (try? FileManager.default.destinationOfSymbolicLink(atPath: candidate.path)) != nil {
          return candidate
        }
      }
      let parent = current.deletingLastPathComponent().standardizedFileURL
      if parent.path == current.path { return nil }
      current = parent
    }
  }

  /// Reads the project file at `url`, shown as `displayPath`; `formats` are the format names
  /// that exist. Every problem is a located diagnostic; `nil` when the file cannot be used.
  public static func read(
    at url: URL, displayPath: String, formats knownFormats: [String], into diagnostics: inout Diagnostics
  ) -> ProjectFile? {
    let reader = YAMLReader(readsNothingAsEmptyMap: true)
    let data: Data
    switch BoundedFile.read(at: url.path, limit: reader.maximumBytes) {
    case .success(let bytes): data = bytes
    case .failure(.tooLarge(let size, let limit)):
      diagnostics.add(
        .fileTooLarge, "file is \(size) bytes, more than the \(limit) a project file may have; it was not read",
        at: .start(of: displayPath))
      return nil
    case .failure(let failure):
      diagnostics.add(.missingPath, "project file \(failure)", at: .start(of: displayPath))
      return nil
    }
    guard let root = reader.read(data, file: displayPath, into: &diagnostics) else { return nil }
    var parser = ProjectFileParser()
    let file = parser.parse(root, knownFormats: knownFormats)
    diagnostics.formUnion(parser.values.diagnostics)
    return file
  }
}

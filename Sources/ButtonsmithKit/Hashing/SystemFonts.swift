import ButtonCore
import ButtonRender
import Foundation

/// The system fonts a label is drawn with, as inputs: which files fontconfig matches for its
/// families, weight, style and language, and their bytes.
enum SystemFonts {
  /// One look-up, written into the stamp as text.
  struct Query: CustomStringConvertible, Hashable {
    var families: String
    var weight: Int
    var italic: Bool
    var language: String?

    init(text: ResolvedText) {
      families = text.family
      weight = text.weight
      italic = text.italic
      language = text.language
    }

    /// Parses `description`; `nil` for anything else (a file's path).
    init?(_ description: String) {
      let prefix = "fontconfig:"
      guard description.hasPrefix(prefix) else { return nil }
      let parts = description.dropFirst(prefix.count).split(separator: "|", omittingEmptySubsequences: false)
      guard parts.count == 4, let weight = Int(parts[1]) else { return nil }
      families = String(parts[0])
      self.weight = weight
      italic = parts[2] == "italic"
      language = parts[3].isEmpty ? nil : String(parts[3])
    }

    var description: String {
      "fontconfig:\(families)|\(weight)|\(italic ? "italic" : "upright")|\(language ?? "")"
    }
  }

  private static let cache = Cache()

  /// The files `query` matches: the fonts a label in system fonts is drawn with.
  static func files(for query: Query) -> [String] {
    cache.files(for: query)
  }

  /// The digest of the bytes of the files `query` matches, in order, and of fontconfig's
  /// configuration files, whose rules can change how those fonts are drawn. With `paths`, their
  /// paths count too (the stamp's, which is local); without, machines that keep the same fonts in
  /// other places share keys. A file that cannot be read counts as its path and size.
  static func fingerprint(of query: Query, files: InputFiles, paths: Bool = false) -> String {
    var text = ""
    func add(_ path: String, limit: Int, label: String = "") {
      if let digest = files.sha256(at: path, limit: limit) {
        text += label + digest + (paths ? " \(path)" : "") + "\n"
      } else {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
        text += "\(label)unreadable \(path) \(size)\n"
      }
    }
    for path in cache.files(for: query) { add(path, limit: BoundedFile.fontLimit) }
    for path in cache.configurationFiles { add(path, limit: BoundedFile.specLimit, label: "configuration ") }
    return ContentHash.sha256(Data(text.utf8))
  }

  /// fontconfig's answers, asked once per run.
  private final class Cache: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Query: [String]] = [:]
    private var configuration: [String]?

    /// fontconfig's configuration files, asked once.
    var configurationFiles: [String] {
      lock.withLock {
        if let configuration { return configuration }
        let found = FontRegistry.shared.configurationFiles()
        configuration = found
        return found
      }
    }

    func files(for query: Query) -> [String] {
      if let known = lock.withLock({ answers[query] }) { return known }
      let found = FontRegistry.shared.matchedFiles(
        for: query.families, weight: query.weight, italic: query.italic, language: query.language)
      lock.withLock { answers[query] = found }
      return found
    }
  }
}

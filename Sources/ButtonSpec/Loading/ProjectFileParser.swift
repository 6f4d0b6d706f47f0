import ButtonCore
import Foundation

/// Types a project file's keys, reporting every mistake.
struct ProjectFileParser {
  var values = ValueDecoder()

  mutating func parse(_ root: SpecNode, knownFormats: [String]) -> ProjectFile? {
    guard root.entries != nil else {
      values.diagnostics.add(
        .invalidDocument, "a project file is a map of settings, not \(root.kindDescription)", at: root.location)
      return nil
    }
    values.checkKeys(of: root, known: ProjectFile.keys, place: "the project file")
    if let version = root["buttonsmith"] { values.checkFormatVersion(version) }
    var file = ProjectFile()
    file.specs = root["specs"].flatMap { node in
      // No specs would build nothing, and publish a version without a file: every image gone.
      if node.items?.isEmpty == true {
        values.diagnostics.add(
          .valueOutOfRange, "specs names no spec file or directory; leave it out for 'specs'", at: node.location)
      }
      return paths(node, what: "spec paths")
    }
    file.templates = root["templates"].flatMap { paths($0, what: "template directories") }
    file.output = root["output"].flatMap { node in
      guard let path = values.string(node, what: "the output directory") else { return nil }
      guard !path.isEmpty else {
        values.diagnostics.add(.valueOutOfRange, "an empty path for the output directory", at: node.location)
        return nil
      }
      return Located(path, at: node.location)
    }
    if let node = root["formats"], let items = paths(node, what: "formats") {
      file.formats = items.filter { format in
        guard knownFormats.contains(format.value) else {
          values.diagnostics.add(
            .valueOutOfRange,
            Suggestion.message(
              "'\(Diagnostic.shown(format.value))' is not an output format; use \(knownFormats.joined(separator: ", "))",
              for: format.value, in: knownFormats),
            at: format.location)
          return false
        }
        return true
      }
    }
    if let node = root["locales"] { file.locales = locales(node) }
    if let node = root["remote-cache"] { file.remoteCache = remoteCache(node) }
    if let node = root["swift"] { file.swift = swift(node) }
    return file
  }

  private mutating func locales(_ node: SpecNode) -> ProjectFile.Locales? {
    guard values.mapping(node, what: "locales") != nil else { return nil }
    values.checkKeys(of: node, known: ProjectFile.localeKeys, place: "locales")
    var locales = ProjectFile.Locales()
    locales.languages = node["languages"].flatMap { paths($0, what: "languages") } ?? []
    for language in locales.languages where !Self.isLanguageTag(language.value) {
      values.diagnostics.add(
        .valueOutOfRange, "'\(language.value)' is not a language tag such as en, de, pt-BR or zh-Hans",
        at: language.location)
    }
    if locales.languages.isEmpty {
      values.diagnostics.add(
        .missingKey, "locales needs 'languages', the development language first", at: node.location)
    }
    locales.strings = node["strings"].flatMap { paths($0, what: "string tables") } ?? []
    locales.pseudo = node["pseudo"].flatMap { paths($0, what: "pseudo-locales") } ?? []
    for pseudo in locales.pseudo where !ProjectFile.pseudoLocales.contains(pseudo.value) {
      values.diagnostics.add(
        .valueOutOfRange,
        Suggestion.message(
          "'\(pseudo.value)' is not a pseudo-locale; use \(ProjectFile.pseudoLocales.joined(separator: " or "))",
          for: pseudo.value, in: ProjectFile.pseudoLocales),
        at: pseudo.location)
    }
    locales.languages = locales.languages.filter { Self.isLanguageTag($0.value) }
      .unrepeated(in: "languages", into: &values.diagnostics)
    locales.pseudo = locales.pseudo.filter { ProjectFile.pseudoLocales.contains($0.value) }
      .unrepeated(in: "pseudo", into: &values.diagnostics)
    locales.pseudo.reportListed(in: locales.languages, into: &values.diagnostics)
    return locales
  }

  private mutating func remoteCache(_ node: SpecNode) -> ProjectFile.RemoteCache? {
    // `remote-cache: URL` is short for `remote-cache: {url: URL}`.
    if let scalar = node.scalar, !node.isNull {
      if let problem = ProjectFile.remoteCacheURLProblem(scalar.text) {
        values.diagnostics.add(.valueOutOfRange, problem, at: node.location)
        return nil
      }
      return ProjectFile.RemoteCache(url: Located(scalar.text, at: node.location))
    }
    guard values.mapping(node, what: "remote-cache") != nil else { return nil }
    values.checkKeys(of: node, known: ProjectFile.remoteCacheKeys, place: "remote-cache")
    var cache = ProjectFile.RemoteCache(url: nil)
    if let urlNode = node["url"] {
      guard let url = values.string(urlNode, what: "the remote cache's URL") else { return nil }
      if let problem = ProjectFile.remoteCacheURLProblem(url) {
        values.diagnostics.add(.valueOutOfRange, problem, at: urlNode.location)
        return nil
      }
      cache.url = Located(url, at: urlNode.location)
    }
    if let upload = node["upload"] { cache.upload = values.bool(upload, what: "upload") ?? false }
    if let header = node["header-env"] {
      cache.headerEnvironment = values.string(header, what: "the name of an environment variable")
    }
    if let timeout = node["timeout"] { cache.timeout = values.number(timeout, what: "timeout", in: 0.1...600) ?? 10 }
    return cache
  }

  private mutating func swift(_ node: SpecNode) -> ProjectFile.Swift? {
    guard values.mapping(node, what: "swift") != nil else { return nil }
    values.checkKeys(of: node, known: ProjectFile.swiftKeys, place: "swift")
    var swift = ProjectFile.Swift()
    if let nameNode = node["name"], let name = values.string(nameNode, what: "the Swift enum's name") {
      if let problem = SwiftIdentifier.typeNameProblem(name) {
        values.diagnostics.add(
          .valueOutOfRange,
          "'\(Diagnostic.shown(name))' is not a Swift type name such as Buttons or AppButtons: \(problem)",
          at: nameNode.location)
      } else {
        swift.name = name
      }
    }
    if let accessNode = node["access"], let access = values.string(accessNode, what: "the access level") {
      switch access {
      case "internal": swift.isPublic = false
      case "public": swift.isPublic = true
      default:
        values.diagnostics.add(
          .valueOutOfRange,
          Suggestion.message(
            "'\(Diagnostic.shown(access))' is not an access level; use internal or public", for: access,
            in: ["internal", "public"]),
          at: accessNode.location)
      }
    }
    return swift
  }

  /// `en`, `pt-BR`, `es-419`, `zh-Hans`, `zh-Hant-HK`: a language, then an optional script,
  /// then an optional region (two letters or three digits).
  static func isLanguageTag(_ tag: String) -> Bool {
    var parts = tag.split(separator: "-", omittingEmptySubsequences: false)[...]
    guard let language = parts.popFirst(), (2...3).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLowercase && $0.isLetter })
    else { return false }
    if let script = parts.first, script.count == 4, script.first!.isUppercase,
      script.allSatisfy({ $0.isASCII && $0.isLetter })
    {
      parts = parts.dropFirst()
    }
    if let region = parts.first {
      let isRegion =
        (region.count == 2 && region.allSatisfy { $0.isASCII && $0.isUppercase })
        || (region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber })
      guard isRegion else { return false }
      parts = parts.dropFirst()
    }
    return parts.isEmpty
  }

  /// A path or a list of them, each non-empty.
  private mutating func paths(_ node: SpecNode, what: String) -> [Located<String>]? {
    let items = node.items ?? [node]
    var result: [Located<String>] = []
    for item in items {
      guard let text = values.string(item, what: what) else { continue }
      guard !text.isEmpty else {
        values.diagnostics.add(.valueOutOfRange, "an empty path in \(what)", at: item.location)
        continue
      }
      result.append(Located(text, at: item.location))
    }
    return result
  }
}

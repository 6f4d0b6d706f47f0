import Foundation

/// The languages a language takes a missing text from, nearest first, before the development
/// language: as iOS's bundles and Android's resources find a regional language's resources.
///
/// First the other ways of writing the language itself (`zh-TW` is `zh-Hant-TW`, which a
/// catalog writes `zh-Hant`); then its parents as CLDR and Apple give them, through
/// `Locale.Language.parent` (`es-MX` takes `es-419` before `es`, `pt-AO` `pt-PT` before `pt`,
/// `en-AU` `en-GB`, then `en-001`, then `en`, `zh-HK` `zh-Hant`); then its tag without its last
/// subtag, again and again. A parent written in another script is passed over: a language's
/// script is the one its tag names, or else its likely one, so `sr-Latn` does not take `sr`'s
/// Cyrillic text, nor `zh-Hant` or `zh-HK` `zh`'s Simplified one.
enum LanguageParents {
  /// The languages `language` falls back on, nearest first, itself left out.
  static func of(_ language: String) -> [String] {
    let script = LocaleSettings.script(of: language)
    var parents: [String] = []
    func add(_ tag: String) {
      guard tag != language, !parents.contains(tag) else { return }
      if let script, let parentScript = LocaleSettings.script(of: tag), parentScript != script { return }
      parents.append(tag)
    }
    let start = Locale.Language(identifier: language)
    spellings(of: start, asWritten: language).forEach(add)
    var seen: Set<String> = [start.maximalIdentifier]
    var parent = start.parent
    // Foundation's chain may repeat a language, or not reach the root: it is walked a few steps.
    for _ in 0..<8 {
      guard let current = parent, current.maximalIdentifier != "root" else { break }
      if seen.insert(current.maximalIdentifier).inserted {
        spellings(of: current).forEach(add)
      }
      parent = current.parent
    }
    var tag = Substring(language)
    while let dash = tag.lastIndex(of: "-") {
      tag = tag[..<dash]
      add(String(tag))
    }
    return parents
  }

  /// The tags that write `language`, longest first: its code, with its script where that is not
  /// the language's usual one (or always, when `asWritten` names it) and its region, all that
  /// stand for the same likely language, script and region. The language itself is written in
  /// every such way (`zh-Hant` as `zh-Hant-TW` and `zh-TW`); a parent only with the region
  /// Foundation gives it (`en`, not `en-US`, which a table for the United States may mean).
  private static func spellings(of language: Locale.Language, asWritten: String? = nil) -> [String] {
    let maximal = Locale.Language(identifier: language.maximalIdentifier)
    guard let code = maximal.languageCode?.identifier else { return [] }
    let region = (asWritten == nil ? language : maximal).region?.identifier
    var script = maximal.script?.identifier
    if !(asWritten.map(namesScript) ?? false), script == LocaleSettings.script(of: code) { script = nil }
    let forms = [[code, script, region], [code, script], [code, region], [code]].map {
      $0.compactMap { $0 }.joined(separator: "-")
    }
    return forms.filter { Locale.Language(identifier: $0).maximalIdentifier == language.maximalIdentifier }
  }

  /// Whether `tag` writes a script (`sr-Latn`, `zh-Hans-CN`).
  private static func namesScript(_ tag: String) -> Bool {
    tag.split(separator: "-").dropFirst().first.map { $0.count == 4 && $0.allSatisfy(\.isLetter) } ?? false
  }
}

import ButtonSpec
import Foundation

/// The project file's `locales`: which languages localized labels are drawn in and where the
/// strings are.
public struct LocaleSettings: Sendable {
  /// The language of the app's own text; its images keep the unlocalized paths.
  public var developmentLanguage: String
  /// Every language drawn, the development language first, then the pseudo-locales.
  public var languages: [String]
  /// String tables: files or directories, relative to the project's root, where written.
  public var strings: [Located<String>]

  /// Settings for `languages` (development language first) read from `strings`.
  public init(developmentLanguage: String, languages: [String], strings: [Located<String>]) {
    self.developmentLanguage = developmentLanguage
    self.languages = languages
    self.strings = strings
  }

  /// Whether `language` is written right to left: by its script (`script(of:)`: `pa-Arab` and
  /// `pa-PK` are, `pa` and `sd-Deva` are not), else, for a language CLDR gives no script, by
  /// the languages known to be.
  public static func isRightToLeft(_ language: String) -> Bool {
    if language == "ar-XB" { return true }
    if let script = script(of: language) { return rightToLeftScripts.contains(script) }
    return rightToLeftLanguages.contains(language.split(separator: "-").first.map(String.init) ?? language)
  }

  /// The script `language` is written in: the one its tag names, or its likely one (CLDR's,
  /// through `Locale.Language`: `pa-PK` is written in Arabic, `pa` in Gurmukhi); `nil` when CLDR
  /// knows none.
  static func script(of language: String) -> String? {
    Locale.Language(identifier: language).script?.identifier
  }

  /// Scripts written right to left that living languages use (Unicode's, with Nastaliq, `Aran`,
  /// which CLDR gives Urdu and Kashmiri).
  static let rightToLeftScripts: Set<String> = [
    "Adlm", "Arab", "Aran", "Hebr", "Mand", "Mend", "Nkoo", "Rohg", "Samr", "Syrc", "Thaa", "Yezi",
  ]

  /// Languages whose usual script is written right to left, for those CLDR gives no likely
  /// script (Western Punjabi, `pnb`, among them), with the old codes of Hebrew and Yiddish that
  /// Android and Java still use (`iw`, `ji`).
  static let rightToLeftLanguages: Set<String> = [
    "ar", "azb", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "ji", "ks", "lrc", "mzn", "nqo", "pnb", "ps", "sd",
    "skr", "syr", "ug", "ur", "yi",
  ]
}

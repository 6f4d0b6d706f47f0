import ButtonSpec

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

  /// Whether `language` is written right to left: by its script when the tag names one
  /// (`pa-Arab` is, `sd-Deva` is not), else by the language's usual script.
  public static func isRightToLeft(_ language: String) -> Bool {
    if language == "ar-XB" { return true }
    let parts = language.split(separator: "-").map(String.init)
    if let script = parts.dropFirst().first(where: { $0.count == 4 && $0.first!.isUppercase }) {
      return ["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg", "Mand", "Samr"].contains(script)
    }
    return Self.rightToLeftLanguages.contains(parts.first ?? language)
  }

  /// Languages whose usual script is written right to left (as CLDR has them), with the old
  /// codes of Hebrew and Yiddish that Android and Java still use (`iw`, `ji`).
  static let rightToLeftLanguages: Set<String> = [
    "ar", "azb", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "ji", "ks", "lrc", "mzn", "nqo", "ps", "sd", "syr",
    "ug", "ur", "yi",
  ]
}

import ButtonSpec
import Foundation

/// Gives each localized label its text in each language: the string tables' translation, the
/// development language's text where a translation is missing (with a `missing-translation`
/// warning), or the pseudo-locale drawn from the development text.
public struct Localizer: Sendable {
  /// The project's languages.
  public let settings: LocaleSettings
  /// The translations.
  public let tables: StringTables

  /// The parents of each configured language (`LanguageParents`), found once.
  private let parentsOfLanguage: [String: [String]]

  /// A localizer of `settings` from `tables`.
  public init(settings: LocaleSettings, tables: StringTables) {
    self.settings = settings
    self.tables = tables
    parentsOfLanguage = Dictionary(
      (settings.languages + [settings.developmentLanguage]).map { ($0, LanguageParents.of($0)) },
      uniquingKeysWith: { first, _ in first })
  }

  /// The languages `button` is drawn in: every configured one when a state's label is a
  /// string key, else only the unlocalized set (`nil`).
  func languages(of button: ButtonDefinition) -> [String?] {
    button.states.contains { $0.look.textKey != nil } ? settings.languages : [nil]
  }

  /// The label of `look` in `language`; `nil` when it has no key, or (after an error) no text.
  func text(of look: ButtonLook, in language: String, into diagnostics: inout Diagnostics) -> String? {
    guard let key = look.textKey else { return nil }
    let development = settings.developmentLanguage
    // Every language falls back to the development language's text, so that one must exist
    // (`en-US`'s may be `en`'s).
    let (developmentEntry, developmentSource) = entry(key.value, in: development)
    guard let developmentText = usable(developmentEntry, into: &diagnostics) else {
      // This language's own text is checked too: every mistake at once.
      if language != development { _ = usable(tables.text(key.value, in: language), into: &diagnostics) }
      // A text a label cannot show was reported where it is written; only a missing one is
      // reported here.
      if !(developmentEntry?.value.isEmpty ?? true) { return nil }
      let problem =
        tables.hasKey(key.value)
        ? "no string table has a usable \(development) text (the development language's) for the key '\(Diagnostic.shown(key.value))'"
        : "no string table has the key '\(Diagnostic.shown(key.value))'"
      diagnostics.add(
        .missingString, problem, at: key.location,
        notes: settings.strings.isEmpty
          ? [.init("name the tables in buttonsmith.yml: 'locales: {strings: [...]}'")] : [])
      return nil
    }
    if let developmentEntry {
      reportIgnored(key.value, in: developmentSource, kept: developmentEntry, into: &diagnostics)
    }
    if let pseudo = PseudoLocale.text(developmentText, language: language) { return pseudo }
    let (translation, translationLanguage) = entry(key.value, in: language)
    if let translation { reportIgnored(key.value, in: translationLanguage, kept: translation, into: &diagnostics) }
    if let translated = usable(translation, into: &diagnostics) { return translated }
    // A translation a label cannot show was reported where it is written; a key not to be
    // translated draws the development text in every language, as the app shows it.
    if !(translation?.value.isEmpty ?? true) || tables.untranslated.contains(key.value) { return developmentText }
    diagnostics.add(
      .missingTranslation,
      "'\(Diagnostic.shown(key.value))' has no \(language) translation; the \(development) text is drawn",
      at: key.location)
    return developmentText
  }

  /// The text of `key` in `language`, or in a parent when it has none (`LanguageParents`: `pt-BR`
  /// on `pt`, `es-MX` on `es-419`, then `es`), as iOS's bundles and Android's resources do, and
  /// past an empty entry (one not translated yet). Also the language the text was found in.
  private func entry(_ key: String, in language: String) -> (text: Located<String>?, language: String) {
    var found = (text: tables.text(key, in: language), language: language)
    for parent in parentsOfLanguage[language] ?? LanguageParents.of(language) where found.text?.value.isEmpty ?? true {
      if let text = tables.text(key, in: parent), !text.value.isEmpty || found.text == nil { found = (text, parent) }
    }
    return found
  }

  /// Warns at each other text of `key` in `language` the tables hold beside `kept`, the one
  /// drawn.
  private func reportIgnored(
    _ key: String, in language: String, kept: Located<String>, into diagnostics: inout Diagnostics
  ) {
    for other in tables.ignoredTexts(key, in: language) {
      diagnostics.add(
        .conflictingString,
        "'\(Self.shortened(key))' has another \(language) text here, '\(Self.shortened(other.value))', than the one "
          + "drawn, '\(Self.shortened(kept.value))', which was read first",
        at: other.location,
        notes: [
          .init("the text drawn", at: kept.location),
          .init(
            "tables are read in the order 'locales.strings' names them, a folder's files by path; give a key one "
              + "text per language"),
        ])
    }
  }

  /// `text` as quoted in a message: its first 40 characters, and `…` when it is longer, cut
  /// further at a scalar to at most 120 UTF-8 bytes (a character may hold hundreds of combining
  /// marks), so what the message says after it is never cut off.
  static func shortened(_ text: String) -> String {
    Diagnostic.shown(text, characters: 40, bytes: 120)
  }

  /// `text` when a label may show it: not empty (an untranslated entry) and a valid label
  /// (`LabelText`); otherwise `nil`, with the problem reported at the table's line.
  private func usable(_ text: Located<String>?, into diagnostics: inout Diagnostics) -> String? {
    guard let text, !text.value.isEmpty else { return nil }
    if let problem = LabelText.problem(text) {
      diagnostics.add(problem)
      return nil
    }
    if let placeholder = FormatPlaceholder.first(in: text.value) {
      diagnostics.add(
        .formatPlaceholder,
        "text has the format placeholder '\(placeholder)', which is drawn as written: an image has nothing to "
          + "fill it in with", at: text.location)
    }
    return text.value
  }
}

import ButtonSpec

/// Gives each localized label its text in each language: the string tables' translation, the
/// development language's text where a translation is missing (with a `missing-translation`
/// warning), or the pseudo-locale drawn from the development text.
public struct Localizer: Sendable {
  /// The project's languages.
  public let settings: LocaleSettings
  /// The translations.
  public let tables: StringTables

  /// A localizer of `settings` from `tables`.
  public init(settings: LocaleSettings, tables: StringTables) {
    self.settings = settings
    self.tables = tables
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
    guard tables.hasKey(key.value) else {
      diagnostics.add(
        .missingString, "no string table has the key '\(key.value)'", at: key.location,
        notes: settings.strings.isEmpty
          ? [.init("name the tables in buttonsmith.yml: 'locales: {strings: [...]}'")] : [])
      return nil
    }
    let developmentText = tables.text(key.value, in: development)
    if let pseudo = developmentText.flatMap({ PseudoLocale.text($0.value, language: language) }) { return pseudo }
    if let translated = tables.text(key.value, in: language) { return translated.value }
    if PseudoLocale.text("", language: language) == nil {
      diagnostics.add(
        .missingTranslation,
        "'\(key.value)' has no \(language) translation; the \(development) text is drawn",
        at: key.location)
    }
    if let developmentText { return developmentText.value }
    // Not even the development language has it: the first language that does.
    return settings.languages.lazy.compactMap { tables.text(key.value, in: $0)?.value }.first
  }
}

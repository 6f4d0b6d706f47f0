import ButtonSpec
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// Language tags as the project file takes them, their direction and their Android qualifiers.
struct LanguageTagTests {
  @Test func tagsWithScriptsAndNumericRegionsAreLanguages() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: [en, es-419, zh-Hant-HK, pa-Arab] }\n")
    let (configuration, _) = ProjectConfiguration.load(workingDirectory: workspace.url)
    #expect(configuration?.locales?.languages == ["en", "es-419", "zh-Hant-HK", "pa-Arab"])
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nlocales: { languages: [en, es-419, en_US, EN] }\n")
    let (_, diagnostics) = ProjectConfiguration.load(workingDirectory: workspace.url)
    #expect(
      diagnostics.all.map(\.location) == [
        .init(file: "buttonsmith.yml", line: 2, column: 36), .init(file: "buttonsmith.yml", line: 2, column: 43),
      ], "\(diagnostics.sorted)")
  }

  @Test func directionFollowsTheScript() {
    #expect(LocaleSettings.isRightToLeft("ar") && LocaleSettings.isRightToLeft("he"))
    // The old codes Android's `values-iw` and Java's locales use are Hebrew and Yiddish too.
    #expect(LocaleSettings.isRightToLeft("iw") && LocaleSettings.isRightToLeft("ji-US"))
    #expect(LocaleSettings.isRightToLeft("ks") && !LocaleSettings.isRightToLeft("ks-Deva"))
    #expect(LocaleSettings.isRightToLeft("pa-Arab") && !LocaleSettings.isRightToLeft("pa"))
    #expect(!LocaleSettings.isRightToLeft("sd-Deva") && LocaleSettings.isRightToLeft("sd"))
    #expect(LocaleSettings.isRightToLeft("ar-XB") && !LocaleSettings.isRightToLeft("en-XA"))
  }

  /// A language's likely script counts as a script written in its tag: Punjabi in Pakistan,
  /// Uzbek in Afghanistan and Azerbaijani in Iran are written in Arabic script, as are the
  /// Arabic languages that have codes of their own; Kashmiri and Urdu in Nastaliq.
  @Test(arguments: [
    "pa-PK", "uz-AF", "az-IR", "kk-CN", "arz", "ary", "apc", "bal", "sdh", "skr", "pnb", "ur-Aran", "ks-Aran", "fa-AF",
    "ms-Arab", "yi", "ji", "ff-Adlm",
  ])
  func likelyScriptsWrittenRightToLeft(language: String) {
    #expect(LocaleSettings.isRightToLeft(language))
  }

  @Test(arguments: ["pa", "pa-IN", "uz", "uz-Latn-AF", "az", "kk", "ks-Deva", "ur-Latn", "ha", "en-XA", "sr", "xx"])
  func likelyScriptsWrittenLeftToRight(language: String) {
    #expect(!LocaleSettings.isRightToLeft(language))
  }

  @Test func androidQualifiers() {
    #expect(OutputNaming.androidQualifier("de") == "de")
    #expect(OutputNaming.androidQualifier("pt-BR") == "pt-rBR")
    #expect(OutputNaming.androidQualifier("es-419") == "b+es+419")
    #expect(OutputNaming.androidQualifier("zh-Hant-HK") == "b+zh+Hant+HK")
  }

  /// A language falls back on its other spellings, then on its parents as CLDR and Apple give
  /// them, then on the tags it starts with, all written in its script.
  @Test(arguments: [
    ("pt-BR", ["pt"]), ("zh-Hans-CN", ["zh-Hans", "zh-CN", "zh"]), ("zh-Hant-HK", ["zh-HK", "zh-Hant"]),
    ("zh-HK", ["zh-Hant-HK", "zh-Hant"]), ("zh-TW", ["zh-Hant-TW", "zh-Hant"]), ("zh-Hant", ["zh-Hant-TW", "zh-TW"]),
    ("zh-MO", ["zh-Hant-MO", "zh-Hant-HK", "zh-HK", "zh-Hant"]), ("sr-Latn-RS", ["sr-Latn"]),
    ("sr-Cyrl", ["sr-Cyrl-RS", "sr-RS", "sr"]),
    ("sr-ME", ["sr-Latn-ME", "sr-Latn"]), ("es-419", ["es"]), ("es-MX", ["es-419", "es"]),
    ("az-Arab", ["az-Arab-IR", "az-IR"]),
    ("uz-Latn", ["uz-Latn-UZ", "uz-UZ", "uz"]), ("en-XA", ["en"]), ("en-AU", ["en-GB", "en-001", "en"]),
    ("en-GB", ["en-001", "en"]),
    ("en-US", ["en"]), ("pt-AO", ["pt-PT", "pt"]), ("fr-CA", ["fr"]),
  ])
  func parentsAreInTheLanguagesScript(language: String, parents: [String]) {
    #expect(LanguageParents.of(language) == parents)
  }
}

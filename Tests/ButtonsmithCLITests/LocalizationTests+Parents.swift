import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

extension LocalizationTests {
  /// A regional language takes its parent's text as iOS and Android find it (CLDR's parents,
  /// through Foundation), not only its tag cut short: `es-MX` takes Latin American Spanish
  /// (`es-419`) before `es`, `zh-HK` and `zh-TW` take Traditional Chinese (`zh-Hant`, which
  /// `zh` is not), `en-AU` takes British English. They drew `es`'s text and English.
  @Test func aRegionalLanguageTakesItsParentAsThePlatformsFindIt() throws {
    let workspace = try project(
      languages: ["en", "es", "es-419", "es-MX", "zh-Hant", "zh-HK", "zh-TW", "en-GB", "en-AU"],
      translations: [
        "en": ["go": "Go"], "es": ["go": "Ir"], "es-419": ["go": "Vamos"], "zh": ["go": "Jian"],
        "zh-Hant": ["go": "Fan"], "en-GB": ["go": "Go on"],
      ],
      spec: Self.spec.replacingOccurrences(of: "        image: { file: star.png, size: [16, 16] }\n", with: ""))
    let lint = try CLIRunner.run(["lint", "--strict"], in: workspace.url)
    #expect(lint.status == 0, "\(lint.stderr)")
    #expect(try build(workspace).status == 0)
    func pixels(_ language: String) throws -> [UInt8] {
      try image(workspace, language == "en" ? "go/normal.png" : "go/\(language)/normal.png").pixels
    }
    #expect(try pixels("es-MX") == pixels("es-419"))
    #expect(try pixels("es-419") != pixels("es"))
    #expect(try pixels("zh-HK") == pixels("zh-Hant"))
    #expect(try pixels("zh-TW") == pixels("zh-Hant"))
    #expect(try pixels("zh-Hant") != pixels("en"))
    #expect(try pixels("en-AU") == pixels("en-GB"))
    #expect(try pixels("en-GB") != pixels("en"))
  }
}

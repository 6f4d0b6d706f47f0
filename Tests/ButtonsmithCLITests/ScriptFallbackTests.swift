import ButtonsmithTestSupport
import Foundation
import Testing

/// A language written in another script than its parent's does not take the parent's text:
/// `sr-Latn` is not drawn in `sr`'s Cyrillic, nor `zh-Hant` and `zh-HK` in `zh`'s Simplified
/// characters (Android matches resources by script; CLDR makes their parent the root). They
/// draw the development text, with a warning; `zh-Hans` takes `zh`'s.
extension LocalizationTests {
  @Test func aLanguageInAnotherScriptDoesNotTakeItsParentsText() throws {
    let workspace = try project(
      languages: ["en", "sr", "sr-Latn", "zh", "zh-Hans", "zh-Hant", "zh-HK"],
      translations: ["en": ["go": "Go"], "sr": ["go": "Иди"], "zh": ["go": "开始"]],
      spec: Self.spec.replacingOccurrences(of: "        image: { file: star.png, size: [16, 16] }\n", with: ""))
    let lint = try CLIRunner.run(["lint"], in: workspace.url)
    #expect(lint.status == 0, "\(lint.stderr)")
    let warned = lint.stderr.split(separator: "\n").filter { $0.contains("[missing-translation]") }
      .map { $0.replacingOccurrences(of: "specs/a.yaml:7:21: warning: ", with: "") }
    #expect(
      Set(warned)
        == Set(
          ["sr-Latn", "zh-Hant", "zh-HK"].map {
            "'go' has no \($0) translation; the en text is drawn [missing-translation]"
          }), "\(lint.stderr)")
    #expect(try build(workspace).status == 0)
    let english = try image(workspace, "go/normal.png").pixels
    for language in ["sr-Latn", "zh-Hant", "zh-HK"] {
      #expect(try image(workspace, "go/\(language)/normal.png").pixels == english, "\(language)")
    }
    #expect(try image(workspace, "go/sr/normal.png").pixels != english)
    #expect(try image(workspace, "go/zh-Hans/normal.png").pixels == image(workspace, "go/zh/normal.png").pixels)
  }
}

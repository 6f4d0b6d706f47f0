import ButtonSpec
import Foundation

/// A minimal spec that triggers a rule, and the same spec corrected.
public struct RuleExample: Sendable {
  /// The file that shows the problem.
  public var bad: String
  /// Where the diagnostic points: the line and column, in `file` (`nil`: the spec itself).
  public var line: Int
  public var column: Int
  public var file: String? = nil
  /// The corrected file.
  public var good: String
  /// Files the examples need beside them, by relative path.
  public var files: [String: [UInt8]]
  /// Files the good example needs instead of `files`.
  public var goodFiles: [String: [UInt8]]? = nil
  /// The bytes of the bad file when they are not `bad` in UTF-8.
  public var badBytes: [UInt8]? = nil
}

extension DiagnosticRule {
  /// An example for the reference documentation; every example is run by the tests, so the
  /// documentation cannot drift from the rules. `nil` for rules about the command line.
  public var example: RuleExample? {
    let head = "buttonsmith: 1\nbuttons:\n  ok:\n    background: \"#0A60D0\"\n"
    switch self {
    case .missingPath, .noSpecFiles, .fileTooLarge, .renderFailed:
      return nil
    case .nestingTooDeep:
      let chain = (1...33).map { "  C\($0): $C\($0 + 1)" }.joined(separator: "\n")
      return RuleExample(
        bad:
          "buttonsmith: 1\npalette:\n\(chain)\n  C34: red\nbuttons:\n  ok:\n    background: $C1\n    size: [100, 44]\n",
        line: 34, column: 8,
        good:
          "buttonsmith: 1\npalette:\n  C1: $C2\n  C2: red\nbuttons:\n  ok:\n    background: $C1\n    size: [100, 44]\n",
        files: [:])
    case .invalidText:
      return RuleExample(
        bad: head + "    size: [100, 44]\n    text: \"\(String(repeating: "a", count: 501))\"\n", line: 6, column: 11,
        good: head + "    size: [100, 44]\n    text: OK\n", files: [:])
    case .invalidEncoding:
      return RuleExample(
        bad: head + "    size: [100, 44]\n    text: caf\u{E9} (saved as Latin-1)\n", line: 6, column: 14,
        good: head + "    size: [100, 44]\n    text: café\n", files: [:],
        badBytes: Array((head + "    size: [100, 44]\n    text: caf").utf8) + [0xE9] + Array("\n".utf8))
    case .yamlSyntax:
      return example(bad: "    size: [100, 44\n", 5, 1, good: "    size: [100, 44]\n")
    case .duplicateKey:
      return example(bad: "    size: [100, 44]\n    size: [120, 44]\n", 5, 5, good: "    size: [120, 44]\n")
    case .unsupportedYAML:
      return example(
        bad: "    size: [100, 44]\n    ? [text]\n    : Go\n", 5, 5, good: "    size: [100, 44]\n    text: Go\n")
    case .aliasExpansion:
      var bad = "buttonsmith: 1\nbomb0: &b0 [x, x, x, x, x, x, x, x, x, x]\n"
      for level in 1...9 {
        let refs = Array(repeating: "*b\(level - 1)", count: 10).joined(separator: ", ")
        bad += "bomb\(level): &b\(level) [\(refs)]\n"
      }
      return RuleExample(
        bad: bad + "buttons: *b9\n", line: 2, column: 37,
        good: head + "    size: [100, 44]\n", files: [:])
    case .invalidDocument:
      return RuleExample(
        bad: "- buttonsmith: 1\n", line: 1, column: 1, good: head + "    size: [100, 44]\n", files: [:])
    case .unsupportedVersion:
      return RuleExample(
        bad: "buttonsmith: 2\nbuttons:\n  ok:\n    tint: blue\n    size: [100, 44]\n", line: 1, column: 14,
        good: head + "    size: [100, 44]\n", files: [:])
    case .missingKey:
      return RuleExample(
        bad: head + "    text: Go\n", line: 3, column: 3, good: head + "    size: [100, 44]\n", files: [:])
    case .unknownKey:
      return example(
        bad: "    size: [100, 44]\n    corner-raduis: 8\n", 5, 5, good: "    size: [100, 44]\n    corner-radius: 8\n")
    case .notAllowedInState:
      return example(
        bad: "    size: [100, 44]\n    states:\n      selected: { size: [120, 44] }\n", 6, 19,
        good: "    size: [100, 44]\n    states:\n      selected: { text: Chosen }\n")
    case .wrongType:
      return example(
        bad: "    size: [100, 44]\n    opacity: half\n", 5, 14, good: "    size: [100, 44]\n    opacity: 0.5\n")
    case .valueOutOfRange:
      return example(
        bad: "    size: [100, 44]\n    gradient: { colors: [red, blue], angle: 270 }\n", 5, 45,
        good: "    size: [100, 44]\n    gradient: { colors: [red, blue], angle: -90 }\n")
    case .badColor:
      return example(
        bad: "    size: [100, 44]\n    overlay: \"#12345\"\n", 5, 14,
        good: "    size: [100, 44]\n    overlay: \"#123456\"\n")
    case .invalidAssetName:
      return RuleExample(
        bad: "buttonsmith: 1\nbuttons:\n  OK-Button:\n    tint: blue\n    size: [100, 44]\n", line: 3, column: 3,
        good: head + "    size: [100, 44]\n", files: [:])
    case .duplicateAssetName:
      let other = "buttonsmith: 1\nbuttons:\n  ok: { size: [120, 44], tint: red }\n"
      return RuleExample(
        bad: head + "    size: [100, 44]\n", line: 3, column: 3, file: "specs/more.yaml",
        good: head + "    size: [100, 44]\n",
        files: ["specs/more.yaml": Array(other.utf8)],
        goodFiles: ["specs/more.yaml": Array(other.replacingOccurrences(of: "ok:", with: "ok-wide:").utf8)])
    case .unknownState:
      return example(
        bad: "    size: [100, 44]\n    states:\n      pressed: {}\n", 6, 7,
        good: "    size: [100, 44]\n    states:\n      highlighted: {}\n")
    case .unknownTemplate:
      return example(
        bad: "    extends: glas\n    size: [100, 44]\n", 4, 14, good: "    extends: glass\n    size: [100, 44]\n")
    case .templateCycle:
      return RuleExample(
        bad: head + "    extends: loop\n    size: [100, 44]\n", line: 2, column: 10, file: "templates/loop.yaml",
        good: head + "    extends: base\n    size: [100, 44]\n",
        files: [
          "templates/loop.yaml": Array("buttonsmith: 1\nextends: loop\n".utf8),
          "templates/base.yaml": Array("buttonsmith: 1\ncorner-radius: 8\n".utf8),
        ])
    case .unknownPaletteName:
      return RuleExample(
        bad:
          "buttonsmith: 1\npalette:\n  Brand: \"#FF5E3A\"\nbuttons:\n  ok:\n    size: [100, 44]\n    gradient: $Brnad\n",
        line: 7, column: 15,
        good:
          "buttonsmith: 1\npalette:\n  Brand: \"#FF5E3A\"\nbuttons:\n  ok:\n    size: [100, 44]\n    gradient: $Brand\n",
        files: [:])
    case .unresolvedColor:
      return RuleExample(
        bad: "buttonsmith: 1\nbuttons:\n  ok:\n    size: [100, 44]\n    states: { normal: {} }\n",
        line: 5, column: 15, good: head + "    size: [100, 44]\n    tint: \"#0A84FF\"\n", files: [:])
    case .duplicateOutput:
      return example(
        bad: "    size: [100, 44]\n    scales: [1, 2, 2]\n", 5, 20, good: "    size: [100, 44]\n    scales: [1, 2, 3]\n"
      )
    case .missingFile:
      return example(
        bad: "    size: [100, 44]\n    image: { file: icons/star.png }\n", 5, 20,
        good: "    size: [100, 44]\n    image: { file: icons/heart.png }\n",
        files: ["specs/icons/heart.png": Self.tinyPNG])
    case .notAPNG:
      return example(
        bad: "    size: [100, 44]\n    image: { file: star.jpg }\n", 5, 20,
        good: "    size: [100, 44]\n    image: { file: star.png }\n",
        files: [
          "specs/star.jpg": [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 28), "specs/star.png": Self.tinyPNG,
        ])
    case .badImage:
      return example(
        bad: "    size: [100, 44]\n    image: { file: logo.svg }\n", 5, 20,
        good: "    size: [100, 44]\n    image: { file: star.svg }\n",
        files: [
          "specs/logo.svg": Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><image href="/etc/logo.png"/></svg>"#
              .utf8),
          "specs/star.svg": Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="10"/></svg>"#
              .utf8),
        ])
    case .notAFont:
      return example(
        bad: "    size: [100, 44]\n    font: { file: brand.ttf }\n", 5, 19,
        good: "    size: [100, 44]\n    font: { family: DejaVu Sans }\n",
        files: ["specs/brand.ttf": Array("<html>not a font</html>".utf8)])
    case .imageTooLarge:
      return example(bad: "    size: [3000, 44]\n", 4, 11, good: "    size: [2700, 44]\n")
    case .lowContrast:
      return example(
        bad: "    size: [100, 44]\n    text: Go\n    gradient: \"#FFD60A\"\n", 5, 11,
        good: "    size: [100, 44]\n    text: Go\n    gradient: \"#FFD60A\"\n    content-color: black\n")
    case .textShrunk:
      return example(
        bad: "    size: [100, 44]\n    text: Continue shopping\n", 5, 11,
        good: "    size: [200, 44]\n    text: Continue shopping\n")
    case .textOverflow:
      return example(
        bad: "    size: [60, 44]\n    text: A very long label\n    fit: { min-scale: 0.8 }\n", 5, 11,
        good: "    size: [60, 44]\n    text: Go\n    fit: { min-scale: 0.8 }\n")
    case .fontSubstituted:
      return example(
        bad: "    size: [100, 44]\n    text: Go\n    font: { family: No Such Sans }\n", 6, 21,
        good: "    size: [100, 44]\n    text: Go\n    font: { family: DejaVu Serif }\n")
    case .imageHidden:
      return example(
        bad: "    size: [40, 20]\n    image: { file: icon.png }\n", 5, 20,
        good: "    size: [40, 20]\n    padding: 2\n    image: { file: icon.png }\n",
        files: ["specs/icon.png": Self.tinyPNG])
    case .invalidStretch:
      return example(
        bad: "    size: [100, 44]\n    stretch: { x: [[20, 120]] }\n", 5, 20,
        good: "    size: [100, 44]\n    stretch: { x: [[20, 80]] }\n")
    case .stretchOverContent:
      return example(
        bad: "    size: [100, 44]\n    text: Go\n    stretch: { insets: [0, 20, 0, 20] }\n", 6, 14,
        good: "    size: [100, 44]\n    stretch: { insets: [0, 20, 0, 20] }\n")
    case .smallTouchTarget:
      return example(
        bad: "    size: [30, 30]\n    touch-target: 44\n", 4, 11, good: "    size: [44, 44]\n    touch-target: 44\n")
    case .scaleNotInCatalog:
      return example(
        bad: "    size: [100, 44]\n    scales: [1, 1.5, 2]\n", 5, 17, good: "    size: [100, 44]\n    scales: [1, 2]\n",
        files: ["buttonsmith.yml": Array("buttonsmith: 1\nformats: [files, xcassets]\n".utf8)])
    case .windowsDeviceName:
      return RuleExample(
        bad: "buttonsmith: 1\nbuttons:\n  aux:\n    tint: blue\n    size: [100, 44]\n", line: 3, column: 3,
        good: head + "    size: [100, 44]\n", files: [:])
    case .stretchNotTiled:
      return example(
        bad: "    size: [100, 48]\n    stretch: { insets: [0, 20, 0, 20], center: tile }\n", 5, 48,
        good: "    size: [100, 48]\n    stretch: { insets: [0, 20, 0, 20] }\n",
        files: ["buttonsmith.yml": Array("buttonsmith: 1\nformats: [xcassets, android]\n".utf8)])
    case .invalidStringTable:
      let table = "strings/en.lproj/Localizable.strings"
      return RuleExample(
        bad: Self.keyedLabel, line: 1, column: 14, file: table,
        good: Self.keyedLabel,
        files: [table: Array("\"pay\" = \"Pay\"\n\"go\" = \"Go\";\n".utf8), "buttonsmith.yml": Self.localized],
        goodFiles: [table: Array("\"pay\" = \"Pay\";\n\"go\" = \"Go\";\n".utf8), "buttonsmith.yml": Self.localized])
    case .missingString:
      return example(
        bad: "    size: [100, 44]\n    text: { string: checkout }\n", 5, 21,
        good: "    size: [100, 44]\n    text: { string: pay }\n", files: Self.localizedFiles)
    case .conflictingString:
      let table = "strings/en.lproj/Localizable.strings"
      return RuleExample(
        bad: Self.keyedLabel, line: 2, column: 9, file: table,
        good: Self.keyedLabel,
        files: [table: Array("\"pay\" = \"Pay\";\n\"pay\" = \"Pay now\";\n".utf8), "buttonsmith.yml": Self.localized],
        goodFiles: [table: Array("\"pay\" = \"Pay\";\n\"pay\" = \"Pay\";\n".utf8), "buttonsmith.yml": Self.localized])
    case .missingTranslation:
      var files = Self.localizedFiles
      files["buttonsmith.yml"] = Array("buttonsmith: 1\nlocales: { languages: [en, de], strings: [strings] }\n".utf8)
      return RuleExample(
        bad: Self.keyedLabel, line: 6, column: 21,
        good: Self.keyedLabel, files: files,
        goodFiles: files.merging(["strings/de.lproj/Localizable.strings": Array("\"pay\" = \"Zahlen\";\n".utf8)]) {
          a, _ in a
        })
    case .formatPlaceholder:
      let table = "strings/en.lproj/Localizable.strings"
      return RuleExample(
        bad: Self.keyedLabel, line: 1, column: 9, file: table,
        good: Self.keyedLabel,
        files: [table: Array("\"pay\" = \"Pay %@\";\n".utf8), "buttonsmith.yml": Self.localized],
        goodFiles: [table: Array("\"pay\" = \"Pay 5%\";\n".utf8), "buttonsmith.yml": Self.localized])
    case .pluralSkipped:
      let table = "strings/values/strings.xml"
      let xml =
        "<resources>\n  <string name=\"pay\">Pay</string>\n  <plurals name=\"items\">\n"
        + "    <item quantity=\"other\">%d items</item>\n  </plurals>\n</resources>\n"
      let files = ["buttonsmith.yml": Self.localized, table: Array(xml.utf8)]
      return RuleExample(
        bad: Self.keyedLabel, line: 3, column: 3, file: table,
        good: Self.keyedLabel, files: files,
        goodFiles: files.merging([table: Array("<resources>\n  <string name=\"pay\">Pay</string>\n</resources>\n".utf8)]
        ) {
          _, b in b
        })
    case .missingGlyphs:
      let font =
        (try? Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))) ?? Data()
      return example(
        bad: "    size: [160, 44]\n    text: ログイン\n    font: { file: DejaVuSans.ttf }\n", 5, 11,
        good: "    size: [160, 44]\n    text: Log in\n    font: { file: DejaVuSans.ttf }\n",
        files: ["specs/DejaVuSans.ttf": Array(font)])
    case .identicalState:
      return example(
        bad: "    size: [100, 44]\n    states:\n      disabled: {}\n", 6, 7,
        good: "    size: [100, 44]\n    states:\n      disabled: { opacity: 0.5 }\n")
    }
  }

  private static let head = "buttonsmith: 1\nbuttons:\n  ok:\n    background: \"#0A60D0\"\n"
  /// A button whose label is the string tables' `pay`.
  private static let keyedLabel = head + "    size: [100, 44]\n    text: { string: pay }\n"
  private static let localized = Array("buttonsmith: 1\nlocales: { languages: [en], strings: [strings] }\n".utf8)
  private static let localizedFiles = [
    "buttonsmith.yml": localized, "strings/en.lproj/Localizable.strings": Array("\"pay\" = \"Pay\";\n".utf8),
  ]

  private func example(bad: String, _ line: Int, _ column: Int, good: String, files: [String: [UInt8]] = [:])
    -> RuleExample
  {
    let head = "buttonsmith: 1\nbuttons:\n  ok:\n    background: \"#0A60D0\"\n"
    return RuleExample(bad: head + bad, line: line + 1, column: column, good: head + good, files: files)
  }

  /// A valid 1 x 1 transparent RGBA PNG, for examples and tests.
  public static let tinyPNG: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x02, 0x00,
    0x00, 0x05, 0x00, 0x01, 0x7A, 0x5E, 0xAB, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44,
    0xAE, 0x42, 0x60, 0x82,
  ]
}

/// Every kind of problem Buttonsmith reports. The raw value is the stable id printed in
/// brackets after each message; `docs/diagnostics.md` is generated from this list.
public enum DiagnosticRule: String, CaseIterable, Sendable, Codable {
  // Reading files
  case missingPath = "missing-path"
  case noSpecFiles = "no-spec-files"
  case fileTooLarge = "file-too-large"
  case invalidEncoding = "invalid-encoding"
  case yamlSyntax = "yaml-syntax"
  case duplicateKey = "duplicate-key"
  case unsupportedYAML = "unsupported-yaml"
  case aliasExpansion = "alias-expansion"
  case invalidDocument = "invalid-document"
  case unsupportedVersion = "unsupported-version"
  // Keys and values
  case missingKey = "missing-key"
  case unknownKey = "unknown-key"
  case notAllowedInState = "not-allowed-in-state"
  case wrongType = "wrong-type"
  case valueOutOfRange = "value-out-of-range"
  case badColor = "bad-color"
  // Names and references
  case invalidAssetName = "invalid-asset-name"
  case duplicateAssetName = "duplicate-asset-name"
  case unknownState = "unknown-state"
  case unknownTemplate = "unknown-template"
  case templateCycle = "template-cycle"
  case nestingTooDeep = "nesting-too-deep"
  case unknownPaletteName = "unknown-palette-name"
  case unresolvedColor = "unresolved-color"
  case duplicateOutput = "duplicate-output"
  case invalidStretch = "invalid-stretch"
  case invalidStringTable = "invalid-string-table"
  case missingString = "missing-string"
  case missingGlyphs = "missing-glyphs"
  // Files a spec uses
  case missingFile = "missing-file"
  case notAPNG = "not-a-png"
  case badImage = "bad-image"
  case notAFont = "not-a-font"
  case imageTooLarge = "image-too-large"
  case invalidText = "invalid-text"
  case renderFailed = "render-failed"
  // Warnings
  case lowContrast = "low-contrast"
  case identicalState = "identical-state"
  case textShrunk = "text-shrunk"
  case textOverflow = "text-overflow"
  case fontSubstituted = "font-substituted"
  case imageHidden = "image-hidden"
  case stretchOverContent = "stretch-over-content"
  case smallTouchTarget = "small-touch-target"
  case scaleNotInCatalog = "scale-not-in-catalog"
  case stretchNotTiled = "stretch-not-tiled"
  case windowsDeviceName = "windows-device-name"
  case missingTranslation = "missing-translation"
  case pluralSkipped = "plural-skipped"
  case formatPlaceholder = "format-placeholder"
  case conflictingString = "conflicting-string"

  /// Whether the rule reports an error or a warning.
  public var severity: Severity {
    switch self {
    case .lowContrast, .identicalState, .textShrunk, .textOverflow, .fontSubstituted, .imageHidden,
      .stretchOverContent, .smallTouchTarget, .scaleNotInCatalog, .missingTranslation, .pluralSkipped,
      .formatPlaceholder, .conflictingString, .stretchNotTiled, .windowsDeviceName:
      return .warning
    default: return .error
    }
  }

  /// One sentence on what the rule finds.
  public var summary: String {
    switch self {
    case .missingPath: return "A path given on the command line does not exist."
    case .noSpecFiles: return "The paths given hold no `*.yaml` or `*.yml` spec file."
    case .fileTooLarge:
      return "A spec or template file is larger than 4 MiB, an image, a mask or a string table larger than 32 MiB, or "
        + "a font larger than 128 MiB; it is refused without being read."
    case .invalidEncoding:
      return "A file is not UTF-8 text, or the name of a spec, a template or a string table (or of a folder above it) "
        + "is not UTF-8, so it is not read: it is reported by its path, each byte that is not UTF-8 shown as `\\xE9`."
    case .yamlSyntax: return "The file is not valid YAML (tabs used for indentation, unclosed brackets and quotes, …)."
    case .duplicateKey:
      return
        "A map defines the same key twice, however each is written (`1` and `\"1\"` are one key); the first is kept, and after a repeat on a line of its own or further along a flow map's line the rest of the file is still checked (up to 20 repeats, fewer in a file over 200 KB)."
    case .unsupportedYAML:
      return "A key is a list, a map or an alias; keys are plain names (written plainly, quoted or after `? `)."
    case .aliasExpansion:
      return
        "Aliases expand the document to more than 100,000 values, or to more than one per two bytes of a larger file, or to more text than 16 times its size (at least 16 MiB) (an \"alias bomb\"); or a button takes more than 1,000 values from its file's `defaults` and its templates."
    case .invalidDocument: return "The file is empty, or its top level is not a map."
    case .unsupportedVersion: return "`buttonsmith:` is missing or is not `1`."
    case .missingKey: return "A required key (`buttons`, `size`) is missing, or `buttons` is empty."
    case .unknownKey:
      return "A key is not known at its place; when a known key is close to it (a typo: an edit or two, a third "
        + "of a long key), the message suggests it."
    case .notAllowedInState:
      return "`size`, `scales`, `appearances`, `states`, `extends` or `touch-target` appear inside a state."
    case .wrongType: return "A value has the wrong type, such as text where a number belongs."
    case .valueOutOfRange:
      return "A number or a choice is outside what the key accepts (size, scale, angle, opacity, threshold, …)."
    case .badColor: return "A colour is not one of the colour syntaxes of the spec format."
    case .invalidAssetName:
      return "An asset name does not match `^[a-z][a-z0-9_-]*$` or is longer than 100 characters; with the "
        + "`android` format, its resource name (`-` as `_`) is a Java keyword (`new`, `class`, …)."
    case .duplicateAssetName: return "Two buttons, in one file or in two, have the same asset name."
    case .unknownState: return "A state is not one of normal, highlighted, disabled, selected, loading, focused."
    case .unknownTemplate: return "`extends` names a template that is neither built in nor in a templates directory."
    case .templateCycle: return "Templates extend each other in a cycle."
    case .nestingTooDeep:
      return "`extends` goes more than 32 templates deep, or a colour goes through more than 32 palette names."
    case .unknownPaletteName: return "`$Name` names no entry of the button's palette."
    case .unresolvedColor: return "No gradient, background, tint or `AccentColor` gives the button a fill colour."
    case .duplicateOutput:
      return "Two images would take one output file, one asset catalog slot or one Android resource name (a "
        + "scale listed twice; buttons `a` and `a-highlighted` in a catalog; `a-b` and `a_b` on Android); "
        + "the two buttons are named."
    case .invalidStretch:
      return "A `stretch` region or inset lies outside the button, regions overlap, the content box is empty, "
        + "or an asset catalog is asked for more than one region on an axis."
    case .missingFile: return "A font, image or mask file does not exist or cannot be read."
    case .notAPNG: return "An image or mask file named `.png` (or with no other known extension) is not a PNG."
    case .badImage:
      return "An SVG or PDF image or mask is not what its name says, refers to files or URLs outside itself, "
        + "draws text in a font that is not installed, has no size or no pages, or cannot be drawn; or a PNG's "
        + "`@2x` or `@3x` file is not two or three times its size."
    case .notAFont: return "A font file is not a TrueType, OpenType or WOFF font."
    case .imageTooLarge:
      return "A rendered image would be larger than 8192 pixels on a side at some scale, or a button's images would "
        + "have more than 2^32 pixels, or those of the specs together more than 2^36: hours of drawing."
    case .invalidText:
      return "A label has more than 500 characters (Unicode scalars, combining marks included) or a control "
        + "character (NUL, escape, a line break, …)."
    case .renderFailed:
      return "Cairo, Pango, libpng, librsvg or poppler failed on a job during `build`; nothing is published."
    case .lowContrast: return "In `fill` style the text colour has a WCAG contrast under 3:1 with a gradient colour."
    case .identicalState:
      return "A listed state draws what `normal` draws, in every appearance and language: its overrides change nothing."
    case .textShrunk: return "The label is wider than the padded button and was shrunk to fit."
    case .textOverflow:
      return "The label does not fit the padded button even at `fit.min-scale` (or with `fit: false`)."
    case .fontSubstituted: return "fontconfig has no font of the family asked for and substitutes another one."
    case .imageHidden:
      return
        "An image is under a point on a side, for the size the spec gives it or the room the padding and border leave it, so it is not drawn."
    case .stretchOverContent:
      return "The label or the image lies in a `stretch` region, so it is stretched when the image is resized."
    case .smallTouchTarget:
      return "The button is smaller than the platform's minimum touch target: 44 x 44 pt (Apple) with the "
        + "`xcassets` format, 48 x 48 pt (Material) with `android`; `touch-target` sets or silences it."
    case .invalidStringTable:
      return "A string table (`.xcstrings`, `.strings`, `strings.xml`) does not parse, at its own line."
    case .missingString: return "`text: {string: KEY}` names a key that no string table has."
    case .missingGlyphs:
      return "No installed font (or the `font.file`) can draw some characters of a label in a language."
    case .missingTranslation:
      return "A language has no translation of a label's key; it shows the development language's text."
    case .pluralSkipped: return "A string table's plural or device variations are skipped: an image shows one text."
    case .formatPlaceholder:
      return "A label from a string table holds a format placeholder (`%@`, `%1$s`, `%d`), which an image "
        + "draws as written: nothing fills it in."
    case .conflictingString:
      return "Two string tables, or one twice, give a label's key other texts in one language; the first read is "
        + "drawn."
    case .scaleNotInCatalog:
      return "An asset catalog has no slot for scale 1.5 or 4, so those images are not in the catalog."
    case .stretchNotTiled:
      return "A stretchable image tiles its centre (`center: tile`), which Android's nine-patches cannot do: "
        + "the Android image stretches it."
    case .windowsDeviceName:
      return "An asset name is a device name on Windows (`con`, `aux`, `nul`, `com1`, …), where no file or folder "
        + "of that name can be made: its images cannot be checked out or used there."
    }
  }
}

import ButtonCore
import Foundation

/// The merge stage: lays file defaults, templates, the button and each state's overrides over
/// one another, as the precedence rules say, and decodes the result into `ButtonDefinition`s.
public struct ButtonResolver: Sendable {
  /// The directory relative spec paths are relative to.
  public var workingDirectory: URL

  /// Creates a resolver.
  public init(workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
    self.workingDirectory = workingDirectory
  }

  /// Every button of `specs`, resolved; templates no button uses are checked too. Buttons
  /// with errors are returned too (marked `hasErrors`), so later checks still see them.
  public func resolve(_ specs: SpecSet) -> (buttons: [ButtonDefinition], diagnostics: Diagnostics) {
    var session = ResolutionSession(
      templates: specs.templates, unusableTemplates: specs.unusableTemplates, files: specs.files,
      workingDirectory: workingDirectory)
    var buttons: [ButtonDefinition] = []
    files: for file in specs.files {
      if let defaults = file.defaults { session.checkKeys(of: defaults, place: "defaults") }
      for entry in file.buttons {
        // After a button too large once merged, the others, which most likely take the same
        // defaults or templates, are not resolved (nor built).
        guard let button = session.resolve(entry, in: file) else { break files }
        buttons.append(button)
      }
      // Each button decoded the palette with its templates; a file without one checks it alone.
      if file.buttons.isEmpty { session.checkAlone(file.palette) }
    }
    for name in specs.templates.keys.sorted() {
      session.check(template: specs.templates[name]!)
    }
    return (buttons, session.decoder.values.diagnostics)
  }
}

/// The state of one resolution run: the decoder that collects diagnostics, and each template
/// merged with everything it extends, computed once per run.
struct ResolutionSession {
  /// How many templates deep `extends` may go.
  static let maximumTemplateDepth = 32
  /// How many templates one `extends` may name (each is merged into every button that takes it).
  static let maximumExtends = 64

  /// A template with the templates it extends merged under it, and its palette likewise.
  struct ExpandedTemplate {
    var name: String
    var body: SpecNode
    /// Its palette and those of the templates it extends, the bottom one first, by their numbers
    /// in `paletteLayers`.
    var palettes: [Int32]
    /// The templates it extends, expanded.
    var parents: Expansion
    /// Whether expanding it found errors (in it or in what it extends): each is reported once,
    /// where it is written, and every button that takes it is marked as having errors.
    var hasErrors: Bool
    /// How many templates deep it goes, itself included.
    var height: Int { parents.height + 1 }
    /// Whether it extends a template whose file could not be used.
    var usesUnusableTemplate: Bool { parents.usesUnusableTemplate }
  }

  /// What `expand` found for one `extends` value.
  struct Expansion {
    var templates: [ExpandedTemplate] = []
    /// The deepest of them.
    var height = 0
    /// Whether the expansion stopped at the depth limit (and so is incomplete).
    var truncated = false
    /// Whether a template named is one whose file could not be used.
    var usesUnusableTemplate = false
    /// Whether a template named has errors.
    var hasErrors = false
  }

  let templates: [String: TemplateFile]
  /// What the run's "did you mean" look-ups in palettes and templates may still spend.
  let suggestionBudget = SuggestionBudget()
  /// The templates' names, for "did you mean".
  let templateNames: SuggestionIndex
  /// Templates whose files were found and reported as unusable.
  let unusableTemplates: Set<String>
  var decoder = LookDecoder()
  private var expanded: [String: ExpandedTemplate] = [:]
  /// Buttons' palettes, decoded, by their file and templates, and each file's and template's
  /// alone (see `palette(of:in:)`).
  var decodedPalettes: [[String]: DecodedPalette] = [:]
  /// Which palettes write the same names.
  let paletteSharing: PaletteSharing
  /// Every file's and template's palette layer, numbered by their place here; the number of
  /// each file's, by path, and of each template's, by name.
  let paletteLayers: [PaletteLayer]
  let fileLayerNumbers: [String: Int32]
  let templateLayerNumbers: [String: Int32]
  /// Expansions cut at the depth limit, by how deep they were reached and the template's name:
  /// each is made once, so a deep chain that names a template twice at each level costs its
  /// length, not two to the power of it.
  private var cutShort: [String: ExpandedTemplate] = [:]
  /// Templates some other template extends: only the others report a chain that is too deep.
  let extendedByTemplates: Set<String>
  /// Whether each key a button does not have reads as a fill misspelt, by key: a file's
  /// defaults and a template repeat theirs in every button that takes them.
  var misspeltFills: [String: Bool] = [:]

  init(templates: [String: TemplateFile], unusableTemplates: Set<String>, files: [SpecFile], workingDirectory: URL) {
    self.templates = templates
    templateNames = SuggestionIndex(budget: suggestionBudget) { Array(templates.keys) }
    let layers =
      files.map(PaletteLayer.init(file:)) + templates.map { PaletteLayer(template: $0.key, palette: $0.value.palette) }
    paletteSharing = PaletteSharing(layers)
    paletteLayers = layers
    fileLayerNumbers = Dictionary(
      files.enumerated().map { ($1.path, Int32($0)) }, uniquingKeysWith: { first, _ in first })
    templateLayerNumbers = Dictionary(
      uniqueKeysWithValues: templates.keys.enumerated().map { ($1, Int32(files.count + $0)) })
    self.unusableTemplates = unusableTemplates
    decoder.values.workingDirectory = workingDirectory
    var extended = Set<String>()
    for template in templates.values {
      let node = template.body["extends"]
      let items = node?.items ?? node.map { [$0] } ?? []
      for item in items { if let text = item.scalar?.text { extended.insert(text) } }
    }
    extendedByTemplates = extended
  }

  /// `entry` merged with its file's defaults and its templates, and decoded; `nil` (reported
  /// there) when it then holds more values than `MergeBudget` allows.
  mutating func resolve(_ entry: ButtonEntry, in file: SpecFile) -> ButtonDefinition? {
    let errorsBefore = decoder.values.diagnostics.errorsAdded
    decoder.keysWithErrors = []
    let defaults = file.defaults ?? .emptyMapping(at: entry.name.location)
    let extendsNode = entry.body["extends"] ?? defaults["extends"]
    var merged = defaults.removing(keys: ["extends"])
    let expansion = expand(extendsNode, chain: [])
    checkDepth(expansion, of: extendsNode, below: 0)
    for template in expansion.templates { merged = merged.merged(with: template.body) }
    merged = merged.merged(with: entry.body.removing(keys: ["extends"])).withoutReplacementMarks()
    guard MergeBudget.allows(merged, own: entry.body) else {
      decoder.values.diagnostics.add(
        .aliasExpansion,
        "button '\(Diagnostic.shown(entry.name.value))' takes more than \(MergeBudget.limit) values from its file's defaults and its "
          + "templates; it and the buttons after it are not checked",
        at: entry.name.location,
        notes: [
          .init(
            "a file's 'defaults' and a template are repeated in every button that takes them: keep what only some "
              + "buttons need out of them")
        ])
      return nil
    }
    let decodedPalette = palette(of: expansion.templates, in: file)
    let place = "button '\(Diagnostic.shown(entry.name.value))'"
    checkKeys(of: entry.body, place: place)

    // A button without a usable size still goes through every other check.
    var size: Size?
    var sizeLocation = entry.name.location
    if let sizeNode = merged["size"] {
      size = decoder.values.size(sizeNode, what: "size", in: 0.01...8192)
      sizeLocation = sizeNode.location
    } else {
      decoder.values.diagnostics.add(
        .missingKey, "\(place) needs a size, such as 'size: [200, 44]'", at: entry.name.location)
    }
    let scales = self.scales(merged["scales"])
    let appearances = self.appearances(merged["appearances"])
    let states = self.states(of: merged, place: place, defaultLocation: entry.name.location)
    var button = ButtonDefinition(
      name: entry.name.value, location: entry.name.location, size: size ?? Size(width: 0, height: 0),
      sizeLocation: sizeLocation, scales: scales, appearances: appearances, states: states,
      palette: decodedPalette.palette)
    decodePlatformKeys(of: merged, size: size, into: &button)
    // A key a button does not have, written in its file's defaults or in a template, was
    // reported there, once: the button has that mistake too.
    let looks = [merged] + (merged["states"]?.entries ?? []).map(\.value)
    let writesUnknownKey = looks.contains { look in (look.entries ?? []).contains { !SpecKeys.button.contains($0.key) }
    }
    button.hasErrors =
      decoder.values.diagnostics.errorsAdded > errorsBefore || expansion.hasErrors || expansion.usesUnusableTemplate
      || writesUnknownKey
    // The palettes' errors are theirs, not the button's: a colour that names an entry that did
    // not decode is skipped where it is used (`ColorResolutionError.alreadyReported`), and the
    // button's other checks still run.
    report(decodedPalette)
    button.mayHaveLostFill = mayHaveLostFill(looks: looks, expansion: expansion, extendsNode: extendsNode)
    return button
  }

  /// Reports the keys written in `node` (a button, a file's defaults or a template) that a
  /// button does not have: once, where they are written, however many buttons inherit them.
  mutating func checkKeys(of node: SpecNode, place: String) {
    decoder.values.checkKeys(of: node, known: SpecKeys.button, place: place)
  }

  /// Reports, at `node`, an `extends` that goes more than `maximumTemplateDepth` templates
  /// deep counting the `levels` that name it. Decided per button (or template) from the
  /// templates' own heights, so the answer does not depend on what was resolved before.
  mutating func checkDepth(_ expansion: Expansion, of node: SpecNode?, below levels: Int) {
    guard let node, expansion.truncated || levels + expansion.height > Self.maximumTemplateDepth else { return }
    decoder.values.diagnostics.add(
      .nestingTooDeep,
      "templates extend each other more than \(Self.maximumTemplateDepth) deep from here",
      at: node.location, notes: [.init("flatten the chain: a template can name several templates in 'extends'")])
  }

  /// The templates `node` names, in order, each merged with the templates it extends. Each
  /// template is expanded once per run however many buttons and templates extend it, so shared
  /// ancestors ("diamonds") cost nothing more; merging is associative, so the result is the
  /// same as laying every ancestor out in full. Recursion stops at the depth limit; an
  /// expansion cut there is incomplete, and kept only for the depth it was reached at.
  mutating func expand(_ node: SpecNode?, chain: [String]) -> Expansion {
    guard let node, !node.isNull else { return Expansion() }
    var result = Expansion()
    let names = node.items ?? [node]
    if names.count > Self.maximumExtends {
      decoder.values.diagnostics.add(
        .valueOutOfRange, "'extends' names \(names.count) templates, more than \(Self.maximumExtends)",
        at: names[Self.maximumExtends].location)
    }
    for nameNode in names.prefix(Self.maximumExtends) {
      guard let name = decoder.values.string(nameNode, what: "a template name") else { continue }
      let cut = expanded[name] == nil ? cutShort["\(chain.count) \(name)"] : nil
      if let known = expanded[name] ?? cut {
        // Its errors were reported when it was expanded; they are not worked out again here,
        // so a mistake in a template many others extend costs once, not once per path to it.
        result.hasErrors = result.hasErrors || known.hasErrors
        result.usesUnusableTemplate = result.usesUnusableTemplate || known.usesUnusableTemplate
        result.truncated = result.truncated || cut != nil
        result.templates.append(known)
        result.height = max(result.height, known.height)
        continue
      }
      if chain.count >= Self.maximumTemplateDepth {
        result.truncated = true
        continue
      }
      if let start = chain.firstIndex(of: name) {
        reportCycle(Array(chain[start...]), closedAt: nameNode)
        continue
      }
      guard let template = templates[name] else {
        // Its file's mistakes were reported there; the button is marked as having them.
        if unusableTemplates.contains(name) {
          result.usesUnusableTemplate = true
          continue
        }
        decoder.values.diagnostics.add(
          .unknownTemplate,
          Suggestion.message("unknown template '\(Diagnostic.shown(name))'", for: name, in: templateNames),
          at: nameNode.location,
          notes: [.init("templates come from --templates directories (default: templates/) and the built-in set")])
        continue
      }
      let own = expansion(of: template, named: name, chain: chain)
      result.hasErrors = result.hasErrors || own.hasErrors
      result.usesUnusableTemplate = result.usesUnusableTemplate || own.usesUnusableTemplate
      result.truncated = result.truncated || own.parents.truncated
      result.templates.append(own)
      result.height = max(result.height, own.height)
    }
    return result
  }

  /// `template` merged with everything it extends, reached through the templates of `chain`:
  /// made once per run and kept, or, cut at the depth limit, kept for the depth it was reached at.
  mutating func expansion(of template: TemplateFile, named name: String, chain: [String]) -> ExpandedTemplate {
    if let known = expanded[name] ?? cutShort["\(chain.count) \(name)"] { return known }
    let errorsBefore = decoder.values.diagnostics.errorsAdded
    let parents = expand(template.body["extends"], chain: chain + [name])
    var body = SpecNode.emptyMapping(at: template.body.location)
    for parent in parents.templates { body = body.merged(with: parent.body) }
    let ownLayer = template.palette.entries.isEmpty ? [] : templateLayerNumbers[name].map { [$0] } ?? []
    let own = ExpandedTemplate(
      name: name, body: body.merged(with: template.body.removing(keys: ["extends"])),
      palettes: PaletteLayer.stacking(parents.templates.map(\.palettes) + [ownLayer], count: paletteLayers.count),
      parents: parents, hasErrors: parents.hasErrors || decoder.values.diagnostics.errorsAdded > errorsBefore)
    if parents.truncated {
      cutShort["\(chain.count) \(name)"] = own
    } else {
      expanded[name] = own
    }
    return own
  }
}

/// What the loader read: spec files with their top level typed, and the templates by name.
/// Button bodies stay located YAML maps until templates are merged into them.
public struct SpecSet: Sendable {
  /// Spec files in the order they were found (sorted paths).
  public var files: [SpecFile] = []
  /// How many spec and template files were found and read, whether or not they parsed.
  public var fileCount = 0
  /// Templates by name: built-in ones, overridden by those of the templates directories.
  public var templates: [String: TemplateFile] = [:]
  /// The names of template files that were found but could not be used (their mistakes are
  /// reported in them): a button extending one is not told the template is unknown.
  public var unusableTemplates: Set<String> = []

  /// An empty set.
  public init() {}
}

/// One spec file.
public struct SpecFile: Sendable {
  /// The file as shown in diagnostics.
  public var path: String
  /// The file's named colours, as written.
  public var palette: WrittenPalette
  /// The file's `defaults` map, if any.
  public var defaults: SpecNode?
  /// The buttons in the order written.
  public var buttons: [ButtonEntry]
}

/// A button as written: its asset name and its body.
public struct ButtonEntry: Sendable {
  /// The asset name, where it was written.
  public var name: Located<String>
  /// The button's map.
  public var body: SpecNode
}

/// One template: a button-shaped map with an optional palette.
public struct TemplateFile: Sendable {
  /// The template's name: its file stem.
  public var name: String
  /// The file as shown in diagnostics.
  public var path: String
  /// The button properties (without `buttonsmith` and `palette`).
  public var body: SpecNode
  /// The template's named colours, as written.
  public var palette: WrittenPalette
}

import ButtonCore

/// The validate stage: checks resolved buttons against each other and against the files they
/// use, and reports every problem at once.
public struct SpecValidator: Sendable {
  /// The lowest text-to-fill contrast that passes without a warning.
  public static let minimumContrast = 3.0

  /// The run's snapshot of the files the specs name.
  public var files: InputFiles
  /// How many languages a button whose label is a string key is drawn in (the project's
  /// languages and pseudo-locales): its images count that many times against the pixel limits.
  public var localizedLanguages: Int

  /// Creates a validator that reads files through `files`.
  public init(files: InputFiles = InputFiles(), localizedLanguages: Int = 1) {
    self.files = files
    self.localizedLanguages = localizedLanguages
  }

  /// Every problem of `buttons` (every button written, with errors or not).
  public func validate(_ buttons: [ButtonDefinition]) -> Diagnostics {
    var diagnostics = Diagnostics()
    var inspector = FileInspector(files: files)
    checkNames(buttons.map { Located($0.name, at: $0.location) }, into: &diagnostics)
    for button in buttons {
      checkOutputs(button, into: &diagnostics)
      checkPixelSize(button, into: &diagnostics)
      checkColors(button, into: &diagnostics)
      checkStretch(button, into: &diagnostics)
      for state in button.states {
        inspector.check(state.look, into: &diagnostics)
      }
    }
    checkTotalPixels(buttons, into: &diagnostics)
    return diagnostics
  }
}

/// The validate stage: checks resolved buttons against each other and against the files they
/// use, and reports every problem at once.
public struct SpecValidator: Sendable {
  /// The lowest text-to-fill contrast that passes without a warning.
  public static let minimumContrast = 3.0

  /// Creates a validator.
  public init() {}

  /// Every problem of `buttons` (every button written, with errors or not).
  public func validate(_ buttons: [ButtonDefinition]) -> Diagnostics {
    var diagnostics = Diagnostics()
    var files = FileInspector()
    checkNames(buttons.map { Located($0.name, at: $0.location) }, into: &diagnostics)
    for button in buttons {
      checkOutputs(button, into: &diagnostics)
      checkPixelSize(button, into: &diagnostics)
      checkColors(button, into: &diagnostics)
      checkIdenticalStates(button, into: &diagnostics)
      for state in button.states {
        files.check(state.look, into: &diagnostics)
      }
    }
    return diagnostics
  }
}

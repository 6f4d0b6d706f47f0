/// The validate stage: checks resolved buttons against each other and against the files they
/// use, and reports every problem at once.
public struct SpecValidator: Sendable {
  /// The largest image side, in pixels, at any scale.
  public static let maximumPixelSide = 8192
  /// The lowest text-to-fill contrast that passes without a warning.
  public static let minimumContrast = 3.0

  /// Creates a validator.
  public init() {}

  /// Every problem of `buttons`; `names` are the asset names of every button written,
  /// including those that did not resolve.
  public func validate(_ buttons: [ButtonDefinition], names: [Located<String>]) -> Diagnostics {
    var diagnostics = Diagnostics()
    var files = FileInspector()
    checkNames(names, into: &diagnostics)
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

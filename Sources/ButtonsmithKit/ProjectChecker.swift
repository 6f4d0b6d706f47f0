import ButtonRender
import ButtonSpec

/// Everything `lint` checks, and what `build` checks before it draws: the spec stages
/// (parse, merge, validate), then the files and text layout through the drawing libraries.
public struct ProjectChecker: Sendable {
  /// The parse stage's settings.
  public var loader: SpecLoader
  /// The drawing-library checks.
  public var assets: AssetChecker

  /// Creates a checker.
  public init(loader: SpecLoader = SpecLoader(), assets: AssetChecker = AssetChecker()) {
    self.loader = loader
    self.assets = assets
  }

  /// All problems of the specs at `paths`, with the buttons that resolved.
  public func check(paths: [String]) -> CheckedSpecs {
    var checked = SpecChecker(loader: loader).check(paths: paths)
    let reported = Set(checked.diagnostics.all.filter { $0.severity == .error }.map(\.location))
    checked.diagnostics.formUnion(assets.check(checked.buttons, skipping: reported))
    return checked
  }
}

import ButtonCore
import Foundation

/// The version of Buttonsmith, as the manifest's `generator` and `--version` print it.
public enum ButtonsmithVersion {
  /// Semantic version of this release.
  public static let current = "0.1.0"
}

/// Loaded, resolved and validated specs: what `lint` reports and `build` plans from.
public struct CheckedSpecs: Sendable {
  /// The buttons that resolved, in file order.
  public var buttons: [ButtonDefinition]
  /// Every problem found, by every stage.
  public var diagnostics: Diagnostics
  /// How many spec and template files were found and read.
  public var fileCount: Int
  /// The snapshot the specs and the files they name were read from, which the later stages
  /// read from too.
  public var files: InputFiles
}

/// Runs the parse, merge and validate stages in order over a set of paths.
public struct SpecChecker: Sendable {
  /// The parse stage.
  public var loader: SpecLoader
  /// How many languages a button whose label is a string key is drawn in.
  public var localizedLanguages: Int

  /// Creates a checker around `loader`.
  public init(loader: SpecLoader = SpecLoader(), localizedLanguages: Int = 1) {
    self.loader = loader
    self.localizedLanguages = localizedLanguages
  }

  /// Loads, resolves and validates the specs at `paths`; never stops at the first problem.
  public func check(paths: [String]) -> CheckedSpecs {
    let (specs, loadDiagnostics) = loader.load(paths: paths)
    let (buttons, resolveDiagnostics) = ButtonResolver(workingDirectory: loader.finder.workingDirectory).resolve(specs)
    var diagnostics = loadDiagnostics
    diagnostics.formUnion(resolveDiagnostics)
    diagnostics.formUnion(SpecValidator(files: loader.files, localizedLanguages: localizedLanguages).validate(buttons))
    return CheckedSpecs(
      buttons: buttons, diagnostics: diagnostics, fileCount: specs.fileCount, files: loader.files)
  }
}

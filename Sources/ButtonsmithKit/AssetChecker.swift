import ButtonRender
import ButtonSpec
import Foundation

/// Checks what only the drawing libraries can: that image and mask files decode, that font
/// files load and font families exist, and how each label fits its button.
public struct AssetChecker: Sendable {
  /// Draws nothing; lays out text and decodes files as drawing would.
  public var renderer: Renderer
  /// Registers font files and looks up families.
  public var fonts: FontRegistry

  /// Creates a checker.
  public init(renderer: Renderer = Renderer(), fonts: FontRegistry = .shared) {
    self.renderer = renderer
    self.fonts = fonts
  }

  /// The problems of `buttons`; buttons that already have errors are skipped, and so are
  /// files at `reported`, locations that already have an error.
  public func check(_ buttons: [ButtonDefinition], skipping reported: Set<SourceLocation> = []) -> Diagnostics {
    var diagnostics = Diagnostics()
    var checkedFiles = Set<URL>()
    var checkedFamilies = Set<String>()
    for button in buttons where !button.hasErrors {
      for state in button.states {
        let look = state.look
        var filesOK = true
        for file in [look.image?.file, look.mask.flatMap(maskFile)].compactMap({ $0 }) {
          guard !reported.contains(file.location) else {
            filesOK = false
            continue
          }
          guard checkedFiles.insert(file.url).inserted else { continue }
          do {
            try renderer.checkImageFile(at: file.url.path)
          } catch {
            filesOK = false
            diagnostics.add(.notAPNG, "\(error)", at: file.location)
          }
        }
        if let font = look.font.file, reported.contains(font.location) { continue }
        if look.text != nil, look.font.file == nil, checkedFamilies.insert(look.font.family).inserted,
          let substitute = fonts.substitute(for: look.font.family)
        {
          diagnostics.add(
            .fontSubstituted, "no font of family '\(look.font.family)' is installed; fontconfig uses '\(substitute)'",
            at: look.font.familyLocation ?? look.text!.location,
            notes: [.init("install the font, or name it with 'font.file'")])
        }
        guard filesOK, let appearance = button.appearances.first?.value else { continue }
        checkText(button, state, appearance: appearance, into: &diagnostics)
      }
    }
    return diagnostics
  }

  private func maskFile(_ mask: MaskSpec) -> FileReference? {
    if case .file(let file) = mask.source { return file }
    return nil
  }

  private func checkText(
    _ button: ButtonDefinition, _ state: StateLook, appearance: Appearance, into diagnostics: inout Diagnostics
  ) {
    guard let text = state.look.text else { return }
    do {
      let job = try JobResolver(button: button, state: state, appearance: appearance, fonts: fonts).resolve()
      guard let fit = try renderer.textFit(of: job) else { return }
      let width = String(format: "%g", fit.available)
      if !fit.fits {
        let how =
          state.look.fit == nil ? "and 'fit' is off" : "even at \(Int((fit.fraction * 100).rounded()))% of its size"
        diagnostics.add(
          .textOverflow, "text '\(text.value)' does not fit the \(width) pt it has \(how)", at: text.location)
      } else if fit.fraction < 1 {
        diagnostics.add(
          .textShrunk,
          "text '\(text.value)' is shrunk to \(Int((fit.fraction * 100).rounded()))% of its size to fit \(width) pt",
          at: text.location)
      }
    } catch let error as PlanningError {
      diagnostics.add(error.diagnostic)
    } catch let error as ColorResolutionError {
      diagnostics.add(error.diagnostic)
    } catch {
      diagnostics.add(.notAFont, "\(error)", at: state.look.font.file?.location ?? text.location)
    }
  }
}

import ButtonCore
import Foundation

extension SpecValidator {
  /// Resolves every colour of every state in every appearance, and measures text contrast.
  func checkColors(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    for state in button.states {
      for appearance in button.appearances {
        let resolver = ColorResolver(palette: button.palette, appearance: appearance.value, look: state.look)
        let look = state.look
        let others = [
          look.background, look.tint, look.contentColor, look.overlay, look.border?.color,
          look.shadow?.color, look.spinner?.color,
        ].compactMap { $0 }
        for color in others {
          do { _ = try resolver.resolve(color) } catch {
            if !error.alreadyReported { diagnostics.add(error.diagnostic) }
          }
        }
        do {
          let stops = try resolver.fillStops(at: state.location)
          checkContrast(
            look, stops: stops.map(\.color), resolver: resolver, state: state.state, in: button, into: &diagnostics)
        } catch {
          // A button whose gradient (background, tint) failed to decode has already been
          // reported; its missing fill would only repeat that.
          let repeats = error.alreadyReported || button.mayHaveLostFill && error.diagnostic.rule == .unresolvedColor
          if !repeats { diagnostics.add(error.diagnostic) }
        }
      }
    }
  }

  /// WCAG contrast of the text colour with each fill colour, each composited over the
  /// appearance's backdrop (white in light, black in dark). A colour from the file's defaults,
  /// palette or a template names the button in a note.
  private func checkContrast(
    _ look: ButtonLook, stops: [RGBA], resolver: ColorResolver, state: ButtonState, in button: ButtonDefinition,
    into diagnostics: inout Diagnostics
  ) {
    guard look.style == .fill, let text = look.text, !text.value.isEmpty else { return }
    let backdrop = resolver.appearance == .light ? RGBA.white : RGBA.black
    let textColor: RGBA
    if let written = look.contentColor {
      guard let color = try? resolver.resolve(written) else { return }
      textColor = color
    } else {
      textColor = RGBA.defaultContent
    }
    let fills = stops.map { $0.composited(over: backdrop) }
    guard let worst = fills.min(by: { textColor.contrastRatio(with: $0) < textColor.contrastRatio(with: $1) }) else {
      return
    }
    let ratio = textColor.contrastRatio(with: worst)
    guard ratio < Self.minimumContrast else { return }
    diagnostics.add(
      Diagnostic(
        .lowContrast,
        "text colour \(textColor.hexDescription) has contrast \(String(format: "%.2f", ratio)):1 with fill colour "
          + "\(worst.hexDescription) in state '\(state.rawValue)', \(resolver.appearance.rawValue) appearance; aim for at least 3:1",
        at: look.contentColor?.location ?? text.location),
      foundIn: button.name, at: button.location)
  }
}

extension RGBA {
  /// This colour painted over an opaque `backdrop`.
  func composited(over backdrop: RGBA) -> RGBA {
    RGBA(
      red: red * alpha + backdrop.red * (1 - alpha), green: green * alpha + backdrop.green * (1 - alpha),
      blue: blue * alpha + backdrop.blue * (1 - alpha), alpha: 1)
  }
}

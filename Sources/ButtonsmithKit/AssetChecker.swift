import ButtonCore
import ButtonRender
import ButtonSpec
import Foundation

/// Checks what only the drawing libraries can: that image and mask files decode, that font
/// families exist, and how each label fits its button. A pass over the planner's resolved
/// states: nothing is resolved again, and files are decoded once (by the renderer, which draws
/// from the same decoded images).
public struct AssetChecker: Sendable {
  /// Draws nothing; lays out text and decodes files as drawing would.
  public var renderer: Renderer
  /// Registers font files and looks up families.
  public var fonts: FontRegistry
  /// How many threads lay out states at once.
  public var parallelism: Int

  /// Creates a checker; it lays out states on every core.
  public init(
    renderer: Renderer = Renderer(), fonts: FontRegistry = .shared,
    parallelism: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.renderer = renderer
    self.fonts = fonts
    self.parallelism = parallelism
  }

  /// The problems of `buttons` and of their `resolved` states; files at `reported`, locations
  /// that already have an error, are skipped. Files are checked on the states as written, so a
  /// state that did not resolve (a bad font) still has its images checked, and so is every
  /// button with errors of its own: a file's problem is not one of them. Font families are
  /// checked on the buttons without errors (a mistake in `font` leaves the default family),
  /// and layout on the resolved states.
  public func check(
    _ buttons: [ButtonDefinition], resolved: [ResolvedState], skipping reported: Set<SourceLocation> = []
  ) -> Diagnostics {
    var diagnostics = Diagnostics()
    var decodes: [FilePath: Bool] = [:]
    var checkedFamilies = Set<String>()
    var checkedFontFiles = Set<FilePath>()
    for button in buttons {
      for state in button.states {
        let look = state.look
        _ = checkFiles(of: look, skipping: reported, decodes: &decodes, into: &diagnostics)
        if let font = look.font.file {
          if !reported.contains(font.location), checkedFontFiles.insert(FilePath(font.url.path)).inserted {
            checkFontFile(font, into: &diagnostics)
          }
          continue
        }
        if !button.hasErrors, look.text != nil || look.textKey != nil, checkedFamilies.insert(look.font.family).inserted
        {
          checkFamily(of: look, into: &diagnostics)
        }
      }
    }
    let laidOut = resolved.filter {
      checkFiles(of: $0.state.look, skipping: reported, decodes: &decodes, into: &diagnostics)
    }
    // Laying out is most of the check and each state's is its own: runs of states are laid out
    // at once, and their diagnostics joined in order, as one thread would have found them.
    let checker = self
    let runs = WorkerThreads.mapRuns(laidOut.count, parallelism: parallelism, minimumRun: 64) { range in
      var found = Diagnostics()
      for state in laidOut[range] { checker.checkContent(state, into: &found) }
      return found
    }
    for run in runs { diagnostics.formUnion(run) }
    return diagnostics
  }

  /// Decodes the look's image and mask files (each file once, remembered in `decodes`);
  /// whether all of them decode.
  private func checkFiles(
    of look: ButtonLook, skipping reported: Set<SourceLocation>, decodes: inout [FilePath: Bool],
    into diagnostics: inout Diagnostics
  ) -> Bool {
    var allDecode = true
    let files: [(FileReference, Bool)?] = [
      look.image.map { ($0.file, true) }, look.mask.flatMap(maskFile).map { ($0, false) },
    ]
    for (file, isImage) in files.compactMap({ $0 }) {
      if reported.contains(file.location) {
        allDecode = false
      } else if let known = decodes[FilePath(file.url.path)] {
        allDecode = allDecode && known
      } else {
        do {
          try renderer.checkImageFile(at: file.url.path, isImage: isImage)
          decodes[FilePath(file.url.path)] = true
        } catch {
          decodes[FilePath(file.url.path)] = false
          allDecode = false
          diagnostics.add(Self.rule(forFile: file.url.path), Self.message(error, for: file), at: file.location)
        }
      }
    }
    return allDecode
  }

  /// Loads the font file as drawing would (once per run: the registry keeps it).
  private func checkFontFile(_ font: FileReference, into diagnostics: inout Diagnostics) {
    do {
      _ = try fonts.register(fileAt: font.url.path)
    } catch {
      diagnostics.add(.notAFont, Self.message(error, for: font), at: font.location)
    }
  }

  private func checkFamily(of look: ButtonLook, into diagnostics: inout Diagnostics) {
    // Of a list of families, one installed is drawn, and only a font outside the list is a
    // substitute.
    guard let substitute = fonts.substitute(for: look.font.family),
      let location = look.font.familyLocation ?? look.textKey?.location ?? look.text?.location
    else { return }
    let names = FontRegistry.names(in: look.font.family)
    let shown = names.map { Diagnostic.shown($0) }
    let asked = shown.count == 1 ? "family '\(shown[0])'" : "the families '\(shown.joined(separator: "', '"))'"
    diagnostics.add(
      .fontSubstituted, "no font of \(asked) is installed; fontconfig uses '\(substitute)'",
      at: location, notes: [.init("install the font, or name it with 'font.file'")])
  }

  private func maskFile(_ mask: MaskSpec) -> FileReference? {
    if case .file(let file) = mask.source { return file }
    return nil
  }

  /// Lays out the state as drawing would. What it finds at a label, image or region the button
  /// takes from its file's defaults or a template names the button in a note (`Diagnostics.add(_:foundIn:at:)`).
  private func checkContent(_ resolved: ResolvedState, into diagnostics: inout Diagnostics) {
    var found = Diagnostics()
    checkContent(resolved, foundInto: &found)
    for diagnostic in found.all {
      diagnostics.add(diagnostic, foundIn: resolved.job.button, at: resolved.buttonLocation)
    }
  }

  private func checkContent(_ resolved: ResolvedState, foundInto diagnostics: inout Diagnostics) {
    let state = resolved.state
    let look = state.look
    guard resolved.job.text != nil || look.image != nil else { return }
    do {
      let fit = try renderer.contentFit(of: resolved.job)
      if let text = resolved.job.text, let textFit = fit.text,
        let location = look.textKey?.location ?? look.text?.location
      {
        let label = Label(text: text.string, language: resolved.job.locale, location: location)
        reportTextFit(textFit, label: label, fitting: look.fit != nil, into: &diagnostics)
        // A family may be a list ("DejaVu Sans, VL Gothic"): Pango draws each character with the
        // first that has it, and only a font outside the list is a substitute.
        let listed = FontRegistry.names(in: text.family)
        let primary = text.fontFile == nil ? [fonts.matchedFamily(for: text.family)].compactMap { $0 } + listed : listed
        reportFonts(
          textFit, label: label, primary: primary,
          font: text.fontFile.map { "the font file '\($0)'" } ?? "'\(Diagnostic.shown(text.family))'",
          into: &diagnostics)
      }
      checkStretch(resolved, fit: fit, into: &diagnostics)
      if let image = look.image, let size = fit.imageSize, min(size.width, size.height) < 1 {
        if let asked = image.size, min(asked.width, asked.height) < 1 {
          diagnostics.add(
            .imageHidden,
            "image '\(image.file.path)' is \(formatNumber(asked.width)) x \(formatNumber(asked.height)) pt, under a "
              + "point on a side, so it is not drawn", at: image.file.location)
        } else {
          diagnostics.add(
            .imageHidden, "the padding and border leave no room for image '\(image.file.path)', so it is not drawn",
            at: image.file.location, notes: [.init("reduce 'padding' or give the button more room")])
        }
      }
    } catch RenderError.imageFile(let path, let reason) {
      diagnostics.add(
        Self.rule(forFile: path),
        Self.message(RenderError.imageFile(path: path, reason: reason), for: look.image?.file),
        at: look.image?.file.location ?? state.location)
    } catch {
      diagnostics.add(
        .notAFont, Self.message(error, for: look.font.file),
        at: look.font.file?.location ?? look.text?.location ?? state.location)
    }
  }

  /// Warns when the label or the image lies in a region that stretches. (Regions are measured
  /// from the image's edges, the label and the image from the button's.)
  private func checkStretch(_ resolved: ResolvedState, fit: ContentFit, into diagnostics: inout Diagnostics) {
    guard let written = resolved.stretch, let stretch = resolved.job.stretch else { return }
    let margin = resolved.state.look.outerMargin
    let parts = [("label", fit.textFrame), ("image", fit.imageFrame)].compactMap { name, frame in
      frame.map { (name, $0) }
    }
    for (name, frame) in parts {
      let (left, top) = (frame.x + margin.left, frame.y + margin.top)
      let acrossX = stretch.x.contains { $0.from < left + frame.width && left < $0.to }
      let acrossY = stretch.y.contains { $0.from < top + frame.height && top < $0.to }
      guard acrossX || acrossY else { continue }
      diagnostics.add(
        .stretchOverContent,
        "the \(name)\(resolved.job.locale.map { " of the \($0) image" } ?? "") lies in a stretch region, so it is "
          + "stretched when the image is resized",
        at: written.location,
        notes: [.init("move the regions off the content, or let the app draw the \(name) over the image")])
      return
    }
  }

  /// A label as drawn in one language (`nil`: the same in every language), and where it was written.
  private struct Label {
    var text: String
    var language: String?
    var location: SourceLocation

    /// `text 'Go'`, or `the de text 'Los'` for a localized label; a long label by its first 40
    /// characters, so what the message says after it is never cut off.
    var described: String {
      let quoted = Localizer.shortened(text)
      return language.map { "the \($0) text '\(quoted)'" } ?? "text '\(quoted)'"
    }
  }

  private func reportTextFit(_ fit: TextFit, label: Label, fitting: Bool, into diagnostics: inout Diagnostics) {
    guard !fit.fits || fit.fraction < 1 else { return }
    // Formatted only for a diagnostic: `String(format:)` for every label was a tenth of the check.
    let width = String(format: "%g", fit.available)
    let percent = Int((fit.fraction * 100).rounded())
    if !fit.fits {
      let how = fitting ? "even at \(percent)% of its size" : "and 'fit' is off"
      diagnostics.add(
        .textOverflow, "\(label.described) does not fit the \(width) pt it has \(how)", at: label.location)
    } else if fit.fraction < 1 {
      diagnostics.add(
        .textShrunk, "\(label.described) is shrunk to \(percent)% of its size to fit \(width) pt", at: label.location)
    }
  }

  /// Characters no font can draw are an error; in a localized label, characters drawn with a
  /// fallback font are a `font-substituted` warning naming the language.
  private func reportFonts(
    _ fit: TextFit, label: Label, primary: [String], font: String, into diagnostics: inout Diagnostics
  ) {
    if !fit.missingCharacters.isEmpty {
      let characters = fit.missingCharacters.prefix(8).map {
        "'\(Character($0))' (\(LabelText.codePoint($0)))"
      }
      diagnostics.add(
        .missingGlyphs,
        "\(label.described) has characters no font can draw with \(font): \(characters.joined(separator: ", "))",
        at: label.location,
        notes: [.init("install a font that covers them, or name one with 'font.file'")])
    } else if label.language != nil,
      case let fallbacks = fit.families.filter({ family in
        !primary.contains { $0.caseInsensitiveCompare(family) == .orderedSame }
      }),
      !fallbacks.isEmpty
    {
      diagnostics.add(
        .fontSubstituted,
        "\(label.described) is drawn with '\(fallbacks.joined(separator: "', '"))': '\(primary.first ?? "")' lacks some of its "
          + "characters",
        at: label.location,
        notes: [.init("add a font that has them to 'font.family' (a list, such as \"DejaVu Sans, VL Gothic\")")])
    }

  }

  /// What the renderer found wrong with `file` (or a member of its source set), the file named
  /// from the directory the spec wrote, as the spec's own checks name it: not by its absolute path.
  static func message(_ error: any Error, for file: FileReference?) -> String {
    switch error {
    case RenderError.imageFile(let path, let reason): return "cannot use image '\(shown(path, as: file))': \(reason)"
    case RenderError.fontFile(let path, let reason): return "cannot use font '\(shown(path, as: file))': \(reason)"
    default: return "\(error)"
    }
  }

  private static func shown(_ path: String, as file: FileReference?) -> String {
    guard let file else { return path }
    let directory = file.url.deletingLastPathComponent().path
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    guard path.hasPrefix(prefix) else { return path }
    let written = (file.path as NSString).deletingLastPathComponent
    let name = path.dropFirst(prefix.count)
    return written.isEmpty ? String(name) : written + "/" + name
  }

  /// `bad-image` for an SVG or PDF that cannot be drawn, `not-a-png` for the rest.
  static func rule(forFile path: String) -> DiagnosticRule {
    ["svg", "pdf"].contains((path as NSString).pathExtension.lowercased()) ? .badImage : .notAPNG
  }
}

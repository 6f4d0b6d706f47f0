import ButtonCore
import ButtonRender
import ButtonSpec

/// What the configured formats need of the buttons, checked when planning so `lint` reports
/// it: names each platform accepts, one owner for every file, catalog slot and Android
/// resource name, the scales a catalog has, touch targets, and stretch regions a catalog can
/// express.
struct PlatformChecker {
  let formats: [OutputFormat]

  /// Apple's minimum touch target, in points.
  static let appleTouchTarget = 44.0
  /// Material Design's minimum touch target, in points.
  static let materialTouchTarget = 48.0

  /// The problems of `button` in the formats.
  func check(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    checkName(button, into: &diagnostics)
    checkLook(button, into: &diagnostics)
  }

  /// What the formats make of the button's name: checked for every button, since a mistake
  /// elsewhere in it changes nothing there.
  func checkName(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    if formats.contains(.android) { checkAndroidName(button, into: &diagnostics) }
    if formats.contains(.files), formats.contains(.android), button.name == "res" {
      diagnostics.add(
        .duplicateOutput, "a button named 'res' would put its files inside the Android resources' 'res/' directory",
        at: button.location, notes: [.init("rename the button")])
    }
  }

  /// What the formats make of the button's scales, stretch and size: checked for buttons
  /// without errors, whose values are what was meant.
  func checkLook(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    if formats.contains(.xcassets) {
      checkCatalogScales(button, into: &diagnostics)
      checkCatalogStretch(button, into: &diagnostics)
    }
    if formats.contains(.swift) { checkSwiftStretch(button, into: &diagnostics) }
    if formats.contains(.android) {
      checkAndroidTiling(button, into: &diagnostics)
      checkAndroidContent(button, into: &diagnostics)
    }
    checkTouchTarget(button, into: &diagnostics)
  }

  private func checkAndroidName(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    let name = OutputNaming.androidName(button: button.name)
    // The bare name is a resource only as the state list of a button with several states.
    guard OutputNaming.javaKeywords.contains(name), button.states.count > 1 else { return }
    diagnostics.add(
      .invalidAssetName, "'\(button.name)' is a Java keyword, which Android refuses as a resource name",
      at: button.location, notes: [.init("rename the button, for example '\(button.name)-button'")])
  }

  private func checkCatalogScales(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    let missing = button.scales.filter { !OutputNaming.catalogScales.contains($0.value) }
    guard !missing.isEmpty else { return }
    // No scale fits: said once, of the button, at its first scale.
    if missing.count == button.scales.count {
      diagnostics.add(
        .scaleNotInCatalog,
        "button '\(Diagnostic.shown(button.name))' has no image in the asset catalog: a catalog has slots for 1x, 2x "
          + "and 3x only", at: missing[0].location)
      return
    }
    let elsewhere = formats.contains { $0.hasImages && $0 != .xcassets }
    for scale in missing {
      diagnostics.add(
        Diagnostic(
          .scaleNotInCatalog,
          "the asset catalog has no slot for scale \(formatScale(scale.value)); "
            + (elsewhere ? "those images are written in the other formats only" : "no image is written at that scale"),
          at: scale.location),
        foundIn: button.name, at: button.location)
    }
  }

  private func checkTouchTarget(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    let minimum: Double
    let whose: String
    switch button.touchTarget.value {
    case .ignore: return
    case .minimum(let points):
      (minimum, whose) = (points, "set by 'touch-target'")
    case .platform:
      if formats.contains(.android) {
        (minimum, whose) = (Self.materialTouchTarget, "Material Design's guideline")
      } else if formats.contains(.xcassets) {
        (minimum, whose) = (Self.appleTouchTarget, "Apple's guideline")
      } else {
        return
      }
    }
    let size = button.size
    guard size.width > 0, size.height > 0, size.width < minimum || size.height < minimum else { return }
    diagnostics.add(
      .smallTouchTarget,
      "button '\(Diagnostic.shown(button.name))' is \(formatScale(size.width)) x \(formatScale(size.height)) pt, smaller than "
        + "the minimum touch target of \(formatScale(minimum)) x \(formatScale(minimum)) pt (\(whose))",
      at: button.sizeLocation,
      notes: [.init("add 'touch-target: ignore' to the button when its tappable area is larger than its image")])
  }

  // MARK: Collisions

  /// A name two images cannot share: a file path, a catalog asset, an Android resource.
  private struct Slot: Hashable {
    var space: String
    var name: String
  }

  /// Whose a slot is: one button's one state (and frame), or its state list.
  private struct Owner: Equatable {
    var button: String
    var part: String
    var source: SourceLocation
  }

  /// Reports every slot two owners would take, naming both buttons; and every path written twice.
  func checkCollisions(_ jobs: [PlannedJob], into diagnostics: inout Diagnostics) {
    // Each path's first job, by its index: an owner record per path took 31 MB at 150,000 images.
    var paths: [String: Int] = [:]
    paths.reserveCapacity(jobs.count)
    var owners: [Slot: Owner] = [:]
    // Two buttons that meet once meet in every state: they are reported at their first slot.
    var reported = Set<[String]>()
    var androidStates: [String: (states: [ButtonState: Int], source: SourceLocation)] = [:]
    func claim(_ slot: Slot, by owner: Owner, what: String) {
      guard let earlier = owners[slot] else {
        owners[slot] = owner
        return
      }
      let meeting =
        earlier.button == owner.button
        ? [owner.button] + [earlier.part, owner.part].sorted() : [earlier.button, owner.button].sorted()
      guard earlier.button != owner.button || earlier.part != owner.part, reported.insert(meeting).inserted else {
        return
      }
      diagnostics.add(
        .duplicateOutput,
        "buttons '\(earlier.button)' and '\(owner.button)' would both be \(what) '\(slot.name)'",
        at: owner.source, notes: [.init("'\(earlier.button)' is here", at: earlier.source)])
    }
    for (index, planned) in jobs.enumerated() {
      let job = planned.job
      for path in [planned.path] + (job.hitMaskThreshold == nil ? [] : [planned.hitMaskPath]) {
        guard let earlier = paths[path].map({ jobs[$0] }) else {
          paths[path] = index
          continue
        }
        // Two buttons' paths meet only where their names do, which the name checks report; one
        // button's jobs of the same state, appearance, scale, frame and language meet only where
        // a scale or an appearance is listed twice, which the spec check reports, once.
        guard earlier.job.button == job.button, !Self.isRepeat(earlier, of: planned) else { continue }
        diagnostics.add(
          .duplicateOutput, "two images would be written to '\(path)'", at: planned.source,
          notes: [.init("the other comes from here", at: earlier.source)])
      }
      // Made only for the slots a catalog or Android resources have: files have paths alone.
      func owner() -> Owner {
        Owner(
          button: job.button, part: "\(job.state.rawValue)\(job.frame.map { "-\($0)" } ?? "")", source: planned.source)
      }
      switch planned.format {
      case .files, .swift:
        break
      case .xcassets:
        // Asset names are case-insensitive, as macOS's file system is.
        claim(
          Slot(space: "catalog", name: OutputNaming.imageSetName(for: job).lowercased()), by: owner(),
          what: "the asset catalog's")
        if job.hitMaskThreshold != nil {
          let dataSet = OutputNaming.hitMaskDataSetName(imageSet: OutputNaming.imageSetName(for: job), scale: job.scale)
          claim(Slot(space: "catalog", name: dataSet.lowercased()), by: owner(), what: "the asset catalog's")
        }
      case .android:
        claim(
          Slot(space: "drawable", name: OutputNaming.androidName(for: job)), by: owner(), what: "the Android drawable")
        if job.hitMaskThreshold != nil {
          claim(
            Slot(space: "raw", name: OutputNaming.androidName(for: job) + "_hitmask"), by: owner(),
            what: "the Android raw resource")
        }
        let frames = max(androidStates[job.button]?.states[job.state] ?? 0, (job.frame ?? 0) + 1)
        androidStates[job.button, default: ([:], planned.source)].states[job.state] = frames
      }
    }
    for (button, entry) in androidStates.sorted(by: { $0.key < $1.key }) {
      for name in AndroidResources.drawableNames(button: button, states: entry.states) {
        claim(
          Slot(space: "drawable", name: name), by: Owner(button: button, part: "xml \(name)", source: entry.source),
          what: "the Android drawable")
      }
    }
  }

  /// With the `swift` format, two buttons whose names become one Swift name (`buy-now` and
  /// `buy_now` are both `buyNow`).
  func checkSwiftNames(_ buttons: [ButtonDefinition], into diagnostics: inout Diagnostics) {
    guard formats.contains(.swift) else { return }
    var owners: [String: ButtonDefinition] = [:]
    for button in buttons where SpecValidator.isValidAssetName(button.name) {
      let property = SwiftIdentifier.property(for: button.name)
      if let earlier = owners[property], earlier.name != button.name {
        diagnostics.add(
          .duplicateOutput,
          "buttons '\(Diagnostic.shown(earlier.name))' and '\(Diagnostic.shown(button.name))' would both be the Swift property '\(property)'",
          at: button.location, notes: [.init("'\(Diagnostic.shown(earlier.name))' is here", at: earlier.location)])
      } else if owners[property] == nil {
        owners[property] = button
      }
    }
  }

  /// Whether `planned` is `earlier` again: the same image, written in the same format.
  private static func isRepeat(_ earlier: PlannedJob, of planned: PlannedJob) -> Bool {
    let (a, b) = (earlier.job, planned.job)
    return earlier.format == planned.format && a.state == b.state && a.appearance == b.appearance
      && a.scale == b.scale && a.frame == b.frame && a.locale == b.locale
  }
}

import ButtonCore

extension SpecValidator {
  /// Checks each state's `stretch` against the button: every region inside it, regions in
  /// order without overlapping, and a content box with room in it. (A `stretch` the states
  /// share is reported once: the same diagnostics.)
  func checkStretch(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    guard button.size.width > 0, button.size.height > 0 else { return }
    for stretch in button.states.compactMap(\.stretch) { checkStretch(stretch, of: button, into: &diagnostics) }
  }

  private func checkStretch(_ stretch: StretchSpec, of button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    for (regions, length, axis) in [(stretch.x, button.size.width, "width"), (stretch.y, button.size.height, "height")]
    {
      var previous: StretchRegion?
      for region in regions {
        if region.value.from >= region.value.to {
          diagnostics.add(
            .invalidStretch, "stretch insets leave nothing of the button's \(axis) of \(format(length)) pt to stretch",
            at: region.location)
        } else if region.value.to > length {
          diagnostics.add(
            .invalidStretch,
            "stretch region [\(format(region.value.from)), \(format(region.value.to))] reaches past the button's "
              + "\(axis) of \(format(length)) pt",
            at: region.location, notes: [.init("regions are in points from the button's left and top edges")])
        } else if let previous, region.value.from < previous.to {
          diagnostics.add(
            .invalidStretch, "stretch regions must be in order and must not overlap", at: region.location)
        }
        previous = region.value
      }
    }
    // The content box: as written, or the normal state's padding.
    let insets = stretch.content?.value ?? button.states.first?.look.padding ?? Insets(all: 0)
    if insets.left + insets.right >= button.size.width || insets.top + insets.bottom >= button.size.height {
      diagnostics.add(
        .invalidStretch,
        "stretch \(stretch.content == nil ? "content (the padding)" : "content insets") leave no content box in a "
          + "\(format(button.size.width)) x \(format(button.size.height)) pt button",
        at: stretch.content?.location ?? stretch.location,
        notes: stretch.content == nil ? [.init("set 'content: [top, left, bottom, right]' in 'stretch'")] : [])
    }
  }

  private func format(_ value: Double) -> String {
    value.rounded() == value ? String(Int(value)) : String(value)
  }
}

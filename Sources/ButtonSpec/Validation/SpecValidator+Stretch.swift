import ButtonCore

extension SpecValidator {
  /// Checks each state's `stretch` against that state's image: every region on the button,
  /// regions in order without overlapping, and room in a content box written. Regions and
  /// insets are measured from the image's edges, which a shadow or an outside border moves
  /// past the button's. (A `stretch` that states with one image size share is reported once:
  /// the same diagnostics.)
  func checkStretch(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    guard button.size.width > 0, button.size.height > 0 else { return }
    for state in button.states {
      guard let stretch = state.stretch else { continue }
      checkStretch(
        stretch, of: button.size, margin: state.look.outerMargin, owner: button.imageOwner(of: state),
        into: &diagnostics)
    }
  }

  private func checkStretch(
    _ stretch: StretchSpec, of size: Size, margin: Insets, owner: String,
    into diagnostics: inout Diagnostics
  ) {
    let image = size.grown(by: margin)
    let regions = stretch.regions(inImageOf: image)
    let axes = [
      (regions.x, "width", margin.left, size.width, image.width),
      (regions.y, "height", margin.top, size.height, image.height),
    ]
    for (regions, axis, start, length, imageLength) in axes {
      var previous: StretchRegion?
      for region in regions {
        let (from, to) = (region.value.from, region.value.to)
        if from >= to {
          diagnostics.add(
            .invalidStretch,
            owner + "stretch insets leave nothing of the \(imageLength == length ? "button" : "image")'s \(axis) of "
              + "\(formatNumber(imageLength)) pt to stretch",
            at: region.location)
        } else if from < start || to > start + length {
          diagnostics.add(
            .invalidStretch,
            owner
              + outsideMessage(
                from: from, to: to, insets: stretch.insets != nil, axis: axis, start: start, length: length),
            at: region.location, notes: [.init("stretch is measured in points from the image's left and top edges")])
        } else if let previous, from < previous.to {
          diagnostics.add(.invalidStretch, "stretch regions must be in order and must not overlap", at: region.location)
        }
        previous = region.value
      }
    }
    // The content box as written. (The default one, the normal state's padding and the border
    // inside its edge, only Android's nine-patches take: `PlatformChecker` checks it.)
    if let written = stretch.content, !Stretch.leavesContent(written.value, in: image) {
      diagnostics.add(
        .invalidStretch,
        owner + "stretch content insets leave no content box in a "
          + "\(formatNumber(image.width)) x \(formatNumber(image.height)) pt \(image == size ? "button" : "image")",
        at: written.location)
    }
  }

  /// Why a region off the button is refused: past the button's end or, in a larger image,
  /// where the button spans in it.
  private func outsideMessage(from: Double, to: Double, insets: Bool, axis: String, start: Double, length: Double)
    -> String
  {
    let span = "[\(formatNumber(from)), \(formatNumber(to))]"
    let what = insets ? "the part between the stretch insets, \(span)," : "stretch region \(span)"
    guard start > 0 else { return "\(what) reaches past the button's \(axis) of \(formatNumber(length)) pt" }
    return
      "\(what) is not all on the button, which spans [\(formatNumber(start)), \(formatNumber(start + length))] pt of its "
      + "image's \(axis) (the image is larger for a shadow or an outside border)"
  }
}

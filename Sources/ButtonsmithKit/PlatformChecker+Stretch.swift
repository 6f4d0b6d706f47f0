import ButtonCore
import ButtonSpec

extension PlatformChecker {
  /// An asset catalog's image stretches one region per axis.
  func checkCatalogStretch(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    checkOneRegionPerAxis(
      button, taker: "an asset catalog's image stretches", others: "catalogs take one", into: &diagnostics)
  }

  /// Each state's `stretch` has one region per axis at most, as `taker` (a catalog's image, the
  /// Swift accessors) stretches, unlike Android's nine-patches (`others` says what it takes).
  private func checkOneRegionPerAxis(
    _ button: ButtonDefinition, taker: String, others: String, into diagnostics: inout Diagnostics
  ) {
    for stretch in button.states.compactMap(\.stretch) {
      for regions in [stretch.x, stretch.y] where regions.count > 1 {
        diagnostics.add(
          .invalidStretch, "\(taker) one region per axis; this axis has \(regions.count)",
          at: regions[1].location, notes: [.init("Android's nine-patches take several; \(others)")])
      }
    }
  }

  /// A nine-patch stretches the part between its marks and has no way to tile it: a state that
  /// tiles its centre (as a catalog's image and the Swift accessors do) stretches on Android.
  func checkAndroidTiling(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    for stretch in button.states.compactMap(\.stretch) where stretch.center == .tile {
      diagnostics.add(
        .stretchNotTiled,
        "Android's nine-patches cannot tile: the Android image of button '\(Diagnostic.shown(button.name))' stretches its centre",
        at: stretch.centerLocation ?? stretch.location,
        notes: [
          .init(
            "the asset catalog and the Swift accessors tile it; for a pattern on Android, draw the centre as a "
              + "<bitmap android:tileMode=\"repeat\"> of your own")
        ])
    }
  }

  /// A nine-patch's content box, where Android lays out a view's content, by default the normal
  /// state's padding and the border inside its edge (`ButtonLook.contentInsets`), leaves room in
  /// each state's image. (Only nine-patches have a content box; one written in `stretch` is
  /// checked with the spec.)
  func checkAndroidContent(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    guard button.size.width > 0, button.size.height > 0, let normal = button.states.first else { return }
    for state in button.states {
      guard let stretch = state.stretch, stretch.content == nil else { continue }
      let margin = state.look.outerMargin
      let image = button.size.grown(by: margin)
      let content = stretch.resolved(buttonSize: button.size, margin: margin, padding: normal.look.contentInsets)
        .content
      guard !Stretch.leavesContent(content, in: image) else { continue }
      diagnostics.add(
        .invalidStretch,
        button.imageOwner(of: state)
          + "the content box of Android's nine-patch (the padding and the border inside the edge) leaves no "
          + "room in a \(formatNumber(image.width)) x \(formatNumber(image.height)) pt "
          + (image == button.size ? "button" : "image"),
        at: stretch.location,
        notes: [.init("set 'content: [top, left, bottom, right]' in 'stretch', or a smaller 'padding'")])
    }
  }

  /// The Swift accessors give a button one set of cap insets, the `normal` state's, from the
  /// image's edges, with one region per axis (as UIKit's and SwiftUI's resizable images take):
  /// a state whose image they would slice elsewhere is an error. That is a state that stretches
  /// otherwise, or one whose image has another size (a shadow or an outside border of its own)
  /// when its regions are measured from the left and top edges.
  func checkSwiftStretch(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    guard let normal = button.states.first else { return }
    let note = Diagnostic.Note("give every state the same cap insets in its image, or leave 'swift' out of the formats")
    // With a catalog, its check says the same.
    if !formats.contains(.xcassets) {
      checkOneRegionPerAxis(
        button, taker: "the Swift accessors stretch", others: "UIKit and SwiftUI take one", into: &diagnostics)
    }
    let caps = SwiftCaps(normal, size: button.size)
    for state in button.states.dropFirst() where SwiftCaps(state, size: button.size) != caps {
      if SwiftCaps(state, size: button.size, margin: normal.look.outerMargin) != caps {
        diagnostics.add(
          .invalidStretch,
          "state '\(state.state.rawValue)' stretches otherwise than 'normal', and the Swift accessors give a button "
            + "one set of cap insets",
          at: state.stretch?.location ?? state.location, notes: [note])
      } else {
        diagnostics.add(
          .invalidStretch,
          "state '\(state.state.rawValue)' has an image of another size than 'normal' (a shadow or an outside "
            + "border), so its stretch regions leave other cap insets, and the Swift accessors give a button one "
            + "set of cap insets",
          at: state.location, notes: [note])
      }
    }
  }
}

/// What the Swift accessors make of a state's `stretch`: its cap insets from its image's edges,
/// in points, and how the centre fills.
private struct SwiftCaps: Equatable {
  var insets: Insets?
  var center: Stretch.Center?

  /// The caps of `state`'s image, which reaches `margin` past a `size` button (by default the
  /// state's own shadow's and border's).
  init(_ state: StateLook, size: Size, margin: Insets? = nil) {
    let margin = margin ?? state.look.outerMargin
    guard let stretch = state.stretch?.resolved(buttonSize: size, margin: margin, padding: Insets(all: 0)) else {
      return
    }
    insets = stretch.capInsets
    center = stretch.center
  }
}

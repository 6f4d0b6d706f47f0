extension SwiftSource {
  /// A `ButtonStyle` showing the pressed and disabled images: compiled where SwiftUI exists.
  static let swiftUICode = #"""
    #if canImport(SwiftUI)
      extension Buttons {
        /// A button style that shows the images of `asset`: pressed shows the highlighted image,
        /// disabled the disabled one, each when the button has it (a state drawn as spinner frames
        /// by its first frame). The label stays for accessibility; the images draw it.
        @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
        public struct Style: SwiftUI.ButtonStyle {
          /// The button whose images are shown.
          public let asset: Asset
          /// Where the asset catalog is: the main bundle when `nil`.
          public let bundle: Foundation.Bundle?
          @SwiftUI.Environment(\.isEnabled) private var isEnabled: Bool

          public init(_ asset: Asset, bundle: Foundation.Bundle? = nil) {
            self.asset = asset
            self.bundle = bundle
          }

          public func makeBody(configuration: Self.Configuration) -> some SwiftUI.View {
            let state = shownState(isPressed: configuration.isPressed)
            return image(for: state).accessibilityRepresentation { configuration.label }
          }

          @MainActor
          private func shownState(isPressed: Bool) -> State {
            let shown: State = !isEnabled ? .disabled : isPressed ? .highlighted : .normal
            return asset.states.contains(shown) ? shown : .normal
          }

          @MainActor
          private func image(for state: State) -> SwiftUI.Image {
            let frame: Int? = asset.frames[state] == nil ? nil : 0
            let image = SwiftUI.Image(asset.imageName(for: state, frame: frame), bundle: bundle)
            guard let capInsets = asset.capInsets else { return image }
            return image.resizable(
              capInsets: SwiftUI.EdgeInsets(
                top: capInsets.top, leading: capInsets.left, bottom: capInsets.bottom, trailing: capInsets.right),
              resizingMode: asset.tiles ? .tile : .stretch)
          }
        }
      }

      @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
      extension Buttons.Asset {
        /// A button style showing this button's images.
        @MainActor
        public func style(bundle: Foundation.Bundle? = nil) -> Buttons.Style {
          Buttons.Style(self, bundle: bundle)
        }
      }
    #endif
    """#
}

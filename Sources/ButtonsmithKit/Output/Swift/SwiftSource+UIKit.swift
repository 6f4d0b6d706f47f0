extension SwiftSource {
  /// State images on a `UIButton`, hit testing from the hit mask, and catalog look-ups: compiled
  /// where UIKit exists.
  static let uiKitCode = #"""
    #if canImport(UIKit)
      extension Buttons.State {
        /// The control state showing this state's image; `nil` for `loading`, which UIKit lacks.
        public var controlState: UIControl.State? {
          switch self {
          case .normal: return .normal
          case .highlighted: return .highlighted
          case .disabled: return .disabled
          case .selected: return .selected
          case .focused: return .focused
          case .loading: return nil
          }
        }
      }

      extension Buttons.Asset {
        /// The image of `state` from the asset catalog in `bundle` (the main bundle when `nil`),
        /// resizable with the cap insets when the button stretches; a state drawn as spinner frames
        /// is an animated image of one turn.
        @MainActor
        public func image(for state: Buttons.State, in bundle: Bundle? = nil) -> UIImage? {
          if let count = frames[state] {
            let images = (0..<count).compactMap {
              UIImage(named: imageName(for: state, frame: $0), in: bundle, compatibleWith: nil)
            }
            guard images.count == count else { return nil }
            return UIImage.animatedImage(with: images, duration: spinnerPeriod ?? 1)
          }
          guard let image = UIImage(named: imageName(for: state), in: bundle, compatibleWith: nil) else { return nil }
          guard let capInsets else { return image }
          return image.resizableImage(
            withCapInsets: UIEdgeInsets(
              top: capInsets.top, left: capInsets.left, bottom: capInsets.bottom, right: capInsets.right),
            resizingMode: tiles ? .tile : .stretch)
        }

        /// The hit mask of `state` at the scale closest to `scale` from above, from the asset
        /// catalog's data sets in `bundle`.
        @MainActor
        public func hitMask(for state: Buttons.State = .normal, scale: Double, in bundle: Bundle? = nil) -> Buttons.HitMask? {
          guard hitMaskThreshold != nil, states.contains(state) else { return nil }
          let name = hitMaskDataSetName(for: state, scale: bestScale(for: scale))
          guard let asset = NSDataAsset(name: name, bundle: bundle ?? .main) else { return nil }
          return try? Buttons.HitMask(png: asset.data)
        }
      }

      extension UIButton {
        /// Sets every state's image of `asset` as this button's background image, from the asset
        /// catalog in `bundle`, and clears the title: the images hold the label.
        @MainActor
        public func setImages(of asset: Buttons.Asset, in bundle: Bundle? = nil) {
          for state in asset.states {
            guard let controlState = state.controlState else { continue }
            setBackgroundImage(asset.image(for: state, in: bundle), for: controlState)
          }
          setTitle(nil, for: .normal)
        }
      }

      /// A button that takes a touch only where its current image was hit (see `hit-mask`): the
      /// hit masks of `asset` answer `point(inside:with:)` instead of the bounds.
      @MainActor
      open class HitMaskButton: UIButton {
        /// The button shown; setting it sets every state's image.
        public var asset: Buttons.Asset? {
          didSet {
            masks = [:]
            if let asset { setImages(of: asset, in: bundle) }
          }
        }
        /// Where the asset catalog is: the main bundle when `nil`.
        public var bundle: Bundle?
        private var masks: [Buttons.State: Buttons.HitMask] = [:]

        open override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
          guard super.point(inside: point, with: event), let asset else { return false }
          let state = currentState(of: asset)
          let mask = masks[state] ?? asset.hitMask(for: state, scale: Double(traitCollection.displayScale), in: bundle)
          guard let mask else { return true }
          masks[state] = mask
          return mask.contains(
            x: Double(point.x), y: Double(point.y), viewWidth: Double(bounds.width), viewHeight: Double(bounds.height))
        }

        private func currentState(of asset: Buttons.Asset) -> Buttons.State {
          let shown: Buttons.State =
            !isEnabled ? .disabled : isHighlighted ? .highlighted : isSelected ? .selected : isFocused ? .focused : .normal
          return asset.states.contains(shown) ? shown : .normal
        }
      }
    #endif
    """#
}

extension SwiftSource {
  /// State images on a `UIButton`, hit testing from the hit mask, and catalog look-ups: compiled
  /// where UIKit exists.
  static let uiKitCode = #"""
    #if canImport(UIKit) && !os(watchOS)
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
        public func image(for state: Buttons.State, in bundle: Foundation.Bundle? = nil) -> UIImage? {
          if let count = frames[state] {
            let images = (0..<count).compactMap {
              UIImage(named: imageName(for: state, frame: $0), in: bundle, compatibleWith: nil)
            }
            guard images.count == count else { return nil }
            return UIImage.animatedImage(with: images, duration: spinnerPeriods[state] ?? 1)
          }
          guard let image = UIImage(named: imageName(for: state), in: bundle, compatibleWith: nil) else { return nil }
          guard let capInsets else { return image }
          return image.resizableImage(
            withCapInsets: UIEdgeInsets(
              top: capInsets.top, left: capInsets.left, bottom: capInsets.bottom, right: capInsets.right),
            resizingMode: tiles ? .tile : .stretch)
        }

        /// The hit mask of `state` from the asset catalog's data sets in `bundle`, at the catalog
        /// scale (1, 2 or 3) closest to `scale` from above; with the scale it was drawn at. A state
        /// drawn as spinner frames answers with its first frame's.
        @MainActor
        public func hitMask(
          for state: Buttons.State = .normal, scale: Double, in bundle: Foundation.Bundle? = nil
        ) -> (mask: Buttons.HitMask, scale: Double)? {
          let catalogScales = scales.filter { [1, 2, 3].contains($0) }
          let frame: Int? = frames[state] == nil ? nil : 0
          guard hitMaskThreshold != nil, states.contains(state),
            let best = catalogScales.filter({ $0 >= scale }).min() ?? catalogScales.max(),
            let asset = NSDataAsset(
              name: hitMaskDataSetName(for: state, scale: best, frame: frame), bundle: bundle ?? .main),
            let mask = try? Buttons.HitMask(png: asset.data)
          else { return nil }
          return (mask, best)
        }
      }

      extension UIButton {
        /// Sets every state's image of `asset` as this button's background image, from the asset
        /// catalog in `bundle`, and clears the title: the images hold the label. A button with a
        /// `UIButton.Configuration` ignores background images; use one without (`.custom`).
        @MainActor
        public func setImages(of asset: Buttons.Asset, in bundle: Foundation.Bundle? = nil) {
          for state in asset.states {
            guard let controlState = state.controlState else { continue }
            setBackgroundImage(asset.image(for: state, in: bundle), for: controlState)
          }
          setTitle(nil, for: .normal)
        }
      }

      extension Buttons {
        /// A button that takes a touch only where its current image was hit (see `hit-mask`): the
        /// hit masks of `asset` answer `point(inside:with:)` instead of the bounds, stretched as
        /// the image is.
        @MainActor
        open class HitMaskButton: UIButton {
          /// The button shown; setting it sets every state's image.
          public var asset: Buttons.Asset? {
            didSet { reload() }
          }
          /// Where the asset catalog is: the main bundle when `nil`.
          public var bundle: Foundation.Bundle? {
            didSet { reload() }
          }
          private var masks: [String: (mask: Buttons.HitMask, scale: Double)] = [:]

          private func reload() {
            masks = [:]
            if let asset { setImages(of: asset, in: bundle) }
          }

          open override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            // Without an asset (before one is set, or with images set otherwise) it is a UIButton.
            guard let asset else { return super.point(inside: point, with: event) }
            guard super.point(inside: point, with: event) else { return false }
            let state = currentState(of: asset)
            let screenScale = Double(traitCollection.displayScale)
            // A dark image may have another shape: masks are kept per appearance, and read as the
            // button's traits choose the data set's entry.
            let key = "\(state.rawValue)@\(screenScale)-\(traitCollection.userInterfaceStyle.rawValue)"
            var found = masks[key]
            if found == nil {
              if #available(iOS 13, tvOS 13, *) {
                traitCollection.performAsCurrent { found = asset.hitMask(for: state, scale: screenScale, in: bundle) }
              } else {
                found = asset.hitMask(for: state, scale: screenScale, in: bundle)
              }
            }
            guard let found else { return true }
            masks[key] = found
            return asset.hits(
              found.mask, scale: found.scale, x: Double(point.x), y: Double(point.y),
              viewWidth: Double(bounds.width), viewHeight: Double(bounds.height))
          }

          private func currentState(of asset: Buttons.Asset) -> Buttons.State {
            let shown: Buttons.State
            if !isEnabled {
              shown = .disabled
            } else if isHighlighted {
              shown = .highlighted
            } else if isSelected {
              shown = .selected
            } else {
              shown = isFocused ? .focused : .normal
            }
            return asset.states.contains(shown) ? shown : .normal
          }
        }
      }
    #endif
    """#
}

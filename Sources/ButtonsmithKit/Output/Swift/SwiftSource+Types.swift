extension SwiftSource {
  /// A button's states, appearances, cap insets and `Asset`: its names, paths and hit testing.
  static let typesCode = #"""
      /// A control state with an image of its own.
      public enum State: String, CaseIterable, Hashable, Sendable {
        case normal, highlighted, disabled, selected, loading, focused
      }

      /// The appearance an image was drawn for.
      public enum Appearance: String, CaseIterable, Hashable, Sendable {
        case light, dark
      }

      /// Cap insets in points: the parts of a stretchable image that keep their size.
      public struct Insets: Hashable, Sendable {
        public var top: Double
        public var left: Double
        public var bottom: Double
        public var right: Double

        public init(top: Double, left: Double, bottom: Double, right: Double) {
          self.top = top
          self.left = left
          self.bottom = bottom
          self.right = right
        }
      }

      /// One button of the specs: the images of its states, how they stretch, and its hit masks.
      ///
      /// Image names are the asset catalog's (`checkout`, `checkout-highlighted`), which picks the
      /// appearance, scale and language itself; paths are the `files` layout's, relative to the
      /// directory the images were published or copied into.
      public struct Asset: Hashable, Sendable {
        /// The button's asset name.
        public let name: String
        /// Its size in points, without a shadow or outside border.
        public let width: Double
        /// Its height in points.
        public let height: Double
        /// The states drawn, in `State` order.
        public let states: [State]
        /// The spinner frames of each state drawn as an animation; other states have one image.
        public let frames: [State: Int]
        /// Seconds per turn of the spinner of each state drawn as frames.
        public let spinnerPeriods: [State: Double]
        /// The scales drawn.
        public let scales: [Double]
        /// The appearances drawn.
        public let appearances: [Appearance]
        /// Languages with images of their own; the development language uses the unlocalized paths.
        public let languages: [String]
        /// The cap insets, when the image stretches.
        public let capInsets: Insets?
        /// Whether the stretched part repeats instead of scaling.
        public let tiles: Bool
        /// The alpha a pixel had to exceed to be hit, when the button has hit masks.
        public let hitMaskThreshold: Double?

        public init(
          name: String, width: Double, height: Double, states: [State], frames: [State: Int] = [:],
          spinnerPeriods: [State: Double] = [:], scales: [Double], appearances: [Appearance], languages: [String] = [],
          capInsets: Insets? = nil, tiles: Bool = false, hitMaskThreshold: Double? = nil
        ) {
          self.name = name
          self.width = width
          self.height = height
          self.states = states
          self.frames = frames
          self.spinnerPeriods = spinnerPeriods
          self.scales = scales
          self.appearances = appearances
          self.languages = languages
          self.capInsets = capInsets
          self.tiles = tiles
          self.hitMaskThreshold = hitMaskThreshold
        }

        /// The asset catalog's image set of `state` (of spinner `frame`, when it has frames).
        public func imageName(for state: State, frame: Int? = nil) -> String {
          var name = self.name
          if state != .normal || frame != nil { name += "-" + state.rawValue }
          if let frame { name += "-f" + Self.twoDigits(frame) }
          return name
        }

        /// The asset catalog's data set holding the hit mask of `state` (or of its spinner's
        /// `frame`) at `scale`.
        public func hitMaskDataSetName(for state: State = .normal, scale: Double, frame: Int? = nil) -> String {
          imageName(for: state, frame: frame) + "-hitmask-" + Self.scaleName(scale) + "x"
        }

        /// The path of an image in the `files` layout: `name/[language/]state[-fNN][-dark][@Nx].png`.
        /// A language without images of its own has the development language's; an appearance the
        /// button is not drawn in, the one it is (a button drawn only dark is dark in light mode
        /// too, as a catalog's Any entry and Android's default resources make it).
        public func filePath(
          for state: State, scale: Double = 1, appearance: Appearance = .light, language: String? = nil,
          frame: Int? = nil
        ) -> String {
          var path = name + "/"
          if let language, languages.contains(language) { path += language + "/" }
          path += state.rawValue
          if let frame { path += "-f" + Self.twoDigits(frame) }
          if (appearances.contains(appearance) ? appearance : appearances.first) == .dark { path += "-dark" }
          if scale != 1 { path += "@" + Self.scaleName(scale) + "x" }
          return path + ".png"
        }

        /// The path of a hit mask in the `files` layout: the image's (the spinner `frame`'s for a
        /// state drawn as frames), with `.hitmask` before `.png`.
        public func hitMaskPath(
          for state: State = .normal, scale: Double = 1, appearance: Appearance = .light, language: String? = nil,
          frame: Int? = nil
        ) -> String {
          let image = filePath(for: state, scale: scale, appearance: appearance, language: language, frame: frame)
          return String(image.dropLast(4)) + ".hitmask.png"
        }

        /// Reads the hit mask of `state` (or of its spinner's `frame`) at `scale` from `directory`, a
        /// copy of the `files` layout.
        public func hitMask(
          for state: State = .normal, scale: Double, appearance: Appearance = .light, language: String? = nil,
          frame: Int? = nil, in directory: Foundation.URL
        ) throws -> HitMask {
          let path = hitMaskPath(for: state, scale: scale, appearance: appearance, language: language, frame: frame)
          return try HitMask(png: Foundation.Data(contentsOf: directory.appendingPathComponent(path)))
        }

        /// The drawn scale closest to `scale` from above, else the largest.
        public func bestScale(for scale: Double) -> Double {
          scales.filter { $0 >= scale }.min() ?? scales.max() ?? 1
        }

        /// Whether the point (`x`, `y`) of a view `viewWidth` x `viewHeight` showing this button's
        /// image is hit, by `mask` drawn at `scale`: the caps of a stretchable image keep their size
        /// and only the part between them stretches (or repeats), as the image does.
        public func hits(
          _ mask: HitMask, scale: Double, x: Double, y: Double, viewWidth: Double, viewHeight: Double
        ) -> Bool {
          guard let capInsets, scale > 0 else {
            return mask.contains(x: x, y: y, viewWidth: viewWidth, viewHeight: viewHeight)
          }
          let column = Self.natural(
            x, length: viewWidth, natural: Double(mask.width) / scale, caps: (capInsets.left, capInsets.right),
            tiles: tiles)
          let row = Self.natural(
            y, length: viewHeight, natural: Double(mask.height) / scale, caps: (capInsets.top, capInsets.bottom),
            tiles: tiles)
          guard let column, let row else { return false }
          return mask.contains(x: Int((column * scale).rounded(.down)), y: Int((row * scale).rounded(.down)))
        }

        /// Where `position` along a view `length` long falls in the image, `natural` long.
        static func natural(
          _ position: Double, length: Double, natural: Double, caps: (Double, Double), tiles: Bool
        ) -> Double? {
          guard position.isFinite, length > 0, position >= 0, position < length else { return nil }
          let middle = natural - caps.0 - caps.1
          let stretched = length - caps.0 - caps.1
          guard middle > 0, stretched > 0 else { return position / length * natural }
          if position < caps.0 { return position }
          if position >= length - caps.1 { return natural - (length - position) }
          let into = position - caps.0
          return caps.0 + (tiles ? into.truncatingRemainder(dividingBy: middle) : into / stretched * middle)
        }

        static func scaleName(_ scale: Double) -> String {
          scale.rounded() == scale ? String(Int(scale)) : String(scale)
        }

        static func twoDigits(_ number: Int) -> String {
          number < 10 ? "0\(number)" : String(number)
        }
      }
    """#
}

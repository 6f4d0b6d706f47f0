// A stand-in for the parts of UIKit the generated Swift uses, with UIKit's signatures, so the
// generated code type-checks on Linux. Nothing here works; nothing here runs.
@_exported import Foundation

public struct UIEdgeInsets: Sendable {
  public var top, left, bottom, right: CGFloat
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
  }
}

public enum UIUserInterfaceStyle: Int, Sendable {
  case unspecified, light, dark
}

open class UITraitCollection: @unchecked Sendable {
  open var displayScale: CGFloat { fatalError() }
  @available(iOS 12.0, tvOS 10.0, *)
  open var userInterfaceStyle: UIUserInterfaceStyle { fatalError() }
  @available(iOS 13.0, tvOS 13.0, *)
  open func performAsCurrent(_ actions: () -> Void) { fatalError() }
}

open class UIImage: @unchecked Sendable {
  public enum ResizingMode: Int, Sendable {
    case tile, stretch
  }
  public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
    fatalError()
  }
  open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? { fatalError() }
  open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: UIImage.ResizingMode) -> UIImage {
    fatalError()
  }
}

public typealias NSDataAssetName = String

open class NSDataAsset: @unchecked Sendable {
  public init?(name: NSDataAssetName, bundle: Bundle = Bundle.main) { fatalError() }
  open var data: Data { fatalError() }
}

open class UIEvent {}

@MainActor
open class UIView {
  public init(frame: CGRect) { fatalError() }
  public required init?(coder: NSCoder) { fatalError() }
  open var bounds: CGRect { fatalError() }
  open var traitCollection: UITraitCollection { fatalError() }
  open var isFocused: Bool { fatalError() }
  open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { fatalError() }
}

@MainActor
open class UIControl: UIView {
  public struct State: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal = State([])
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
    public static let focused = State(rawValue: 1 << 3)
  }
  open var isEnabled: Bool { fatalError() }
  open var isSelected: Bool { fatalError() }
  open var isHighlighted: Bool { fatalError() }
}

@MainActor
open class UIButton: UIControl {
  open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { fatalError() }
  open func setTitle(_ title: String?, for state: UIControl.State) { fatalError() }
}

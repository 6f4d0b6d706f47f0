// A stand-in for the parts of SwiftUI the generated Swift uses, with SwiftUI's signatures, so
// the generated code type-checks on Linux. Nothing here works; nothing here runs.
@_exported import Foundation

@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@resultBuilder
public enum ViewBuilder {
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
}

public struct EdgeInsets: Sendable {
  public var top, leading, bottom, trailing: CGFloat
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
  }
  public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

public struct Image: View, Sendable {
  public enum ResizingMode: Sendable {
    case tile, stretch
  }
  public init(_ name: String, bundle: Bundle? = nil) { fatalError() }
  public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image {
    fatalError()
  }
  public var body: Never { fatalError() }
}

public struct ModifiedView<Content: View>: View {
  public var body: Never { fatalError() }
}

extension View {
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func accessibilityRepresentation<V: View>(@ViewBuilder representation: () -> V) -> some View {
    ModifiedView<Self>()
  }
}

public struct ButtonStyleConfiguration {
  public struct Label: View {
    public var body: Never { fatalError() }
  }
  public let label: ButtonStyleConfiguration.Label
  public let isPressed: Bool
}

@MainActor @preconcurrency
public protocol ButtonStyle {
  associatedtype Body: View
  @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
  typealias Configuration = ButtonStyleConfiguration
}

public protocol DynamicProperty {}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
  @MainActor @preconcurrency public var wrappedValue: Value { fatalError() }
}

public struct EnvironmentValues {
  public var isEnabled: Bool { fatalError() }
}

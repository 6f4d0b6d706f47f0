/// How the `swift` format writes its file: the name of the namespace (and of the file,
/// `<name>.swift`) and whether its declarations are public.
public struct SwiftSettings: Sendable, Hashable {
  /// The enum holding every button, and the file's name without `.swift`.
  public var name: String
  /// Whether the declarations are `public` (for a library target) or internal.
  public var isPublic: Bool

  /// The default: an internal `Buttons` enum in `Buttons.swift`.
  public init(name: String = "Buttons", isPublic: Bool = false) {
    self.name = name
    self.isPublic = isPublic
  }

  /// The file's path in a version.
  public var fileName: String { name + ".swift" }
}

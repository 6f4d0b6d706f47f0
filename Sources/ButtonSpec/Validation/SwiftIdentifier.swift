/// Swift names for asset names: `checkout-primary` and `checkout_primary` become
/// `checkoutPrimary`, as SwiftGen names assets; keywords are escaped with backticks.
public enum SwiftIdentifier {
  /// The property name of the button `assetName` (which matches `^[a-z][a-z0-9_-]*$`).
  public static func property(for assetName: String) -> String {
    let words = assetName.split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let first = words.first else { return "_" }
    let name = String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return keywords.contains(name) ? "`\(name)`" : name
  }

  /// Whether `name` can name the generated enum (`typeNameProblem` is `nil`).
  public static func isTypeName(_ name: String) -> Bool {
    typeNameProblem(name) == nil
  }

  /// The longest name of the enum, in characters: it also names the file (`Buttons.swift`).
  public static let maximumTypeNameLength = 100

  /// Why `name` cannot name the generated enum, or `nil` when it can: it is a type name, a
  /// capital letter then letters, digits and `_` (the file's own names all start lowercase, and
  /// inside the enum such a name would mean the enum), of at most `maximumTypeNameLength`
  /// characters, and neither a keyword nor a type or module the file names.
  public static func typeNameProblem(_ name: String) -> String? {
    guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
      name.unicodeScalars.allSatisfy({ $0 == "_" || isLetter($0) || ("0"..."9").contains($0) })
    else { return "a type name is a capital letter, then letters, digits or '_'" }
    if name.count > maximumTypeNameLength {
      return "it has \(name.count) characters, more than the \(maximumTypeNameLength) the enum and its file may have"
    }
    if keywords.contains(name) { return "it is a Swift keyword" }
    if usedTypeNames.contains(name) {
      return "the file names that type itself, and inside the enum it would mean the enum"
    }
    return nil
  }

  /// The types and modules the generated file declares or names.
  static let usedTypeNames: Set<String> = [
    "State", "Appearance", "Insets", "Asset", "HitMask", "Inflater", "Code", "Style", "HitMaskButton", "DecodingError",
    "Image", "Data", "URL", "Bundle", "Double", "Int", "Int32", "UInt8", "UInt32", "String", "Bool", "Error",
    "Sendable", "Hashable", "CaseIterable", "Optional", "Array", "Dictionary", "Set", "UIButton", "UIImage",
    "UIControl", "UIEdgeInsets", "UIEvent", "NSDataAsset", "CGPoint", "ButtonStyle", "View", "EdgeInsets",
    "Environment", "Swift", "Foundation", "UIKit", "SwiftUI", "UTF8", "MainActor", "Configuration",
  ]

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// Words Swift reserves, and names a member of the enum may not take unescaped.
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol",
    "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
    "switch", "where", "while", "as", "false", "is", "nil", "self", "super", "throws", "true", "try", "Any", "Self",
    "Type", "Protocol", "await",
  ]
}

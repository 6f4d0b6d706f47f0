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

  /// Whether `name` can name the generated enum: a type name that is not a keyword, nor a name
  /// the generated file declares or uses (which it would hide).
  public static func isTypeName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || isLetter(first) else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || isLetter($0) || ("0"..."9").contains($0) }
      && !keywords.contains(name) && !typePositionKeywords.contains(name) && !usedTypeNames.contains(name)
      && name != "_"
  }

  /// Words that are keywords where a type is expected, and so cannot name the enum the file
  /// extends and names in types: `some` and `any` (opaque and existential types), `each` (a
  /// parameter pack), `async` (in a function type). (Other contextual words, `actor`, `macro`,
  /// `package`, `sending`, `copy`, `get`, …, name it and the file compiles.)
  static let typePositionKeywords: Set<String> = ["some", "any", "each", "async"]

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

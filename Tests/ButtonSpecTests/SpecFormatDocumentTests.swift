import ButtonCore
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// docs/spec-format.md documents every key the parser accepts.
struct SpecFormatDocumentTests {
  static let document: String = {
    (try? String(contentsOf: repositoryRoot.appendingPathComponent("docs/spec-format.md"), encoding: .utf8)) ?? ""
  }()

  static var allKeys: [String] {
    Array(Set(SpecKeys.specFile + SpecKeys.templateFile + SpecKeys.nested.values.flatMap { $0 })).sorted()
  }

  @Test(arguments: allKeys)
  func everyKeyIsDocumented(key: String) {
    #expect(
      Self.document.contains("`\(key)`") || Self.document.contains("\(key):"), "docs/spec-format.md lacks '\(key)'")
  }

  @Test(arguments: ButtonState.allCases.map(\.rawValue) + ButtonStyle.allCases.map(\.rawValue))
  func everyStateAndStyleIsDocumented(name: String) {
    #expect(Self.document.contains("`\(name)`"))
  }

  @Test func everyButtonKeyHasASection() {
    let headings = Self.document.split(separator: "\n").filter { $0.hasPrefix("### ") }
    for key in SpecKeys.button {
      #expect(headings.contains { $0.contains("`\(key)`") }, "no section for \(key)")
    }
  }
}

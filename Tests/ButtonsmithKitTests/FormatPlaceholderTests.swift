@testable import ButtonsmithKit
import Testing

/// Format placeholders are found in a label's text; percent signs in text are not one.
struct FormatPlaceholderTests {
  @Test(arguments: [
    ("Pay %@", "%@"), ("%1$s items", "%1$s"), ("Total: %.2f €", "%.2f"), ("%lld left", "%lld"), ("%d%%", "%d"),
    ("Save 20%% on %s", "%s"), ("Gewinn: %-5d", "%-5d"),
  ])
  func placeholdersAreFound(text: String, placeholder: String) {
    #expect(FormatPlaceholder.first(in: text) == placeholder)
  }

  @Test(arguments: ["50% off", "100%", "Save 20%%", "%", "A % B", "%$d", "%y"])
  func percentSignsInTextAreNot(text: String) {
    #expect(FormatPlaceholder.first(in: text) == nil)
  }
}

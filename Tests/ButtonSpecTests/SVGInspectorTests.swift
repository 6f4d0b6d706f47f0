@testable import ButtonSpec
import Foundation
import Testing

/// Text in an SVG is found however it is written: with a namespace prefix, or inside an SVG the
/// file embeds as a `data:` URL (base64 or percent-encoded), which librsvg draws too.
struct SVGInspectorTests {
  static let textSVG = #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text>Hi</text></svg>"#
  static let plainSVG =
    #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>"#

  func problem(_ svg: String) -> String? {
    SVGInspector.problem(in: Data(svg.utf8))
  }

  func embedding(_ inner: String, base64: Bool = true) -> String {
    let payload =
      base64
      ? ";base64," + Data(inner.utf8).base64EncodedString()
      : "," + (inner.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    return #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8">"#
      + #"<image width="8" height="8" xlink:href="data:image/svg+xml"# + payload + #""/></svg>"#
  }

  static let drawsText = "draws text, which would look different with the fonts of each machine; convert it to paths"

  @Test func prefixedTextIsText() {
    let svg = #"<s:svg xmlns:s="http://www.w3.org/2000/svg" width="8" height="8"><s:tspan>Hi</s:tspan></s:svg>"#
    #expect(problem(svg) == Self.drawsText)
    #expect(problem(Self.textSVG.replacingOccurrences(of: "<text>", with: "<svg:text >")) == Self.drawsText)
  }

  @Test func textInAnEmbeddedSVGIsText() {
    #expect(problem(embedding(Self.textSVG)) == "embeds an SVG that " + Self.drawsText)
    #expect(problem(embedding(Self.textSVG, base64: false)) == "embeds an SVG that " + Self.drawsText)
    #expect(problem(embedding(embedding(Self.textSVG))) == "embeds an SVG that embeds an SVG that " + Self.drawsText)
    #expect(problem(embedding(Self.plainSVG)) == nil)
    #expect(problem(embedding(Self.plainSVG, base64: false)) == nil)
  }

  @Test func embeddingIsLookedIntoToALimit() {
    var svg = Self.plainSVG
    for _ in 0...SVGInspector.deepestEmbedding { svg = embedding(svg) }
    #expect(problem(svg)?.hasSuffix("embeds SVGs more than \(SVGInspector.deepestEmbedding) deep") == true)
  }
}

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

  /// An SVG written into the attribute as escaped XML text (`data:image/svg+xml;utf8,&lt;svg…`)
  /// is read as the parser reads it.
  @Test func anEmbeddedSVGWrittenAsEscapedXMLIsReadAsXML() {
    func escaped(_ svg: String) -> String {
      svg.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
    func embedding(_ inner: String) -> String {
      #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><image width="8" height="8" "#
        + #"href="data:image/svg+xml;utf8,"# + escaped(inner) + #""/></svg>"#
    }
    #expect(problem(embedding(Self.plainSVG)) == nil)
    #expect(problem(embedding(Self.textSVG)) == "embeds an SVG that " + Self.drawsText)
    #expect(problem(embedding(Self.plainSVG).replacingOccurrences(of: "&lt;svg", with: "&#60;svg")) == nil)
  }

  @Test func embeddingIsLookedIntoToALimit() {
    var svg = Self.plainSVG
    for _ in 0...SVGInspector.deepestEmbedding { svg = embedding(svg) }
    #expect(problem(svg)?.hasSuffix("embeds SVGs more than \(SVGInspector.deepestEmbedding) deep") == true)
  }
}

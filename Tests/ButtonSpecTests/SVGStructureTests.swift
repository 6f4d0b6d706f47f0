@testable import ButtonSpec
import Foundation
import Testing

/// An SVG whose reading costs far more than its size is refused before librsvg reads it: one of
/// more elements than an image may have (990,000 empty groups in 4 MB took 1.3 GB to check and
/// minutes to build), or an element of more attributes than one may have (518,000 on one group
/// took 190 seconds, libxml2 comparing each with every other).
struct SVGStructureTests {
  static let open = #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">"#

  func problem(_ svg: String) -> String? {
    SVGInspector.problem(in: Data(svg.utf8))
  }

  @Test func elementsAreCountedUpToTheLimit() {
    let most = SVGStructure.maximumElements
    let atLimit = Self.open + String(repeating: "<g/>", count: most - 1) + "</svg>"
    #expect(SVGStructure(Data(atLimit.utf8)).elements == most)
    #expect(problem(atLimit) == nil)
    let over = Self.open + String(repeating: "<g/>", count: most) + "</svg>"
    #expect(problem(over) == "has \(most + 1) elements, more than the \(most) an SVG image may have; simplify it")
  }

  @Test func attributesAreCountedPerElement() {
    func element(_ count: Int) -> String {
      "<g " + (0..<count).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + "/>"
    }
    let most = SVGStructure.maximumAttributes
    // Many elements of many attributes each are fine; one of too many is not.
    #expect(problem(Self.open + String(repeating: element(most), count: 20) + "</svg>") == nil)
    #expect(
      problem(Self.open + element(most + 1) + "</svg>")
        == "has an element with \(most + 1) attributes, more than the \(most) one may have")
    // With single quotes, and no spaces around `=`.
    let single = "<g " + (0...most).map { "b\($0)='x'" }.joined(separator: " ") + "/>"
    #expect(problem(Self.open + single + "</svg>") != nil)
  }

  /// Only markup is counted: quoted values, comments, CDATA sections and processing
  /// instructions hold no elements or attributes.
  @Test func onlyMarkupIsCounted() {
    let svg = """
      <?xml version="1.0"?><!-- <g a="1"/> <g/> --><svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">\
      <style><![CDATA[ rect { fill: red } <g> ]]></style>\
      <rect width="8" height="8" title="<g a=1 b=2>" data-x='a=b>c'/></svg>
      """
    let structure = SVGStructure(Data(svg.utf8))
    #expect(structure.elements == 3)
    #expect(structure.mostAttributes == 4)
  }

  @Test func anEmbeddedSVGIsCountedToo() {
    let inner = Self.open + String(repeating: "<g/>", count: SVGStructure.maximumElements + 1) + "</svg>"
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8">"#
      + #"<image width="8" height="8" xlink:href="data:image/svg+xml;base64,"#
      + Data(inner.utf8).base64EncodedString() + #""/></svg>"#
    #expect(problem(svg)?.hasPrefix("embeds an SVG that has 100002 elements") == true, "\(problem(svg) ?? "nil")")
  }
}

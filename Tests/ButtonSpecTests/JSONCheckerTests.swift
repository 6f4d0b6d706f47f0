@testable import ButtonSpec
import Foundation
import Testing

/// The catalog's JSON check agrees with Foundation's JSON reader on what is JSON, and says
/// where text stops being JSON without building the document.
struct JSONCheckerTests {
  static let valid = [
    "{}", "[]", " {\"a\" : 1}\n", "{\"a\":[1,-0.5,2e10,1E-3,true,false,null,\"x\"]}", "[[[[]]]]",
    "{\"esc\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00\"}", "{\"straße\":\"日本\"}", "\u{FEFF}{}",
    "{\"a\":{\"b\":{\"c\":[{},[]]}},\"d\":0}",
  ]

  @Test(arguments: valid)
  func jsonIsJSON(text: String) throws {
    #expect(JSONChecker.problem(in: Array(text.utf8)) == nil)
    #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
  }

  /// Each refusal at the byte where a JSON reader stops, or where the value that is out of
  /// place begins.
  @Test(arguments: [
    ("{\"a\":1,}", 7), ("{\"a\":1 \"b\":2}", 7), ("{a:1}", 1), ("{\"a\" 1}", 5), ("[1,]", 3), ("[01]", 2),
    ("[1.]", 3), ("[-]", 2), ("[1e]", 3), ("[tru]", 1), ("[\"a\tb\"]", 3), ("[\"\\x\"]", 3), ("[\"\\u12G4\"]", 6),
    ("[\"open", 6), ("{\"a\":1} # note", 8), ("{\"a\":1}}", 7), ("\"text\"", 0), ("", 0), ("[1e999]", 1),
    ("{\"a\":'b'}", 5), ("[NaN]", 1),
  ])
  func notJSONIsFoundWhereItStops(text: String, offset: Int) throws {
    let problem = try #require(JSONChecker.problem(in: Array(text.utf8)))
    #expect(problem.offset == offset, "\(text): \(problem)")
    // Foundation on Linux also takes a comma before a closing bracket, which RFC 8259 does not.
    if !text.contains(",]") && !text.contains(",}") {
      #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) == nil)
    }
  }

  /// Nesting costs a byte a level, and stops at the limit with a reason.
  @Test func deepNestingIsBounded() throws {
    let depth = JSONChecker.maximumDepth
    let fits = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(JSONChecker.problem(in: Array(fits.utf8)) == nil)
    let deeper = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
    let problem = try #require(JSONChecker.problem(in: Array(deeper.utf8)))
    #expect(problem.offset == depth && problem.reason?.contains("deeper") == true)
  }
}

import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// Messages say what is wrong in a sentence: a second YAML document, not a number (`nan`), a
/// size of three numbers; and no suggestion keeps nothing of the word (`t` for `b1`).
struct MessageWordingTests {
  func messages(_ yaml: String, templates: [String: String] = [:]) throws -> [String] {
    let workspace = try TestWorkspace()
    for (name, text) in templates { try workspace.write("templates/\(name).yaml", text) }
    return try workspace.check(spec: yaml).diagnostics.sorted.map {
      "\($0.location.line):\($0.location.column) \($0.message)"
    }
  }

  @Test func aSecondDocumentIsSaidToBeOne() throws {
    let found = try messages("buttonsmith: 1\nbuttons:\n  a: { size: [60, 44], tint: red }\n---\nbuttonsmith: 1\n")
    #expect(found == ["4:1 a second YAML document starts here; a file holds one"], "\(found)")
  }

  @Test func valuesAreNamedAsTheyAre() throws {
    let found = try messages("buttonsmith: 1\nbuttons:\n  a: { size: [60, 44, 3], tint: red, opacity: nan }\n")
    #expect(
      found == [
        "3:14 expected [width, height] for size, found a list of 3 items",
        "3:47 expected a number for opacity, found the text \"nan\"",
      ], "\(found)")
  }

  @Test func noSuggestionKeepsNothingOfTheWord() throws {
    let found = try messages(
      "buttonsmith: 1\nbuttons:\n  a: { size: [60, 44], tint: red, extends: b1 }\n",
      templates: ["t": "buttonsmith: 1\n"])
    #expect(found == ["3:44 unknown template 'b1'"], "\(found)")
    let close = try messages(
      "buttonsmith: 1\nbuttons:\n  a: { size: [60, 44], tint: red, extends: bgi }\n",
      templates: ["big": "buttonsmith: 1\n"])
    #expect(close == ["3:44 unknown template 'bgi'; did you mean 'big'?"], "\(close)")
  }

  /// An unquoted `rgba(…)` in braces: its commas make keys `0`, the repeat is found further
  /// along the line (a key without a value), and the rest of the file is still checked.
  @Test func anUnquotedColourFunctionInBracesIsLocatedAndTheRestChecked() throws {
    let workspace = try TestWorkspace()
    let checked = try workspace.check(
      spec: """
        buttonsmith: 1
        buttons:
          a: { size: [100, 40], tint: red, shadow: { color: rgba(0, 0, 0, 0.3), blur: 3 } }
          b: { size: [100, 40], tint: red, opacity: 5 }

        """)
    let summary = checked.diagnostics.sorted.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
    #expect(summary.contains("3:64 duplicate-key") && summary.contains("4:45 value-out-of-range"), "\(summary)")
    let colour = try #require(checked.diagnostics.all.first { $0.rule == .badColor })
    #expect(colour.message.hasSuffix("(in braces, { … }, its commas end it: quote it)"), "\(colour.message)")
    let repeated = try #require(checked.diagnostics.all.first { $0.rule == .duplicateKey })
    #expect(repeated.notes.contains { $0.message.hasPrefix("in braces ({ … }) the commas of rgb(…) end it") })
  }

  /// A colour left unquoted in braces or brackets starts a comment that hides the rest of its
  /// line, the closing brace included: the syntax error YAML reports further on gets a note at
  /// the colour, in maps and lists, after a space or right after the brace, on the error's line
  /// or lines before it. A comment meant as one, and a quoted colour, get none.
  @Test(
    arguments: [
      ("  a: { size: [60, 44], border: { color: #abc } }\n", "3:41 '#abc'"),
      ("  a: { size: [60, 44], gradient: { colors: [red, #00ff00] } }\n  b: { size: [60, 44] }\n", "3:50 '#00ff00'"),
      ("  a:\n    size: [60, 44]\n    gradient:\n      colors: [#fff, #000]\n", "6:16 '#fff'"),
      ("  a: { size: [60, 44], background: { light: #FFFFFF80, dark: red } }\n", "3:45 '#FFFFFF80'"),
      ("  a: { size: [60, 44], tint: red, opacity: 0.5 # fff\n", nil),
      ("  a: { size: [60, 44], tint: '#abc', opacity: 0.5 # dimmed\n", nil),
    ] as [(String, String?)])
  func aColourReadAsACommentInBracesIsPointedAt(_ button: String, _ note: String?) throws {
    let checked = try TestWorkspace().check(spec: "buttonsmith: 1\nbuttons:\n" + button)
    let syntax = try #require(checked.diagnostics.all.first { $0.rule == .yamlSyntax }, "\(checked.summary)")
    let colours = syntax.notes.filter { $0.message.contains("starts a comment") }.map { note in
      "\(note.location.map { "\($0.line):\($0.column)" } ?? "-") \(note.message.prefix { $0 != " " })"
    }
    #expect(colours == (note.map { [$0] } ?? []), "\(syntax.notes)")
  }

  /// A colour that does not read is quoted as a name is, in every form it may take, however
  /// long it is below the 256 bytes a colour is read up to.
  @Test func aLongColourIsQuotedCut() throws {
    let colours = [
      "#" + String(repeating: "g", count: 150),
      "notacolour" + String(repeating: "x", count: 140),
      "rgb(" + String(repeating: "1, ", count: 50) + "1)",
      "rgb(999, 0, 0." + String(repeating: "0", count: 140) + ")",
    ]
    let buttons = colours.enumerated().map { "  b\($0.offset): { size: [100, 44], background: \"\($0.element)\" }" }
    let checked = try TestWorkspace().check(spec: "buttonsmith: 1\nbuttons:\n" + buttons.joined(separator: "\n"))
    let messages = checked.diagnostics.all.filter { $0.rule == .badColor }.map(\.message)
    #expect(messages.count == colours.count, "\(checked.diagnostics.sorted)")
    for (message, colour) in zip(messages, colours) {
      #expect(message.hasPrefix("'\(colour.prefix(64))…'"), "\(message)")
    }
  }
}

import DiagnosticExamples
import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// Nothing a user can put in a file crashes, hangs or exhausts memory: each case ends in
/// located diagnostics.
struct BadInputTests {
  private func check(bytes: [UInt8]) throws -> CheckedSpecs {
    let workspace = try TestWorkspace()
    try workspace.write("specs/bad.yaml", bytes: bytes)
    return workspace.check()
  }

  private func check(_ text: String) throws -> CheckedSpecs {
    try check(bytes: Array(text.utf8))
  }

  @Test func emptyFile() throws {
    #expect(try check("").summary == ["1:1 invalid-document"])
    #expect(try check("# only a comment\n").summary == ["1:1 invalid-document"])
  }

  @Test func syntaxErrorIsReportedAtItsPosition() throws {
    let checked = try check("buttonsmith: 1\nbuttons:\n  b: { size: [10, 10]\n")
    #expect(checked.errorIDs == ["yaml-syntax"])
    #expect(checked.diagnostics.all[0].location.line == 4)
  }

  @Test func listOrScalarDocument() throws {
    #expect(try check("- a\n- b\n").summary == ["1:1 invalid-document"])
    #expect(try check("just text\n").summary == ["1:1 invalid-document"])
  }

  @Test func tabsForIndentation() throws {
    let checked = try check("buttonsmith: 1\nbuttons:\n\tb: { size: [10, 10] }\n")
    let diagnostic = try #require(checked.diagnostics.all.first)
    #expect(diagnostic.rule == .yamlSyntax)
    #expect(diagnostic.location.line == 3)
    #expect(diagnostic.notes.contains { $0.message.contains("tabs") })
  }

  @Test func nonUTF8BytesArePointedAt() throws {
    let checked = try check(
      bytes: Array("buttonsmith: 1\nbuttons:\n  b: { text: ab".utf8) + [0xFF, 0xFE] + Array("}\n".utf8))
    #expect(checked.summary == ["3:16 invalid-encoding"])
    // Sequences that look whole but are no character: a surrogate, past U+10FFFF, overlong.
    for sequence: [UInt8] in [
      [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF],
    ] {
      let bad = try check(bytes: Array("buttonsmith: 1\nbuttons:\n  b: { text: ab".utf8) + sequence + Array("}\n".utf8))
      #expect(
        bad.diagnostics.all.map(\.description).first?.hasPrefix(
          "specs/bad.yaml:3:16: error: file is not UTF-8 text (invalid byte 0x\(String(format: "%02X", sequence[0])))")
          == true, "\(bad.diagnostics.all)")
    }
  }

  @Test func binaryGarbage() throws {
    var generator = SplitMix64(seed: 7)
    let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let checked = try check(bytes: bytes)
    #expect(checked.errorIDs.count == 1)
    #expect(checked.diagnostics.all.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
  }

  @Test func controlCharactersInUTF8() throws {
    let checked = try check(bytes: Array("buttonsmith: 1\nbuttons:\n  b: x".utf8) + [0x00, 0x01] + [0x0A])
    #expect(checked.errorIDs == ["yaml-syntax"])
    #expect(checked.diagnostics.all[0].location.line == 3)
  }

  @Test func fiftyMegabyteFileIsRefusedUnread() throws {
    let workspace = try TestWorkspace()
    let file = try workspace.write("specs/huge.yaml", "buttonsmith: 1\n")
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 50 * 1024 * 1024)
    try handle.close()
    let checked = workspace.check()
    #expect(checked.summary == ["1:1 file-too-large"])
  }

  @Test func deepNesting() throws {
    let depth = 1_000
    let text =
      "buttonsmith: 1\nbuttons: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
    let checked = try check(text)
    #expect(checked.errorIDs.count == 1)
    #expect(checked.diagnostics.all[0].location.line == 2)
    // Past the parser's own limit, said in a spec author's words, not libyaml's (which names a
    // C function).
    let deeper = try check(
      "buttonsmith: 1\nbuttons: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n"
    )
    #expect(deeper.errorIDs == ["yaml-syntax"] && deeper.diagnostics.all[0].location.line == 2)
    #expect(deeper.diagnostics.all[0].message.hasPrefix("values are nested too deeply"), "\(deeper.diagnostics.sorted)")

    var block = "buttonsmith: 1\nbuttons:\n"
    for level in 0..<depth { block += String(repeating: " ", count: level + 2) + "k\(level):\n" }
    let blockChecked = try check(block)
    #expect(blockChecked.errorIDs.count == 1)
  }

  @Test func aliasBombFailsFast() throws {
    var text = "buttonsmith: 1\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1..<10 {
      text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    text += "buttons: { b: { size: [10, 10], text: *a9 } }\n"
    let checked = try check(text)
    #expect(checked.errorIDs == ["alias-expansion"])
  }

  /// The value budget stops documents that aliases make far larger than their bytes, not large
  /// files written out: 150,000 values, one per four bytes, and 200,000 in a flow list, one per
  /// two, are read; 100,001 values made of a few aliases in a short file are not.
  @Test func aLargeFileWrittenOutIsReadAndAShortOneThatExpandsIsNot() {
    let reader = YAMLReader()
    var diagnostics = Diagnostics()
    let long = "values:\n" + String(repeating: "- 1\n", count: 150_000)
    #expect(reader.read(Data(long.utf8), file: "long.yaml", into: &diagnostics)?["values"]?.items?.count == 150_000)
    let flow = "values: [" + Array(repeating: "2", count: 200_000).joined(separator: ",") + "]\n"
    #expect(reader.read(Data(flow.utf8), file: "flow.yaml", into: &diagnostics)?["values"]?.items?.count == 200_000)
    #expect(diagnostics.all.isEmpty)
    var short = "a0: &a0 [" + Array(repeating: "x", count: 1_000).joined(separator: ", ") + "]\n"
    short += "a1: [" + Array(repeating: "*a0", count: 101).joined(separator: ", ") + "]\n"
    #expect(reader.read(Data(short.utf8), file: "short.yaml", into: &diagnostics) == nil)
    #expect(diagnostics.all.map(\.rule) == [.aliasExpansion])
  }

  /// A number too large for a double is a number out of range, not another type, and its
  /// digits are not all repeated; not a number (`.nan`, `nan`) is another type.
  @Test func aNumberTooLargeForADoubleIsOutOfRange() throws {
    let digits = String(repeating: "9", count: 5_000)
    let checked = try check(
      """
      buttonsmith: 1
      buttons:
        a: { size: [1e309, 44], tint: red }
        b: { size: [\(digits), 44], tint: red }
        c: { size: [100, 44], tint: red, opacity: nan }
      """)
    #expect(checked.summary == ["3:15 value-out-of-range", "4:15 value-out-of-range", "5:45 wrong-type"])
    let messages = checked.diagnostics.sorted.map(\.message)
    #expect(messages.first == "size width 1e309 is out of range 0.01...8192", "\(messages)")
    #expect(messages.allSatisfy { $0.count < 200 })
  }

  @Test func aliasBombAsAKeyIsRefusedBeforeParsing() throws {
    var text = "buttonsmith: 1\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1..<10 {
      text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    text += "buttons: { *a9 : 1 }\n"
    // Refused before parsing, and set aside: the rest is read, and its aliases are counted.
    #expect(try check(text).summary == ["2:50 alias-expansion", "12:12 unsupported-yaml"])
    #expect(try check("buttonsmith: 1\n? [a, b]\n: c\n").summary == ["2:1 unsupported-yaml"])
    #expect(try check("buttonsmith: 1\n[a, b]: c\n").summary == ["1:1 missing-key", "2:1 unsupported-yaml"])
  }

  /// Every key that is not a plain name is reported where it starts, with the file's other
  /// problems: a key on one line is set aside, as a key written twice is. A plain key written
  /// explicitly (`? opacity`) is a plain key.
  @Test func everyComplexKeyIsReportedWithTheRest() throws {
    let checked = try check(
      """
      buttonsmith: 1
      buttons:
        ok:
          background: nocolour
          size: [100, 44]
          [a, [b]]: 1
          {b: 1}: 2
          *x : 3
          ? opacity
          : 0.5
          corner-radius: -3
      """)
    #expect(
      checked.summary == [
        "4:17 bad-color", "6:5 unsupported-yaml", "7:5 unsupported-yaml", "8:5 unsupported-yaml",
        "11:20 value-out-of-range",
      ])
    let explicit = try check(
      "buttonsmith: 1\nbuttons:\n  ok:\n    size: [10, 10]\n    tint: red\n    ? opacity\n    : 0.5\n")
    #expect(explicit.summary == [] && explicit.button("ok")?.look(.normal)?.opacity == 0.5, "\(explicit.summary)")
  }

  @Test func quotedAndBlockTextThatLooksLikeKeysIsFine() throws {
    let checked = try check(
      """
      buttonsmith: 1
      buttons:
        b:
          size: [10, 10]
          tint: red
          text: "[a]: b ? *c: d"
      other: |
        [x]: y
        ? z
      """)
    #expect(checked.errorIDs == ["unknown-key"])
  }

  @Test func duplicateKeysPointAtTheRepeat() throws {
    let checked = try check("buttonsmith: 1\nbuttons:\n  b:\n    size: [10, 10]\n\n    tint: red\n    size: [20, 20]\n")
    #expect(checked.summary == ["7:5 duplicate-key"])
    #expect(checked.diagnostics.all[0].notes.first?.location?.line == 4)
  }

  /// A button named twice in one file is a duplicate asset name, as it is across two files;
  /// other keys written twice stay repeated keys.
  @Test func aButtonNamedTwiceInOneFileIsADuplicateAssetName() throws {
    let checked = try check(
      """
      buttonsmith: 1
      buttons:
        ok: { size: [10, 10], tint: red }
        ok: { size: [20, 10], tint: blue, tint: green }
        "ok": { size: [30, 10], tint: red }
      """)
    #expect(checked.summary == ["4:3 duplicate-asset-name", "4:37 duplicate-key", "5:3 duplicate-asset-name"])
    let repeated = try #require(checked.diagnostics.sorted.first)
    #expect(repeated.message == "asset name 'ok' is already used")
    #expect(repeated.notes.first?.location?.line == 3)
  }

  /// A key written twice does not hide the file's other mistakes: each repeat is reported (the
  /// first value kept) and the rest of the file is checked as well, whatever the line endings.
  @Test(arguments: ["\n", "\r\n"])
  func everyRepeatAndEveryOtherMistakeAreReportedAtOnce(lineEnding: String) throws {
    let checked = try check(
      """
      buttonsmith: 1
      buttons:
        h:
          size: [10, 10]
          background: red
          background: blue
        h2: { size: [0, 10], background: red }
        h3:
          size: [10, 10]
          tint: red
          tint: blue
          "tint": green
          opacty: 1
      """.replacingOccurrences(of: "\n", with: lineEnding))
    #expect(
      checked.summary == [
        "6:5 duplicate-key", "7:16 value-out-of-range", "11:5 duplicate-key", "12:5 duplicate-key", "13:5 unknown-key",
      ])
  }

  /// A key written twice in a flow map is found further along its line, set aside the same way.
  @Test func aRepeatInAFlowMapIsSetAsideToo() throws {
    let checked = try check(
      """
      buttonsmith: 1
      buttons:
        a: { size: [10, 10], tint: red, tint: blue, opacity: 5 }
        b: { size: [0, 10], tint: red }
        c: { size: [10, 10], tint: red, states: { normal: {}, "normal": { opacity: 0.5 } } }
      """)
    #expect(
      checked.summary == [
        "3:35 duplicate-key", "3:56 value-out-of-range", "4:15 value-out-of-range", "5:57 duplicate-key",
      ])
  }

  /// A quoted key repeated where its colon follows at once (compact JSON, `{"tint":"red"}`) is
  /// set aside with its quotes: a bare stand-in followed by `:` would read as one plain scalar,
  /// and the file's later mistakes would go unreported behind a syntax error.
  @Test func aQuotedRepeatWithItsColonAtOnceIsSetAsideToo() throws {
    let checked = try check(
      """
      buttonsmith: 1
      buttons:
        a: {"size":[10,10],"tint":"red","tint":"blue","opacity":5}
        b: {'size':[10,10],'tint':'red','tint':'blue','opacity':6}
        c: {size: [10, 10], tint: red, "tint": blue, "states":{"normal":{},"normal":{"opacity":7}}}
      """)
    #expect(
      checked.summary == [
        "3:35 duplicate-key", "3:59 value-out-of-range", "4:35 duplicate-key", "4:59 value-out-of-range",
        "5:34 duplicate-key", "5:70 duplicate-key",
      ])
  }

  /// A repeat written as an explicit key (`? opacity`, its value on the next line or after a
  /// `:`), or repeating one, is set aside too, in block and flow maps: the file's other mistakes
  /// are still reported, and the repeat is reported where it is written.
  @Test func aRepeatWrittenAsAnExplicitKeyIsSetAsideToo() throws {
    let checked = try check(
      """
      buttonsmith: 1
      buttons:
        a:
          size: [10, 10]
          opacity: 0.5
          ? opacity
          : 0.4
          tint: nosuchcolour
        b:
          size: [10, 10]
          ? opacity
          : 0.5
          ?   "opacity"
          : 0.4
          opacity: 0.3
          bogus: 1
        c: { size: [10, 10], tint: red, states: { normal: { ? opacity : 0.5, opacity: 0.4, ? 'opacity' : 0.3 } } }
        d:
          size: [10, 10]
          ?  opacity
          : 0.5
          opacity: 0.3
          tint: nosuchcolour
      """)
    #expect(
      checked.summary == [
        "6:7 duplicate-key", "8:11 bad-color", "9:3 unresolved-color", "13:9 duplicate-key", "15:5 duplicate-key",
        "16:5 unknown-key", "17:72 duplicate-key", "17:88 duplicate-key", "22:5 duplicate-key", "23:11 bad-color",
      ])
    #expect(
      checked.diagnostics.sorted.filter { $0.rule == .duplicateKey }.map { $0.notes.first?.location?.line } == [
        5, 11, 11, 17, 17, 20,
      ])
  }

  /// An image or mask without a usable file still has its other values checked, at once.
  @Test func anImageOrMaskWithoutASourceHasItsOtherValuesChecked() throws {
    let checked = try check(
      """
      buttonsmith: 1
      buttons:
        a: { size: [10, 10], tint: red, image: { position: middle, size: [0, 3] } }
        b: { size: [10, 10], tint: red, mask: { mode: lum, invert: 3 } }
      """)
    #expect(
      checked.summary == [
        "3:42 missing-key", "3:54 value-out-of-range", "3:69 value-out-of-range", "4:41 missing-key",
        "4:49 value-out-of-range", "4:62 wrong-type",
      ])
    #expect(checked.diagnostics.all.contains { $0.message.hasPrefix("'middle' is not an image position") })
  }

  /// Reading a file again for each repeat is bounded: a file of many repeats costs a few reads.
  @Test func repeatsAreReportedWithinABudget() throws {
    let keys = (0..<40).map { _ in "  a: { size: [10, 10], tint: red }\n" }.joined()
    let checked = try check("buttonsmith: 1\nbuttons:\n" + keys)
    #expect(checked.summary.count == 21)
    // The reading gave up: with no map of buttons read, a repeat is only a repeated key.
    #expect(checked.summary.allSatisfy { $0.hasSuffix("duplicate-key") })
  }

  /// Keys that read the same are one key, however they are written or tagged.
  @Test(arguments: [
    ("1", "\"1\""), ("yes", "\"yes\""), ("null", "\"null\""), ("1.0", "'1.0'"), ("!!int 1", "1"), ("1", "!!str 1"),
  ])
  func keysThatReadTheSameAreRepeats(first: String, second: String) throws {
    let checked = try check(
      "buttonsmith: 1\ndefaults: { size: [10, 10], tint: red }\nbuttons:\n  \(first): { text: A }\n  \(second): { text: B }\n"
    )
    // Located at the repeat, except where only Yams saw it and the repeat's text is tagged (the
    // rest of the file is checked too: a button named `1` is no asset name).
    // Where only Yams saw it, no map of buttons was read, and it is only a repeated key.
    let repeats = checked.summary.filter { $0.hasSuffix("duplicate-asset-name") || $0.hasSuffix("duplicate-key") }
    #expect(
      repeats == [second.hasPrefix("!!") ? "4:3 duplicate-key" : "5:3 duplicate-asset-name"], "\(checked.summary)")
  }

  @Test func missingPathOnTheCommandLine() throws {
    let workspace = try TestWorkspace()
    let checked = workspace.check(["nowhere"])
    #expect(
      checked.diagnostics.sorted.map(\.description) == [
        "nowhere:1:1: error: no such file or directory [missing-path]"
      ])
  }

  @Test func directoryWithoutSpecs() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/readme.txt", "nothing")
    #expect(workspace.check().summary == ["1:1 no-spec-files"])
  }

  @Test func multipleDocumentsInOneFile() throws {
    #expect(try check("buttonsmith: 1\n---\nbuttonsmith: 1\n").errorIDs == ["yaml-syntax"])
  }

  @Test func allProblemsOfAllFilesAtOnce() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [10, 10], tint: red, opacity: 2 }\n")
    try workspace.write("specs/sub/b.yaml", "buttonsmith: 1\nbuttons:\n  b: { size: [10, 10], tint: nope }\n")
    try workspace.write("specs/c.yml", "buttonsmith: [\n")
    let checked = workspace.check()
    #expect(
      checked.diagnostics.sorted.map { "\($0.location.file) \($0.rule.rawValue)" } == [
        "specs/a.yaml value-out-of-range", "specs/c.yml yaml-syntax", "specs/sub/b.yaml bad-color",
      ])
  }
}

/// A small, fast, seedable generator, so random tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

struct WorkingDirectoryTests {
  @Test func aWorkingDirectoryWithoutTrailingSlashStillResolvesInsideIt() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml", "buttonsmith: 1\nbuttons:\n  a: { size: [10, 10], tint: red, image: { file: i.png } }\n")
    try workspace.write("specs/i.png", bytes: DiagnosticRule.tinyPNG)
    let plain = URL(fileURLWithPath: workspace.url.path)  // no trailing slash
    let checked = SpecChecker(loader: SpecLoader(finder: SpecFinder(workingDirectory: plain))).check(paths: ["specs"])
    #expect(checked.diagnostics.all.isEmpty, "\(checked.diagnostics.sorted)")
    #expect(
      checked.buttons.first?.look(.normal)?.image?.file.url.path
        == workspace.url.appendingPathComponent("specs/i.png").path)
  }
}

import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// Seeded mutations of every example spec and template: each run must end in success or in
/// diagnostics with a location, never in a crash or a hang.
struct MutationTests {
  static let tokens = [
    ":", ": ", "- ", "[", "]", "{", "}", ",", "\"", "'", "#", "&a ", "*a", "*zz", "!!str ", "!!binary ", "? ",
    "|", ">", "\t", "\n", "  ", "~", "%YAML 1.1\n", "---\n", "...\n", "$", "$tint", "\u{0}", "\u{FEFF}", "é",
    "1e999", "-0", "0x1F", ".nan", "100%", "<<: ", "extends: ", "states: ", "size: ", "[1, 2]",
  ]

  static var corpus: [(name: String, text: [UInt8])] {
    let directories = ["specs", "templates"].map { repositoryRoot.appendingPathComponent($0) }
    return directories.flatMap { directory in
      ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
        .filter { $0.pathExtension == "yaml" }
        .sorted { $0.path < $1.path }
        .map { ($0.lastPathComponent, Array((try? Data(contentsOf: $0)) ?? Data())) }
    }
  }

  @Test func corpusIsTheExampleGallery() {
    #expect(Self.corpus.count >= 10)
  }

  /// Four seeds run in parallel, each 25 rounds over the corpus: over 1,000 mutated files and
  /// about 3,800 edits.
  @Test(arguments: [0xB077_0115, 0x5EED_0002, 0x5EED_0003, 0x5EED_0004] as [UInt64])
  func mutationsEndInSuccessOrLocatedDiagnostics(seed: UInt64) throws {
    let workspace = try TestWorkspace()
    for (name, text) in Self.corpus where name != "mask.yaml" {
      try workspace.write("templates/\(name)", bytes: text)
    }
    var generator = SplitMix64(seed: seed)
    var runs = 0
    var failures = 0
    for _ in 0..<25 {
      for (_, original) in Self.corpus {
        var bytes = original
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
          mutate(&bytes, using: &generator)
        }
        try workspace.write("specs/mutant.yaml", bytes: bytes)
        let checked = workspace.check()
        runs += 1
        if checked.diagnostics.hasErrors { failures += 1 }
        for diagnostic in checked.diagnostics.all {
          #expect(!diagnostic.location.file.isEmpty && diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
          #expect(!diagnostic.message.isEmpty)
        }
      }
    }
    #expect(runs >= 250)
    #expect(failures > runs / 4)  // the mutations really break things
  }

  private func mutate(_ bytes: inout [UInt8], using generator: inout SplitMix64) {
    guard !bytes.isEmpty else {
      bytes = Array("buttonsmith: 1\n".utf8)
      return
    }
    let position = Int.random(in: 0..<bytes.count, using: &generator)
    switch Int.random(in: 0..<7, using: &generator) {
    case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
    case 1: bytes.remove(at: position)
    case 2: bytes.insert(contentsOf: Array(Self.tokens.randomElement(using: &generator)!.utf8), at: position)
    case 3:
      let end = min(bytes.count, position + Int.random(in: 1...40, using: &generator))
      bytes.removeSubrange(position..<end)
    case 4:
      let end = min(bytes.count, position + Int.random(in: 1...60, using: &generator))
      let slice = Array(bytes[position..<end])
      bytes.insert(contentsOf: slice, at: Int.random(in: 0...bytes.count, using: &generator))
    case 5: bytes[position] = bytes[position] ^ (1 << UInt8.random(in: 0...7, using: &generator))
    default:
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
      guard lines.count > 2 else { return }
      var shuffled = lines
      shuffled.swapAt(
        Int.random(in: 0..<lines.count, using: &generator), Int.random(in: 0..<lines.count, using: &generator))
      bytes = Array(shuffled.joined(separator: [0x0A]))
    }
  }
}

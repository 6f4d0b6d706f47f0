import ButtonCore
import Foundation
import Testing

/// A digest held as its bytes reads and writes the hex `sha256sum` prints, and orders, compares
/// and encodes as that text does.
struct SHA256DigestTests {
  @Test func itIsTheHexThatSha256sumPrints() throws {
    // `printf abc | sha256sum`
    let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    #expect(ContentHash.digest(Data("abc".utf8)).hex == abc)
    #expect(ContentHash.sha256(Data("abc".utf8)) == abc)
    #expect(SHA256Digest(hex: abc) == ContentHash.digest(Data("abc".utf8)))
    #expect("\(try #require(SHA256Digest(hex: abc)))" == abc)
  }

  /// Only 64 lowercase hex digits are a digest: an uppercase digit would name another file of the
  /// store, and anything else a path.
  @Test(arguments: [
    "", String(repeating: "a", count: 63), String(repeating: "a", count: 65), String(repeating: "A", count: 64),
    String(repeating: "g", count: 64), "../" + String(repeating: "a", count: 61),
    String(repeating: "a", count: 63) + " ", String(repeating: "é", count: 32),
  ])
  func anythingElseIsNoDigest(text: String) {
    #expect(SHA256Digest(hex: text) == nil)
    var bytes = Array(text.utf8)
    #expect(bytes.withUnsafeMutableBytes { SHA256Digest(hexDigits: UnsafeRawBufferPointer($0)) } == nil)
  }

  /// Each word of the bytes is ordered as its digits: digests sort as their hex text does.
  @Test func digestsSortAsTheirHex() throws {
    var texts = (0..<200).map { ContentHash.sha256(Data("\($0)".utf8)) }
    for word in 0..<4 {
      // Digests equal up to one word and differing in its first or last digit.
      let prefix = String(repeating: "7", count: word * 16)
      let suffix = String(repeating: "3", count: 64 - prefix.count - 16)
      texts += ["0", "8", "f"].map { prefix + $0 + String(repeating: "0", count: 15) + suffix }
      texts += ["0", "8", "f"].map { prefix + String(repeating: "9", count: 15) + $0 + suffix }
    }
    let digests = try texts.map { try #require(SHA256Digest(hex: $0)) }
    #expect(digests.sorted().map(\.hex) == texts.sorted())
    #expect(Set(digests).count == Set(texts).count)
  }

  /// As a value and as a key of a map, a digest is its hex text in JSON, and nothing else reads.
  @Test func itIsItsHexInJSON() throws {
    let digest = ContentHash.digest(Data("abc".utf8))
    let map = [digest: 1]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(String(decoding: try encoder.encode([digest]), as: UTF8.self) == "[\"\(digest.hex)\"]")
    #expect(String(decoding: try encoder.encode(map), as: UTF8.self) == "{\"\(digest.hex)\":1}")
    #expect(try JSONDecoder().decode([SHA256Digest: Int].self, from: encoder.encode(map)) == map)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([SHA256Digest].self, from: Data("[\"\(digest.hex.uppercased())\"]".utf8))
    }
  }
}

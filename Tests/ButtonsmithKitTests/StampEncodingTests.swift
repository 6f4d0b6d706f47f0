import ButtonCore
import ButtonSpec
@testable import ButtonsmithKit
import Foundation
import Testing

/// A stamp's file entries, `sha256 device inode size modified changed path`, read back as written.
struct StampEncodingTests {
  private func roundTrip(_ file: InputStamp.File) throws -> InputStamp.File {
    try JSONDecoder().decode(InputStamp.File.self, from: try JSONEncoder().encode(file))
  }

  @Test(arguments: [
    [1, 2, 3, 4, 5], [Int64.max, Int64.min, 0, Int64.max, Int64.min + 1],
    [-1, -2, 7_000_000, 1_795_373_924_268_047_000, 9],
  ])
  func statusesAndPathsComeBackAsWritten(fields: [Int64]) throws {
    for path in [
      "a/normal@2x.png", "with spaces/and  two.png", "ü/名前.png", "Buttons.xcassets/a.imageset/Contents.json",
    ] {
      let file = InputStamp.File(
        path: path, sha256: SHA256Digest(hex: String(repeating: "ab", count: 32))!, status: FileStatus(fields: fields))
      #expect(try roundTrip(file) == file)
    }
    let unrecorded = InputStamp.File(
      path: "b.png", sha256: SHA256Digest(hex: String(repeating: "0", count: 64))!, status: nil)
    #expect(try roundTrip(unrecorded) == unrecorded)
  }

  /// A digest, as an entry names its file's object.
  static let digest = String(repeating: "0a", count: 32)

  @Test(arguments: [
    ("d 1 2 3 4 x p", "p"), ("d 1 2 3 4 99999999999999999999 p", "p"), ("d 1 2 3 4 - p", "p"), ("d 1 2  4 5 p", "p"),
    ("d +1 2 3 4 5 p q", "p q"),
  ])
  func aDamagedStatusIsNoStatus(entry: String, path: String) throws {
    let line = Self.digest + entry.dropFirst()
    let file = try JSONDecoder().decode(InputStamp.File.self, from: JSONEncoder().encode(line))
    #expect(file.path == path && file.sha256.hex == Self.digest)
    #expect((file.status == nil) == !entry.hasPrefix("d +1"))
  }

  /// `d` stands for a digest; the digest itself is damage when it could name a path (the no-op
  /// build looks its object up by it).
  @Test(arguments: [
    "", "d", "d 1 2 3 4 5", "no-spaces-at-all", "d 1 2 3 4 5 ", "d 1 2 3 4 5 ../x.png", "d 1 2 3 4 5 /etc/passwd",
    "d 1 2 3 4 5 a/../../b", "d 1 2 3 4 5 a//b", "d 1 2 3 4 5 a/", "d 1 2 3 4 5 ./a", "d 1 2 3 4 5 a\\b",
    "d 1 2 3 4 5 a\u{0}b", "d 1 2 3 4 5 ..", "../../../etc/passwd 1 2 3 4 5 a.png", "- 1 2 3 4 5 a.png",
    "\(String(repeating: "0A", count: 32)) 1 2 3 4 5 a.png", "\(String(repeating: "0a", count: 31)) 1 2 3 4 5 a.png",
  ])
  func anEntryWithoutItsSevenFieldsOrLeadingOutOfItsVersionIsDamage(entry: String) {
    let line = entry.hasPrefix("d") ? Self.digest + entry.dropFirst() : entry
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(InputStamp.File.self, from: JSONEncoder().encode(line))
    }
  }
}

/// A stamp is written a piece at a time; its bytes are `JSONEncoder`'s, whole.
struct StampWritingTests {
  private func encodedByJSONEncoder(_ stamp: InputStamp) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(stamp)
  }

  @Test(arguments: [0, 1, 3, 20_000])
  func writingPieceByPieceGivesTheEncodersBytes(fileCount: Int) throws {
    // A warning and an external file whose text looks like the files' member, which must not be
    // taken for it; paths that need escaping.
    let location = SourceLocation(file: "specs/\"files\":[].yaml", line: 3, column: 5)
    var files: [InputStamp.File] = []
    for index in 0..<fileCount {
      let path = index % 3 == 0 ? "b\(index)/\"q\" ü.png" : "b\(index)/normal@2x.png"
      let status = index % 2 == 0 ? FileStatus(fields: [1, Int64(index), 3, 4, 5]) : nil
      files.append(
        InputStamp.File(path: path, sha256: SHA256Digest(hex: String(repeating: "ab", count: 32))!, status: status))
    }
    var stamp = InputStamp(
      digest: String(repeating: "d", count: 64), version: 7, assets: fileCount, manifestSHA256: "m",
      externalFiles: ["\"files\":[]", "fonts/a.ttf"], files: files,
      warnings: [Diagnostic(.textShrunk, #"text '"files":[]' is shrunk"#, at: location)])
    stamp.statusTime = 1_700_000_000_000_000_001
    var pieces: [Data] = []
    try stamp.write { pieces.append($0) }
    #expect(pieces.reduce(Data(), +) == (try encodedByJSONEncoder(stamp)))
    #expect(try stamp.encoded() == encodedByJSONEncoder(stamp))
    // 20,000 entries are over a megabyte: written in more than one piece, none much over it.
    #expect((pieces.count > 1) == (fileCount == 20_000))
    #expect(pieces.allSatisfy { $0.count < (1 << 20) + 4096 })
    #expect(InputStamp.decode(try stamp.encoded())?.files == stamp.files)
    // Entries made as they are written, as a build writes its stamp, give the same pieces.
    var shell = stamp
    shell.files = []
    var madePieces: [Data] = []
    try shell.write(files: files.lazy.map { $0 }) { madePieces.append($0) }
    #expect(madePieces == pieces)
    // The head, read without the files, is the stamp's, whatever its strings hold.
    let head = InputStamp.head(of: try stamp.encoded())
    #expect(head?.digest == stamp.digest && head?.externalFiles == stamp.externalFiles)
  }

  @Test(arguments: [
    [] as [String], [#"","files":["#], [#"a\"#, #"\","files":[""#], ["fonts/a.ttf", "images/ü \"q\".png"],
  ])
  func theHeadIsReadWithoutTheFiles(externalFiles: [String]) throws {
    let stamp = InputStamp(
      digest: String(repeating: "e", count: 64), version: 2, assets: 1, manifestSHA256: "m",
      externalFiles: externalFiles,
      files: [
        InputStamp.File(
          path: "a/normal.png", sha256: SHA256Digest(hex: String(repeating: "0", count: 64))!, status: nil)
      ],
      warnings: [])
    let head = try #require(InputStamp.head(of: stamp.encoded()))
    #expect(head.digest == stamp.digest)
    #expect(head.externalFiles == externalFiles)
    #expect(InputStamp.head(of: Data(#"{"digest":"d"}"#.utf8)) == nil)
  }
}

/// `PublishedVersion.isInside`, read in one pass over the bytes, says what splitting the path
/// into components says.
struct InsidePathTests {
  @Test(arguments: [
    "a.png", "a/b/c.png", "...", ".a", "a.", "a/.../b", "ü/名前.png", "", "/", "/a", "a/", "a//b", ".", "..", "./a",
    "a/.", "a/..", "../a", "a/../b", "a\\b", "a\u{0}b", "with space/x", "....//", "a/./b",
  ])
  func agreesWithSplitting(path: String) {
    let split =
      !path.isEmpty && !path.contains("\\") && !path.contains("\0")
      && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !["", ".", ".."].contains($0) }
    #expect(PublishedVersion.isInside(path) == split)
  }
}

import ButtonCore
import ButtonRender
import ButtonSpec
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The manifest's bytes: written asset by asset, renumbered in place, scanned for digests.
struct ManifestScanTests {
  @Test func renumberingTheBytesIsEncodingAgain() throws {
    let workspace = try TestWorkspace()
    try workspace.write("specs/a.yaml", smallSpec(buttons: 2))
    try workspace.build()
    var manifest = try workspace.currentManifest()
    for (old, new) in [(1, 2), (9, 10), (99, 100), (123, 7)] {
      manifest.version = old
      var encoded = try manifest.encoded()
      manifest.version = new
      #expect(Manifest.renumber(&encoded, from: old, to: new))
      #expect(try encoded == manifest.encoded())
    }
    var other = Data("{}".utf8)
    #expect(!Manifest.renumber(&other, from: 1, to: 2) && other == Data("{}".utf8))
  }

  /// The manifest is encoded one asset at a time; its bytes are those of encoding it whole.
  /// A build makes each asset as it writes it, never holding them all: the bytes it publishes
  /// are those of the manifest they decode to, first build and renumbered alike, and the version
  /// holds exactly that manifest's files.
  @Test func aPublishedManifestIsItsOwnEncodingAndHoldsItsFiles() throws {
    let workspace = try TestWorkspace()
    try workspace.write("buttonsmith.yml", "buttonsmith: 1\nformats: [files, xcassets]\n")
    try workspace.write(
      "specs/a.yaml", smallSpec(buttons: 3).replacingOccurrences(of: "buttons:", with: "  hit-mask: true\nbuttons:"))
    try workspace.build()
    try workspace.write(
      "specs/a.yaml", smallSpec(buttons: 4).replacingOccurrences(of: "buttons:", with: "  hit-mask: true\nbuttons:"))
    try workspace.build()
    // A version that draws nothing (only the assets' source lines move) is written once it is
    // known to differ from `current`.
    try workspace.write(
      "specs/a.yaml",
      "# moved down a line\n"
        + smallSpec(buttons: 4).replacingOccurrences(of: "buttons:", with: "  hit-mask: true\nbuttons:"))
    let third = try workspace.build()
    #expect(third.rendered == 0 && third.newVersion && third.version == 3)
    for version in [1, 2, 3] {
      let directory = workspace.output.appendingPathComponent("versions/v\(version)")
      let bytes = try Data(contentsOf: directory.appendingPathComponent("manifest.json"))
      let manifest = try JSONDecoder().decode(Manifest.self, from: bytes)
      #expect(manifest.version == version && manifest.files?.isEmpty == false)
      #expect(manifest.assets.contains { $0.hitMask != nil })
      #expect(manifest.assets.map(\.path) == manifest.assets.map(\.path).sorted())
      #expect(try manifest.encoded() == bytes)
      var onDisk = Set<String>()
      let walker = try #require(FileManager.default.enumerator(atPath: directory.path))
      for case let path as String in walker where path != "manifest.json" {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(
          atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory),
          !isDirectory.boolValue
        {
          onDisk.insert(path)
        }
      }
      #expect(onDisk == Set(manifest.allFiles.map(\.path)) && onDisk.count == manifest.allFiles.count)
    }
  }

  @Test func encodingAssetByAssetIsEncodingTheWhole() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      defaults: { size: [80, 30], scales: [1, 2], tint: blue, hit-mask: true, shadow: { blur: 4 } }
      buttons:
        a: { text: "A \\"quoted\\" é", states: { loading: { spinner: { frames: 3 } } } }
        b: { text: B, appearances: [light, dark], tint: { light: blue, dark: red } }

      """)
    try workspace.build()
    var manifest = try workspace.currentManifest()
    manifest.files = [.init(path: "x/Contents.json", sha256: String(repeating: "a", count: 64))]
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    #expect(manifest.assets.contains { $0.hitMask != nil && $0.frame != nil && $0.content != nil })
    #expect(try manifest.encoded() == encoder.encode(manifest) + Data("\n".utf8))
    manifest.assets = []
    #expect(try manifest.encoded() == encoder.encode(manifest) + Data("\n".utf8))
  }

  /// The assets' own writer gives `JSONEncoder`'s bytes for the values a build never makes:
  /// escapes, control characters, other scripts, doubles of every form.
  @Test func writingAssetsDirectlyGivesTheEncodersBytes() throws {
    let digest = String(repeating: "0", count: 64)
    func asset(_ name: String, scale: Double, points: [Double], frame: Int? = nil) -> Manifest.Asset {
      Manifest.Asset(
        button: name, state: "normal", appearance: "dark", scale: scale, format: .android, frame: frame,
        locale: frame == nil ? nil : "ar-EG", path: "a/\(name).png", width: 3, height: -4, points: points,
        content: frame == nil ? nil : PixelRect(x: -1, y: 0, width: 10, height: 1 << 40), sha256: digest,
        key: digest, source: "specs/\"q\"\\ \u{1}\u{8}\u{c}\r\t\n\u{1f}\u{7f}é😀\u{2028}.yaml:1:2",
        hitMask: frame == nil
          ? nil
          : .init(
            path: "m/\(name).png", threshold: 0.1,
            bounds: frame == 2 ? nil : PixelRect(x: 0, y: 0, width: 0, height: 0),
            sha256: digest))
    }
    let manifest = Manifest(
      version: 7, generator: "buttonsmith test", renderer: .current,
      assets: [
        asset("plain", scale: 2, points: [44, 120.5]),
        asset("odd", scale: 1.5, points: [0.1, 1e20, 3.0000000000000004, -0.0, 1e-7, 1e23], frame: 1),
        asset("none", scale: 3, points: [], frame: 2),
      ],
      files: nil)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    #expect(try manifest.encoded() == encoder.encode(manifest) + Data("\n".utf8))
    // Made in the order they are written, every object's members are written without sorting.
    func isInOrder(_ value: PrettyJSON) -> Bool {
      switch value {
      case .object(let members):
        return zip(members, members.dropFirst()).allSatisfy { JSONText.keyPrecedes($0.key, $1.key) }
          && members.allSatisfy { isInOrder($0.value) }
      case .array(let elements): return elements.allSatisfy(isInOrder)
      default: return true
      }
    }
    #expect(manifest.assets.allSatisfy { isInOrder($0.json) })
  }

  /// A build writes its manifest in pieces of about a megabyte and hashes them as it goes: the
  /// pieces join into the encoding, the last holds the version, and the digests are those of the
  /// whole bytes numbered either way. (3,000 assets make about two megabytes.)
  @Test func writingInPiecesGivesTheBytesAndTheDigestsOfTheWhole() throws {
    let digest = String(repeating: "ab", count: 32)
    var manifest = Manifest(
      version: 12, generator: "buttonsmith test", renderer: .current,
      assets: (0..<3_000).map { number in
        Manifest.Asset(
          button: "b\(number)", state: "normal", appearance: "light", scale: 2, format: .files, frame: nil,
          locale: nil, path: "b\(number)/normal@2x.png", width: 88, height: 88, points: [44, 44], content: nil,
          sha256: digest, key: digest, source: "specs/a.yaml:\(number + 1):3", hitMask: nil)
      },
      files: nil)
    var pieces: [Data] = []
    var digests = Manifest.PieceDigests()
    try manifest.write(assets: manifest.assets, count: manifest.assets.count) { piece in
      pieces.append(piece)
      digests.update(piece)
    }
    #expect(pieces.count >= 3)
    #expect(pieces.dropLast().allSatisfy { $0.count < (1 << 20) + 4096 })
    #expect(pieces.reduce(Data(), +) == (try manifest.encoded()))
    #expect(String(decoding: pieces.last!, as: UTF8.self).hasSuffix("\"version\" : 12\n}\n"))
    let (written, renumbered) = digests.digests(version: 12, other: 9)
    #expect(written == ContentHash.sha256(try manifest.encoded()))
    manifest.version = 9
    #expect(renumbered == ContentHash.sha256(try manifest.encoded()))
    // Bytes that do not end with their version have no renumbered digest.
    var other = Manifest.PieceDigests()
    other.update(Data("{}".utf8))
    #expect(other.digests(version: 12, other: 9) == (ContentHash.sha256(Data("{}".utf8)), nil))
  }

  @Test func scanningFindsTheDigestsDecodingFinds() throws {
    let workspace = try TestWorkspace()
    try workspace.write(
      "specs/a.yaml",
      smallSpec(buttons: 2).replacingOccurrences(of: "corner-radius: 8", with: "corner-radius: 8\n  hit-mask: true"))
    try workspace.build()
    let url = workspace.output.appendingPathComponent("current/manifest.json")
    let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
    let decoded = Set(manifest.assets.flatMap { [$0.sha256] + ($0.hitMask.map { [$0.sha256] } ?? []) })
      .compactMap { SHA256Digest(hex: $0) }
    #expect(decoded.count > 12)
    var scanned = Set<SHA256Digest>()
    Manifest.addObjectDigests(inFileAt: url.path, to: &scanned)
    #expect(scanned == Set(decoded))
  }

  /// Pruning reads manifests a megabyte at a time: a digest is found wherever it falls against
  /// the pieces, straddling their boundary included, and the manifest is never held whole. A
  /// value that is no digest (uppercase digits) names no object.
  @Test func scanningAFileFindsDigestsAcrossItsPieces() throws {
    let workspace = try TestWorkspace()
    let piece = 1 << 20
    let digest = String(repeating: "0123456789abcdef", count: 4)
    let object = try #require(SHA256Digest(hex: digest))
    let last = try #require(SHA256Digest(hex: String(repeating: "f", count: 64)))
    for offset in -80...2 {
      let value = "\"sha256\" : \"\(digest)\""
      let text = String(repeating: " ", count: piece + offset) + value + "\n\"sha256\" : \"\(digest.uppercased())\"\n"
      let file = try workspace.write("manifest-\(offset).json", text)
      var found = Set<SHA256Digest>()
      Manifest.addObjectDigests(inFileAt: file.path, to: &found)
      #expect(found == [object], "a digest \(offset) bytes from the first piece's end")
      // The same with another value just before it: the scan goes on right after that one.
      let before = "\"sha256\" : \"\(String(repeating: "f", count: 64))\""
      let crowded = String(repeating: " ", count: piece + offset - before.utf8.count - 1) + before + "\n" + value + "\n"
      let crowdedFile = try workspace.write("crowded-\(offset).json", crowded)
      var crowdedFound = Set<SHA256Digest>()
      Manifest.addObjectDigests(inFileAt: crowdedFile.path, to: &crowdedFound)
      #expect(crowdedFound == [last, object], "two values, the second \(offset) bytes off")
    }
    var none = Set<SHA256Digest>()
    Manifest.addObjectDigests(inFileAt: workspace.url.appendingPathComponent("missing.json").path, to: &none)
    #expect(none.isEmpty)
  }
}

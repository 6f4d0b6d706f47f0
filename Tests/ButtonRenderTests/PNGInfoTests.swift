import ButtonRender
import Foundation
import Testing

struct PNGInfoTests {
  /// A real 1 x 1 transparent RGBA PNG.
  static let onePixel: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x02, 0x00,
    0x00, 0x05, 0x00, 0x01, 0x7A, 0x5E, 0xAB, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44,
    0xAE, 0x42, 0x60, 0x82,
  ]

  @Test func readsTheHeaderThroughLibpng() throws {
    let info = try PNGInfo(data: Data(Self.onePixel))
    #expect(info == PNGInfo(width: 1, height: 1))
  }

  @Test func aJPEGRenamedIsNotAPNG() {
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01])
    #expect(throws: PNGError.self) { try PNGInfo(data: jpeg) }
    do {
      _ = try PNGInfo(data: jpeg)
    } catch let error as PNGError {
      guard case .notPNG = error else { Issue.record("expected notPNG, got \(error)"); return }
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func aTruncatedPNGIsALibpngErrorNotACrash() {
    for length in [8, 12, 20, 30] {
      #expect(throws: PNGError.self) { try PNGInfo(data: Data(Self.onePixel.prefix(length))) }
    }
  }

  @Test func aCorruptHeaderChecksumIsRejected() {
    var bytes = Self.onePixel
    bytes[29] ^= 0xFF
    #expect(throws: PNGError.self) { try PNGInfo(data: Data(bytes)) }
  }

  @Test func emptyDataIsNotAPNG() {
    #expect(throws: PNGError.self) { try PNGInfo(data: Data()) }
  }
}

struct LibraryVersionsTests {
  @Test func versionsAreThoseOfTheLinkedLibraries() {
    let versions = LibraryVersions.current
    for version in [versions.cairo, versions.pango, versions.libpng] {
      let parts = version.split(separator: ".")
      #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(version)")
    }
  }
}

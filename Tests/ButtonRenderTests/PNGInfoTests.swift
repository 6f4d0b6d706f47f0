import DiagnosticExamples
import ButtonRender
import ButtonSpec
import Foundation
import Testing

struct PNGInfoTests {
  static let onePixel = DiagnosticRule.tinyPNG

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

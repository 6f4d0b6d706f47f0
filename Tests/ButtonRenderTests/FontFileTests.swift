import ButtonRender
import ButtonsmithTestSupport
import Foundation
import Testing

/// A font file is drawn as the face it holds, whatever else is installed or used in the run.
struct FontFileTests {
  static let fonts = "/usr/share/fonts/truetype/dejavu"

  func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: "\(Self.fonts)/\(name)")))
  }

  func spec(_ buttons: [String: String]) -> String {
    "buttonsmith: 1\nbuttons:\n"
      + buttons.sorted { $0.key < $1.key }.map {
        "  \($0.key): { size: [160, 44], tint: \"#204080\", text: \"Hamburgefonts\", font: \($0.value) }"
      }.joined(separator: "\n") + "\n"
  }

  func draw(_ buttons: [String: String], _ button: String, files: [String: [UInt8]]) throws -> RGBAImage {
    try drawn(spec(buttons), "\(button)/normal.png", files: files)
  }

  @Test func aBoldFileWithoutAWeightDrawsItsBoldFace() throws {
    let files = ["specs/bold.ttf": try bytes("DejaVuSans-Bold.ttf")]
    let fromFile = try draw(["a": "{ file: bold.ttf, size: 17 }"], "a", files: files)
    let systemBold = try draw(["a": "{ family: DejaVu Sans, weight: bold, size: 17 }"], "a", files: [:])
    let systemRegular = try draw(["a": "{ family: DejaVu Sans, size: 17 }"], "a", files: [:])
    #expect(fromFile.pixels == systemBold.pixels)
    #expect(fromFile.pixels != systemRegular.pixels)
  }

  @Test func aRegularFileIsDrawnRegularEvenWhenTheSpecAsksForBold() throws {
    let files = ["specs/regular.ttf": try bytes("DejaVuSans.ttf")]
    let fromFile = try draw(["a": "{ file: regular.ttf, weight: bold, size: 17 }"], "a", files: files)
    let systemRegular = try draw(["a": "{ family: DejaVu Sans, size: 17 }"], "a", files: [:])
    #expect(fromFile.pixels == systemRegular.pixels)
  }

  @Test func twoFilesOfOneFamilyInOneRunEachDrawTheirOwnFace() throws {
    let files = ["specs/bold.ttf": try bytes("DejaVuSans-Bold.ttf"), "specs/regular.ttf": try bytes("DejaVuSans.ttf")]
    let both = ["a": "{ file: bold.ttf, size: 17 }", "b": "{ file: regular.ttf, size: 17 }"]
    let boldTogether = try draw(both, "a", files: files)
    let regularTogether = try draw(both, "b", files: files)
    let boldAlone = try draw(["a": "{ file: bold.ttf, size: 17 }"], "a", files: files)
    let regularAlone = try draw(["b": "{ file: regular.ttf, size: 17 }"], "b", files: files)
    #expect(boldTogether.pixels == boldAlone.pixels)
    #expect(regularTogether.pixels == regularAlone.pixels)
    #expect(boldTogether.pixels != regularTogether.pixels)
  }

  @Test func aFontFileDoesNotChangeWhatAFamilyNameDraws() throws {
    // A serif file that declares the family "DejaVu Serif" is used by one button; a button naming
    // that family draws the system's face as it would without the file.
    let files = ["specs/serif-bold.ttf": try bytes("DejaVuSerif-Bold.ttf")]
    let both = ["a": "{ file: serif-bold.ttf, size: 17 }", "b": "{ family: DejaVu Serif, size: 17 }"]
    let named = try draw(both, "b", files: files)
    let alone = try draw(["b": "{ family: DejaVu Serif, size: 17 }"], "b", files: [:])
    #expect(named.pixels == alone.pixels)
  }
}

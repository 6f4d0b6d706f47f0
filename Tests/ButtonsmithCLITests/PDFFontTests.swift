import ButtonsmithTestSupport
import Foundation
import Testing

/// A PDF whose text uses a font it does not carry would be drawn with whatever stand-in each
/// machine's fontconfig finds, which no key covers: refused, as an SVG's text is.
struct PDFFontTests {
  /// A one-page PDF writing "Hi" in `font`, a Type 1 font the file names but does not carry.
  static func pdf(naming font: String) -> [UInt8] {
    let content = "BT /F1 24 Tf 4 8 Td (Hi) Tj ET"
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 60 30] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /\(font) >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
    ]
    var text = "%PDF-1.4\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(text.utf8.count)
      text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let table = text.utf8.count
    text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    text += offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
    text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
    return Array(text.utf8)
  }

  @Test func aPDFWhoseFontIsNotEmbeddedIsRefusedAsAnImageOrAMask() throws {
    let workspace = try TestWorkspace()
    // Two copies: a file that cannot be used is reported once, where it is first used.
    try workspace.write("specs/hi.pdf", bytes: Self.pdf(naming: "Helvetica"))
    try workspace.write("specs/cut.pdf", bytes: Self.pdf(naming: "Times-Roman"))
    try workspace.write(
      "specs/a.yaml",
      """
      buttonsmith: 1
      buttons:
        icon: { size: [120, 60], tint: red, image: { file: hi.pdf } }
        cut: { size: [120, 60], tint: red, mask: { file: cut.pdf } }

      """)
    let run = try CLIRunner.run(["build"], in: workspace.url)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stderr.contains("specs/a.yaml:3:54: error: cannot use image 'hi.pdf': its font 'Helvetica' is not embedded"),
      "\(run.stderr)")
    #expect(run.stderr.contains("specs/a.yaml:4:52: error:") && run.stderr.contains("'Times-Roman' is not embedded"))
    #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("build/assets/current").path))
  }
}

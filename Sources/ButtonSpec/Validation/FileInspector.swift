import ButtonCore
import Foundation

/// Checks the files a spec names (fonts, images, masks) once each: that they exist, can be
/// read, and are what they claim to be. What a file's check finds is reported at every place
/// that names it, as the spec's other mistakes are.
struct FileInspector {
  /// The run's snapshot: a file is read once, here, and its bytes serve the keys and the renderer.
  let files: InputFiles
  /// What each file's check found, by its use (a PNG used as an image is also checked as a
  /// source set), its path and the path as written.
  private var found: [FilePath: [Diagnostic]] = [:]

  init(files: InputFiles) {
    self.files = files
  }

  mutating func check(_ look: ButtonLook, into diagnostics: inout Diagnostics) {
    if let file = look.font.file { check(file, kind: .font, into: &diagnostics) }
    if let image = look.image { check(image.file, kind: .image, into: &diagnostics) }
    if case .file(let file) = look.mask?.source { check(file, kind: .mask, into: &diagnostics) }
  }

  private enum Kind: String {
    case font, image, mask

    var limit: Int { self == .font ? BoundedFile.fontLimit : BoundedFile.imageLimit }
  }

  /// The image formats, by the file name's extension.
  enum ImageFormat {
    case png, svg, pdf

    init(path: String) {
      switch (path as NSString).pathExtension.lowercased() {
      case "svg": self = .svg
      case "pdf": self = .pdf
      default: self = .png
      }
    }
  }

  private mutating func check(_ file: FileReference, kind: Kind, into diagnostics: inout Diagnostics) {
    let key = FilePath("\(kind.rawValue) \(file.url.path) \(file.path)")
    let problems: [Diagnostic]
    if let known = found[key] {
      problems = known
    } else {
      var checked = Diagnostics()
      inspect(file, kind: kind, into: &checked)
      problems = checked.all
      found[key] = problems
    }
    for var problem in problems {
      problem.location = file.location
      diagnostics.add(problem)
    }
  }

  /// Reads and checks `file`, reporting at its location.
  private func inspect(_ file: FileReference, kind: Kind, into diagnostics: inout Diagnostics) {
    let header: Data
    let format = ImageFormat(path: file.path)
    // An SVG is parsed whole, as a spec is: it gets a spec's size limit.
    let limit = kind != .font && format == .svg ? BoundedFile.specLimit : kind.limit
    let contents: Data
    switch files.contents(at: file.url.path, limit: limit) {
    case .success(let data):
      contents = data
      header = data.prefix(24)
    case .failure(.tooLarge(let size, let limit)):
      diagnostics.add(
        .fileTooLarge,
        "\(kind.rawValue) file '\(file.path)' is \(size) bytes, more than the \(limit) \(kind == .image ? "an" : "a") \(kind.rawValue) may have",
        at: file.location)
      return
    case .failure(let failure):
      diagnostics.add(
        .missingFile, "\(kind.rawValue) file '\(file.path)' \(failure)",
        at: file.location, notes: failure == .missing ? [.init("paths are relative to the file that names them")] : [])
      return
    }
    switch kind {
    case .font:
      if !Self.isFont(header) {
        diagnostics.add(.notAFont, "'\(file.path)' is not a TrueType, OpenType or WOFF font", at: file.location)
      }
    case .image, .mask:
      if format == .svg {
        if let problem = SVGInspector.problem(in: contents) {
          diagnostics.add(.badImage, "\(kind.rawValue) file '\(file.path)' \(problem)", at: file.location)
        }
        return
      }
      if format == .pdf {
        if !contents.starts(with: Array("%PDF-".utf8)) {
          diagnostics.add(.badImage, "\(kind.rawValue) file '\(file.path)' is not a PDF", at: file.location)
        }
        return
      }
      guard let size = Self.pngSize(header) else {
        diagnostics.add(.notAPNG, "\(kind.rawValue) file '\(file.path)' is not a PNG", at: file.location)
        return
      }
      if kind == .image { checkSourceSet(of: file, size: size, into: &diagnostics) }
      if max(size.width, size.height) > Limits.maximumPixelSide {
        diagnostics.add(
          .imageTooLarge,
          "\(kind.rawValue) file '\(file.path)' is \(size.width) x \(size.height) pixels, more than "
            + "\(Limits.maximumPixelSide) on a side",
          at: file.location)
      }
    }
  }

  /// The `@2x` and `@3x` files beside a PNG must be PNGs of two and three times its size.
  private func checkSourceSet(
    of file: FileReference, size: (width: Int, height: Int), into diagnostics: inout Diagnostics
  ) {
    let set = ImageSourceSet(path: file.url.path, files: files)
    for member in set.members.dropFirst() {
      let name = (member.path as NSString).lastPathComponent
      guard case .success(let data) = files.contents(at: member.path, limit: BoundedFile.imageLimit),
        let found = Self.pngSize(data.prefix(24))
      else {
        diagnostics.add(.notAPNG, "image file '\(name)' beside '\(file.path)' is not a PNG", at: file.location)
        continue
      }
      let expected = (width: size.width * Int(member.scale), height: size.height * Int(member.scale))
      if found != expected {
        diagnostics.add(
          .badImage,
          "'\(name)' is \(found.width) x \(found.height) pixels; as the @\(Int(member.scale))x of the "
            + "\(size.width) x \(size.height) '\(file.path)' it must be \(expected.width) x \(expected.height)",
          at: file.location)
      }
    }
  }

  static func isFont(_ header: Data) -> Bool {
    let magic = [UInt8](header.prefix(4))
    let known: [[UInt8]] = [
      [0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("typ1".utf8),
      Array("ttcf".utf8), Array("wOFF".utf8), Array("wOF2".utf8),
    ]
    return known.contains(magic)
  }

  /// Width and height from a PNG's signature and IHDR chunk, or `nil` when it is not a PNG.
  static func pngSize(_ header: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](header)
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      return nil
    }
    func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (bigEndian(16), bigEndian(20))
  }
}

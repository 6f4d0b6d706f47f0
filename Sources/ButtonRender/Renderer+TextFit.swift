import ButtonCore

/// How a job's label fits its button.
public struct TextFit: Sendable, Equatable {
  /// The fraction of the font size the label is drawn at (1 when not shrunk).
  public var fraction: Double
  /// Whether the label fits the padded width at that size.
  public var fits: Bool
  /// The width available to the label, in points.
  public var available: Double
  /// Characters of the label no font can draw (drawn as boxes).
  public var missingCharacters: [Unicode.Scalar] = []
  /// The font families the label is drawn with: the one asked for and any fallback.
  public var families: [String] = []
}

/// How a job's label and image fit inside its padding and border.
public struct ContentFit: Sendable, Equatable {
  /// The label's fit; `nil` without a label.
  public var text: TextFit?
  /// The image's drawn size in points; `nil` without an image. Less than a point on a side
  /// means the image has no room and is not drawn.
  public var imageSize: Size?
  /// Where the label is drawn, in points from the button's top left corner.
  public var textFrame: Frame?
  /// Where the image is drawn, likewise.
  public var imageFrame: Frame?

  /// A rectangle in points.
  public struct Frame: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
  }
}

extension Renderer {
  /// Lays out `job`'s label and image as drawing would and reports how they fit.
  public func contentFit(of job: RenderJob) throws -> ContentFit {
    let canvas = try Canvas(width: 1, height: 1)
    let image = try job.image.map { try images.image(at: $0.file, scale: job.scale) }
    let layout = try ContentLayout(job: job, imageSize: image?.naturalSize, context: canvas.context)
    return ContentFit(
      text: try job.text.map { text in
        TextFit(
          fraction: layout.textFraction, fits: layout.textFits, available: layout.textAvailable,
          missingCharacters: (layout.text?.unknownGlyphs ?? 0) > 0
            ? try TextLayout.missingCharacters(of: text, context: canvas.context) : [],
          families: layout.text?.families ?? [])
      },
      imageSize: layout.image.map { Size(width: $0.width, height: $0.height) },
      textFrame: layout.text.map {
        ContentFit.Frame(x: layout.textOrigin.x, y: layout.textOrigin.y, width: $0.width, height: $0.height)
      },
      imageFrame: layout.image.map { ContentFit.Frame(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
  }

  /// Decodes the image or mask file at `path` as drawing would, to check it early: every
  /// member of an image's PNG source set (masks have none), and a vector document drawn once,
  /// small.
  public func checkImageFile(at path: String, isImage: Bool = true) throws {
    let members = isImage ? ImageSourceSet(path: path, files: files).members : [.init(scale: 1, path: path)]
    for member in members {
      let image = try images.image(at: member.path, memberScale: member.scale)
      guard case .vector(let document) = image else { continue }
      let shrink = min(1, 64 / max(document.size.width, document.size.height))
      let (width, height) = (document.size.width * shrink, document.size.height * shrink)
      let canvas = try Canvas(width: max(1, Int(width.rounded(.up))), height: max(1, Int(height.rounded(.up))))
      do {
        try document.draw(in: canvas.context, width: width, height: height)
      } catch {
        throw RenderError.imageFile(path: path, reason: "\(error)")
      }
    }
  }
}

extension Renderer {
  /// The button's rectangle inside `job`'s image, in pixels (the image is larger when a shadow
  /// or an outside border needs room).
  public func contentRect(of job: RenderJob) throws -> PixelRect {
    let geometry = try ButtonGeometry(job: job)
    return PixelRect(
      x: geometry.contentX, y: geometry.contentY, width: geometry.contentWidth, height: geometry.contentHeight)
  }

  /// The pixel size `job`'s image will have, shadow and outside border included.
  public func pixelSize(of job: RenderJob) throws -> (width: Int, height: Int) {
    let geometry = try ButtonGeometry(job: job)
    return (geometry.imageWidth, geometry.imageHeight)
  }

  /// The size of the PNG `job` writes: its pixel size, and a nine-patch's one-pixel frame
  /// around it.
  public func fileSize(of job: RenderJob) throws -> (width: Int, height: Int) {
    let size = try pixelSize(of: job)
    let frame = job.ninePatch == nil ? 0 : 2
    return (size.width + frame, size.height + frame)
  }

  /// Where the button is in the PNG `job` writes: its rectangle in the image, moved by a
  /// nine-patch's frame.
  public func fileContentRect(of job: RenderJob) throws -> PixelRect {
    let rect = try contentRect(of: job)
    return job.ninePatch == nil ? rect : rect.offsetBy(dx: 1, dy: 1)
  }
}

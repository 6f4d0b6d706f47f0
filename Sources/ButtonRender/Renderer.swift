import ButtonCore
import CCairo
import Foundation

/// The render stage: draws one `RenderJob` with Cairo and Pango and encodes it as PNG.
///
/// A renderer holds no per-job state; one instance may render many jobs on many threads at
/// once and gives the same bytes as one thread would.
public struct Renderer: Sendable {
  /// How PNGs are compressed.
  public var compression: PNGCompression
  /// The run's snapshot of the files jobs read: image and mask files are read through it.
  public let files: InputFiles
  /// Decoded image and mask files, shared across jobs and threads.
  let images: ImageStore

  /// Creates a renderer that reads image and mask files through `files`.
  public init(compression: PNGCompression = .standard, files: InputFiles = InputFiles()) {
    self.compression = compression
    self.files = files
    self.images = ImageStore(files: files)
  }

  /// Draws `job` and encodes it, with its hit mask when the job asks for one.
  public func render(_ job: RenderJob) throws -> RenderedImage {
    let (image, content) = try draw(job)
    var hitMask: HitMask?
    if let threshold = job.hitMaskThreshold {
      hitMask = try HitMask(image: image, threshold: threshold, scale: job.scale, compression: compression)
    }
    guard let stretch = job.ninePatch else {
      let png = try PNGEncoder(compression: compression).encode(image, scale: job.scale)
      return RenderedImage(png: png, width: image.width, height: image.height, content: content, hitMask: hitMask)
    }
    // The hit mask stays the image's own size: the frame is not part of the button.
    let framed = NinePatch.framed(image, stretch: stretch, button: content, scale: job.scale)
    let png = try PNGEncoder(compression: compression).encode(framed, scale: job.scale)
    return RenderedImage(
      png: png, width: framed.width, height: framed.height, content: content.offsetBy(dx: 1, dy: 1), hitMask: hitMask)
  }

  /// Draws `job` to straight RGBA pixels, without encoding; also returns the button's
  /// rectangle inside the image.
  public func draw(_ job: RenderJob) throws -> (image: RGBAImage, content: PixelRect) {
    let geometry = try ButtonGeometry(job: job)
    try MemoryHeadroom.check(forPixels: geometry.imageWidth * geometry.imageHeight)
    let button = try Canvas(width: geometry.imageWidth, height: geometry.imageHeight)
    let context = button.context
    cairo_translate(context, Double(geometry.contentX), Double(geometry.contentY))
    cairo_scale(context, geometry.scaleX, geometry.scaleY)
    try ButtonPainter(job: job, context: context, images: images).paint()
    try button.check()
    let finished = try job.shadow.map { try ShadowPainter.composite(button, shadow: $0, geometry: geometry) } ?? button
    if let mask = job.mask {
      try MaskPainter(images: images).apply(mask, to: finished, geometry: geometry, job: job)
    }
    try finished.check()
    let content = PixelRect(
      x: geometry.contentX, y: geometry.contentY, width: geometry.contentWidth, height: geometry.contentHeight)
    return (SurfaceConversion.image(from: finished, opacity: job.opacity), content)
  }
}

/// A rectangle in pixels.
public struct PixelRect: Sendable, Hashable, Codable {
  /// Left edge in pixels.
  public var x: Int
  /// Top edge in pixels.
  public var y: Int
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Creates a rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The columns it covers.
  public var columns: Range<Int> { x..<x + width }
  /// The rows it covers.
  public var rows: Range<Int> { y..<y + height }

  /// The rectangle moved by `dx` across and `dy` down.
  public func offsetBy(dx: Int, dy: Int) -> PixelRect {
    PixelRect(x: x + dx, y: y + dy, width: width, height: height)
  }
}

/// One drawn and encoded image.
public struct RenderedImage: Sendable {
  /// The PNG file's bytes.
  public var png: Data
  /// Pixel size of the image.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// The button's rectangle inside the image (smaller than the image when a shadow or an
  /// outside border needs room).
  public var content: PixelRect
  /// The 1-bit hit mask, when the job asked for one.
  public var hitMask: HitMask?
}

import ButtonCore
import Foundation

/// Where the button sits in the image, in pixels, and how points map to pixels.
struct ButtonGeometry: Equatable {
  /// Width and height of the whole image.
  let imageWidth: Int
  let imageHeight: Int
  /// The button's rectangle inside the image.
  let contentX: Int
  let contentY: Int
  let contentWidth: Int
  let contentHeight: Int
  /// Pixels per point, horizontally and vertically (equal but for rounding of odd sizes; see
  /// `pixelsPerPoint`).
  let scaleX: Double
  let scaleY: Double

  init(job: RenderJob) throws {
    let layout = OuterMargin.pixelLayout(size: job.size, margins: Self.outerMargins(of: job), scale: job.scale)
    (imageWidth, imageHeight) = (layout.imageWidth, layout.imageHeight)
    (contentX, contentY, contentWidth, contentHeight) = (
      layout.contentX, layout.contentY, layout.contentWidth, layout.contentHeight
    )
    scaleX = Self.pixelsPerPoint(pixels: contentWidth, points: job.size.width, scale: job.scale)
    scaleY = Self.pixelsPerPoint(pixels: contentHeight, points: job.size.height, scale: job.scale)
    guard max(imageWidth, imageHeight) <= Limits.maximumPixelSide else {
      throw RenderError.tooLarge(width: imageWidth, height: imageHeight)
    }
  }

  /// Pixels per point along a side of `points` drawn as `pixels` at `scale`: the pixels the side
  /// was rounded to, or, for a side under half a pixel (drawn as one pixel all the same), the
  /// scale itself. Stretched to its one pixel, a side of 0.01 point would draw its label, its
  /// shadow's offset and its images a hundred times their size along it (a label's font past
  /// what FreeType takes, a shadow past cairo's largest surface); drawn at its size, it covers
  /// the part of its pixel it has.
  static func pixelsPerPoint(pixels: Int, points: Double, scale: Double) -> Double {
    points * scale < 0.5 ? scale : Double(pixels) / points
  }

  /// How far, in points, the shadow or an outside or centred border reaches past each side.
  static func outerMargins(of job: RenderJob) -> Insets {
    OuterMargin.sides(
      shadow: job.shadow.map { ($0.blur, $0.offsetX, $0.offsetY) }, border: job.border.map { ($0.width, $0.align) })
  }
}

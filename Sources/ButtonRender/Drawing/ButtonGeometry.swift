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
  /// Pixels per point, horizontally and vertically (equal but for rounding of odd sizes).
  let scaleX: Double
  let scaleY: Double

  init(job: RenderJob) throws {
    let layout = OuterMargin.pixelLayout(size: job.size, margins: Self.outerMargins(of: job), scale: job.scale)
    (imageWidth, imageHeight) = (layout.imageWidth, layout.imageHeight)
    (contentX, contentY, contentWidth, contentHeight) = (
      layout.contentX, layout.contentY, layout.contentWidth, layout.contentHeight
    )
    scaleX = Double(contentWidth) / job.size.width
    scaleY = Double(contentHeight) / job.size.height
    guard max(imageWidth, imageHeight) <= Limits.maximumPixelSide else {
      throw RenderError.tooLarge(width: imageWidth, height: imageHeight)
    }
  }

  /// How far, in points, the shadow or an outside or centred border reaches past each side.
  static func outerMargins(of job: RenderJob) -> Insets {
    OuterMargin.sides(
      shadow: job.shadow.map { ($0.blur, $0.offsetX, $0.offsetY) }, border: job.border.map { ($0.width, $0.align) })
  }
}

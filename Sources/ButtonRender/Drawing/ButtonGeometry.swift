import ButtonSpec
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
    let margin = Self.outerMargin(of: job)
    let marginPixels = Int((margin * job.scale).rounded(.up))
    contentWidth = max(1, Int((job.size.width * job.scale).rounded()))
    contentHeight = max(1, Int((job.size.height * job.scale).rounded()))
    contentX = marginPixels
    contentY = marginPixels
    imageWidth = contentWidth + 2 * marginPixels
    imageHeight = contentHeight + 2 * marginPixels
    scaleX = Double(contentWidth) / job.size.width
    scaleY = Double(contentHeight) / job.size.height
    guard max(imageWidth, imageHeight) <= SpecValidator.maximumPixelSide else {
      throw RenderError.tooLarge(width: imageWidth, height: imageHeight)
    }
  }

  /// How far, in points, the shadow or an outside or centred border reaches past the button.
  static func outerMargin(of job: RenderJob) -> Double {
    var margin = 0.0
    if let shadow = job.shadow {
      margin = max(margin, shadow.blur + max(abs(shadow.offsetX), abs(shadow.offsetY)))
    }
    if let border = job.border {
      switch border.align {
      case .inside: break
      case .center: margin = max(margin, border.width / 2)
      case .outside: margin = max(margin, border.width)
      }
    }
    return margin
  }
}

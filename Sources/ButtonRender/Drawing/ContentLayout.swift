import ButtonCore

/// Where the label and the image go inside the padded box, in points.
struct ContentLayout {
  struct Frame {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  var text: TextLayout?
  var textOrigin = (x: 0.0, y: 0.0)
  var textFraction = 1.0
  var textFits = true
  var textAvailable = 0.0
  var image: Frame?

  /// The box inside the shape's edge, border and padding.
  static func box(for job: RenderJob) -> Frame {
    let border = OuterMargin.innerReach(of: job.border.map { ($0.width, $0.align) })
    let p = job.padding
    return Frame(
      x: p.left + border, y: p.top + border, width: max(0, job.size.width - p.left - p.right - 2 * border),
      height: max(0, job.size.height - p.top - p.bottom - 2 * border))
  }

  init(job: RenderJob, imageSize: Size?, context: OpaquePointer) throws {
    let box = Self.box(for: job)
    let position = job.image?.position ?? .center
    let spacing = job.image?.spacing ?? 0
    var imageFrame: Frame?
    if let imageSize {
      var limit = (width: box.width, height: box.height)
      if job.text != nil, position == .top || position == .bottom { limit.height = max(box.height / 2 - spacing, 1) }
      if job.text != nil, position == .leading || position == .trailing {
        limit.width = max(box.width / 2 - spacing, 1)
      }
      let natural = job.image?.size ?? imageSize
      let shrink = min(1, limit.width / natural.width, limit.height / natural.height)
      imageFrame = Frame(x: 0, y: 0, width: natural.width * shrink, height: natural.height * shrink)
    }
    if let text = job.text {
      var available = box.width
      if let frame = imageFrame, position == .leading || position == .trailing {
        available -= frame.width + spacing
      }
      textAvailable = max(available, 0)
      // Laid out in at least a point: a label with no room still has a size to report.
      let fitted = try TextLayout.fitting(text, available: max(available, 1), context: context)
      self.text = fitted.layout
      textFraction = fitted.fraction
      textFits = fitted.fits
    }
    place(in: box, image: imageFrame, position: position, spacing: spacing)
  }

  /// Centres the group of label and image in the box.
  private mutating func place(in box: Frame, image: Frame?, position: ImagePosition, spacing: Double) {
    let (midX, midY) = (box.x + box.width / 2, box.y + box.height / 2)
    let textSize = (width: text?.width ?? 0, height: text?.height ?? 0)
    guard var frame = image else {
      textOrigin = (midX - textSize.width / 2, midY - textSize.height / 2)
      return
    }
    guard text != nil else {
      frame.x = midX - frame.width / 2
      frame.y = midY - frame.height / 2
      self.image = frame
      return
    }
    switch position {
    case .leading, .trailing:
      let total = frame.width + spacing + textSize.width
      let start = midX - total / 2
      frame.y = midY - frame.height / 2
      if position == .leading {
        frame.x = start
        textOrigin = (start + frame.width + spacing, midY - textSize.height / 2)
      } else {
        textOrigin = (start, midY - textSize.height / 2)
        frame.x = start + textSize.width + spacing
      }
    case .top, .bottom:
      let total = frame.height + spacing + textSize.height
      let start = midY - total / 2
      frame.x = midX - frame.width / 2
      if position == .top {
        frame.y = start
        textOrigin = (midX - textSize.width / 2, start + frame.height + spacing)
      } else {
        textOrigin = (midX - textSize.width / 2, start)
        frame.y = start + textSize.height + spacing
      }
    case .center:
      frame.x = midX - frame.width / 2
      frame.y = midY - frame.height / 2
      textOrigin = (midX - textSize.width / 2, midY - textSize.height / 2)
    }
    self.image = frame
  }
}

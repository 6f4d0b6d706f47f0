import ButtonCore
import Foundation
/// The layouts `build --format` writes into a version directory.
public enum OutputFormat: String, CaseIterable, Sendable, Codable, Comparable {
  /// `asset/state[-fNN][-dark][@Nx].png`.
  case files
  /// An Xcode asset catalog: `Buttons.xcassets/<asset>[-<state>].imageset/` with `Contents.json`,
  /// dark images as the dark luminosity appearance; scales 1, 2 and 3 only.
  case xcassets
  /// Android resources: `res/drawable[-night]-<density>/<asset>[_<state>].png`.
  case android
  /// `<Name>.swift`: each button's image names per state, hit masks and cap insets, with UIKit and
  /// SwiftUI helpers; it describes the images the other formats write.
  case swift

  /// Whether the format holds images (the `swift` format describes the others' images).
  public var hasImages: Bool { self != .swift }

  /// Why a list of formats without images is refused.
  public static let noImagesMessage =
    "the swift format describes the images of the other formats; add files, xcassets or android"

  public static func < (lhs: OutputFormat, rhs: OutputFormat) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  /// Parses `files,xcassets`; `nil` names the first unknown format.
  public static func parse(_ list: String) -> Result<[OutputFormat], UnknownFormat> {
    var formats: [OutputFormat] = []
    for name in list.split(separator: ",").map({ $0.trimmingSpaces() }) {
      guard let format = OutputFormat(rawValue: name) else { return .failure(UnknownFormat(name: name)) }
      if !formats.contains(format) { formats.append(format) }
    }
    return formats.isEmpty ? .failure(UnknownFormat(name: list)) : .success(formats.sorted())
  }

  /// A format name that is not one of `OutputFormat`'s.
  public struct UnknownFormat: Error, Sendable {
    /// The name given.
    public var name: String
  }
}

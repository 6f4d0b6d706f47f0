import Foundation

/// A PNG with `@2x` and `@3x` versions beside it (`icon.png`, `icon@2x.png`, `icon@3x.png`), as
/// Xcode and designers' exports name them: a job at scale `s` draws the closest member at or
/// above `s` (else the largest), and the image's size in points is the `@1x` member's pixels.
public struct ImageSourceSet: Sendable, Equatable {
  /// One file of the set.
  public struct Member: Sendable, Equatable {
    /// The scale its name gives (1 for the file the spec names).
    public var scale: Double
    /// Its path.
    public var path: String

    /// The file at `path`, drawn for `scale` pixels per point.
    public init(scale: Double, path: String) {
      self.scale = scale
      self.path = path
    }
  }

  /// The members, by scale; the first is the file the spec names, at scale 1.
  public var members: [Member]

  /// The scales a member may have besides 1.
  public static let scales: [Double] = [2, 3]

  /// The set of the PNG at `path`: itself and the `@Nx` files beside it that exist. A member
  /// that exists but cannot be read stays in the set, so drawing it fails rather than falling
  /// back to another file. Any other file is a set of one.
  public init(path: String, files: InputFiles) {
    members = [Member(scale: 1, path: path)]
    for candidate in Self.candidates(for: path) {
      if case .failure(.missing) = files.file(at: candidate.path, limit: BoundedFile.imageLimit) { continue }
      members.append(candidate)
    }
  }

  /// Where the `@2x` and `@3x` files of the PNG at `path` would be (none for other files):
  /// `icon@2x.png` beside `icon.png`, with the extension as written.
  public static func candidates(for path: String) -> [Member] {
    let url = URL(fileURLWithPath: path)
    guard url.pathExtension.lowercased() == "png" else { return [] }
    let base = (path as NSString).deletingPathExtension
    return scales.map { Member(scale: $0, path: "\(base)@\(Int($0))x.\(url.pathExtension)") }
  }

  /// Whether there is more than one member.
  public var isSet: Bool { members.count > 1 }

  /// The member a job at `scale` draws: the closest at or above it, else the largest.
  public func member(for scale: Double) -> Member {
    members.filter { $0.scale >= scale }.min { $0.scale < $1.scale } ?? members.max { $0.scale < $1.scale }!
  }
}

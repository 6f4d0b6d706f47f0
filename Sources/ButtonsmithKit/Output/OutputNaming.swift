import ButtonRender
import ButtonSpec

/// Where each format puts a job's image and hit mask.
public enum OutputNaming {
  /// The directory of the asset catalog inside a version.
  public static let catalog = "Buttons.xcassets"

  /// Android's density qualifiers, by scale.
  static let densities: [Double: String] = [1: "mdpi", 1.5: "hdpi", 2: "xhdpi", 3: "xxhdpi", 4: "xxxhdpi"]

  /// The scales an asset catalog has slots for.
  static let catalogScales: Set<Double> = [1, 2, 3]

  /// The path of `job`'s image in the `files` layout: `asset/[LANG/]state[-fNN][-dark][@Nx].png`
  /// (the development language keeps the unlocalized path).
  public static func path(for job: RenderJob, isDevelopmentLanguage: Bool = true) -> String {
    let language = isDevelopmentLanguage ? "" : (job.locale.map { "\($0)/" } ?? "")
    return "\(job.button)/\(language)\(fileName(for: job))"
  }

  /// The path of `job`'s image in `format`, or `nil` when the format has no place for it (an
  /// asset catalog has no 1.5x or 4x). `isDefaultAppearance`: the image is the one a device
  /// without a matching appearance uses (light, or dark when the button has no light images).
  /// `isDevelopmentLanguage`: a localized image in the development language, which keeps the
  /// unlocalized paths (Android's unqualified folders).
  public static func path(
    for job: RenderJob, format: OutputFormat, isDefaultAppearance: Bool = true, isDevelopmentLanguage: Bool = true
  ) -> String? {
    switch format {
    case .files:
      return path(for: job, isDevelopmentLanguage: isDevelopmentLanguage)
    case .xcassets:
      guard catalogScales.contains(job.scale) else { return nil }
      return "\(catalog)/\(imageSetName(for: job)).imageset/\(fileName(for: job, inCatalog: true))"
    case .android:
      // Qualifier order: language, then night, then density.
      let language = isDevelopmentLanguage ? "" : (job.locale.map { "-" + androidQualifier($0) } ?? "")
      let night = isDefaultAppearance ? "" : "-night"
      let density = densities[job.scale] ?? "nodpi"
      let name = androidName(for: job) + (job.ninePatch == nil ? "" : ".9")
      return "res/drawable\(language)\(night)-\(density)/\(name).png"
    case .swift:
      return nil
    }
  }

  /// Android's resource qualifier for a language tag: `de`, `pt-rBR`, `en-rXA`, and the BCP 47
  /// form for the others (`b+zh+Hans`, `b+es+419`).
  static func androidQualifier(_ language: String) -> String {
    let parts = language.split(separator: "-")
    if parts.count == 1 { return language }
    if parts.count == 2, parts[1].count == 2 { return "\(parts[0])-r\(parts[1])" }
    return "b+" + parts.joined(separator: "+")
  }

  /// Where the hit mask of `planned` goes: beside the image (`files`), in a data set per scale
  /// (`xcassets`, byte-exact where an image set would be recompressed), or in `res/raw` (Android
  /// never rescales raw resources).
  static func hitMaskPath(for planned: PlannedJob) -> String {
    let path = planned.path
    let directory = path[..<path.lastIndex(of: "/")!]
    switch planned.format {
    case .files, .swift:
      return String(path.dropLast(".png".count)) + ".hitmask.png"
    case .xcassets:
      let set = directory.dropFirst(catalog.count + 1).dropLast(".imageset".count)
      let file = path[path.index(after: path.lastIndex(of: "/")!)...].dropLast(".png".count)
      return "\(catalog)/\(hitMaskDataSetName(imageSet: String(set), scale: planned.scale)).dataset/\(file).hitmask.png"
    case .android:
      let folder = directory.replacingOccurrences(of: "res/drawable", with: "res/raw")
      return "\(folder)/\(androidName(for: planned.job))_hitmask.png"
    }
  }

  /// `<image set>-hitmask-<N>x`: a data set has no scales, so each scale has its own.
  static func hitMaskDataSetName(imageSet: String, scale: Double) -> String {
    "\(imageSet)-hitmask-\(formatScale(scale))x"
  }

  /// `state[-fNN][-dark][@Nx].png`; in a catalog, where every language shares the image set,
  /// `state[-fNN][-dark][-LANG][@Nx].png`.
  static func fileName(for job: RenderJob, inCatalog: Bool = false) -> String {
    var name = job.state.rawValue
    if let frame = job.frame { name += "-f" + String(frame).leftPadded(to: 2) }
    if job.appearance == .dark { name += "-dark" }
    if inCatalog, let locale = job.locale { name += "-\(locale)" }
    if job.scale != 1 { name += "@\(formatScale(job.scale))x" }
    return name + ".png"
  }

  /// `asset` for `normal`, else `asset-state[-fNN]`.
  static func imageSetName(for job: RenderJob) -> String {
    var name = job.button
    if job.state != .normal || job.frame != nil { name += "-\(job.state.rawValue)" }
    if let frame = job.frame { name += "-f" + String(frame).leftPadded(to: 2) }
    return name
  }

  /// A button's Android resource name: its asset name with `-` as `_` (resource names are
  /// Java identifiers).
  static func androidName(button: String) -> String {
    button.replacingOccurrences(of: "-", with: "_")
  }

  /// `asset_state[_fNN]`: every state has its own name, so `asset` is free for the state list.
  static func androidName(for job: RenderJob) -> String {
    var name = androidName(button: job.button) + "_\(job.state.rawValue)"
    if let frame = job.frame { name += "_f" + String(frame).leftPadded(to: 2) }
    return name
  }

  /// Java's reserved words, which `aapt` refuses as resource names.
  static let javaKeywords: Set<String> = [
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
    "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
    "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
    "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
    "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null",
  ]
}

extension String {
  func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

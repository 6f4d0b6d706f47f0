import ButtonCore

extension SpecValidator {
  /// Asset names match `^[a-z][a-z0-9_-]*$` and are unique across everything read.
  func checkNames(_ names: [Located<String>], into diagnostics: inout Diagnostics) {
    var firstDefinitions: [String: SourceLocation] = [:]
    for name in names {
      if !Self.isValidAssetName(name.value) {
        diagnostics.add(
          .invalidAssetName,
          "asset name '\(Diagnostic.shown(name.value))' must start with a lowercase letter and hold only a-z, 0-9, '_' and '-'",
          at: name.location)
      } else if name.value.utf8.count > Self.maximumAssetNameLength {
        diagnostics.add(
          .invalidAssetName,
          "asset name '\(Diagnostic.shown(name.value))' has \(name.value.utf8.count) characters, more than the "
            + "\(Self.maximumAssetNameLength) a file name made of it may hold",
          at: name.location)
      } else if Self.windowsReservedNames.contains(name.value) {
        // A valid name everywhere else: a warning, for projects also checked out on Windows.
        diagnostics.add(
          .windowsDeviceName,
          "asset name '\(name.value)' is a device name on Windows, where a file or folder of that name cannot exist",
          at: name.location, notes: [.init("use another name, such as '\(name.value)-button'")])
      }
      if let first = firstDefinitions[name.value] {
        diagnostics.add(
          .duplicateAssetName, "asset name '\(Diagnostic.shown(name.value))' is already used", at: name.location,
          notes: [.init("first defined here", at: first)])
      } else {
        firstDefinitions[name.value] = name.location
      }
    }
  }

  /// The longest asset name: with a state, an appearance, a scale, a frame and `.png` added, a
  /// file name must stay under the 255 bytes file systems allow.
  public static let maximumAssetNameLength = 100

  /// Names Windows reserves for devices, in any case and with any extension.
  static let windowsReservedNames: Set<String> = Set(
    ["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })

  /// Whether `name` matches `^[a-z][a-z0-9_-]*$`.
  public static func isValidAssetName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
    return name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
    }
  }

  /// A scale or appearance listed twice would make two jobs write one file.
  func checkOutputs(_ button: ButtonDefinition, into diagnostics: inout Diagnostics) {
    reportRepeats(button.scales, what: "scale", name: { "@\(formatScale($0))x" }, into: &diagnostics)
    reportRepeats(button.appearances, what: "appearance", name: { $0.rawValue }, into: &diagnostics)
  }

  private func reportRepeats<Value: Hashable>(
    _ values: [Located<Value>], what: String, name: (Value) -> String, into diagnostics: inout Diagnostics
  ) {
    var seen: [Value: SourceLocation] = [:]
    for value in values {
      if let first = seen[value.value] {
        diagnostics.add(
          .duplicateOutput, "\(what) \(name(value.value)) is listed twice, so two images would write one file",
          at: value.location, notes: [.init("first listed here", at: first)])
      } else {
        seen[value.value] = value.location
      }
    }
  }
}

/// `1`, `1.5`, `2`: a number in its shortest exact form, as a scale appears in file names and a
/// value in generated code (never rounded, so two scales never share a name).
public func formatScale(_ scale: Double) -> String {
  scale.rounded() == scale && abs(scale) < 1e15 ? String(Int(scale)) : String(scale)
}

/// `20`, `20.5`: a number in a message as it would be written in a spec, to a millionth (a sum
/// such as 126.1 - 28.7 reads 97.4, not 97.39999999999998).
public func formatNumber(_ value: Double) -> String {
  guard abs(value) < 1e9 else { return String(value) }
  let rounded = (value * 1e6).rounded() / 1e6
  return rounded.rounded() == rounded ? String(Int(rounded)) : String(rounded)
}

import ArgumentParser
import ButtonsmithKit
import Foundation

/// What `build` prints: its summary, as a line or as JSON, and what `--check` found.
extension BuildCommand {
  func printSummary(_ summary: BuildSummary, output: String, remote: Bool) throws {
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      print(String(decoding: try encoder.encode(summary), as: UTF8.self))
    } else if !quiet {
      print(Self.summaryLine(summary, output: output, shard: shard, remote: remote))
    }
  }

  /// `url` without a user name or password.
  static func shown(_ url: URL) -> String {
    guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
    parts.user = nil
    parts.password = nil
    return parts.string ?? url.absoluteString
  }

  /// The summary's line; with a remote cache it counts what was downloaded and uploaded, zeros
  /// included.
  static func summaryLine(_ summary: BuildSummary, output: String, shard: String? = nil, remote: Bool = false)
    -> String
  {
    let seconds = String(format: "%.2f s", summary.seconds)
    let remote =
      remote || summary.downloaded + summary.uploaded > 0
      ? ", \(summary.downloaded) downloaded, \(summary.uploaded) uploaded" : ""
    if let shard {
      // Its part only, drawn or taken into the local cache at `output`; no version is written.
      return "build --shard \(shard): \(summary.rendered) rendered, \(summary.reused) reused from cache\(remote), "
        + "0 written in \(seconds) -> \(output); nothing published"
    }
    let place = "\(output)/versions/v\(summary.version)"
    if !summary.newVersion {
      return "build: everything is up to date: \(summary.assets) assets, \(summary.rendered) rendered, "
        + "\(summary.reused) reused from cache\(remote), 0 written in \(seconds) -> \(place)"
    }
    return "build: \(summary.assets) assets, \(summary.rendered) rendered, \(summary.reused) reused from cache"
      + "\(remote), \(summary.written) written in \(seconds) -> \(place)"
  }

  /// `--check --json`: one object with the fields of a build's summary (a check draws, takes
  /// and publishes nothing: `rendered` and `reused` are 0, `version` is `current`'s), and what
  /// is stale.
  struct CheckSummary: Encodable {
    struct Item: Encodable {
      var path: String
      var reason: String
      var pixels: Int?
    }
    var upToDate: Bool
    var assets: Int
    var rendered = 0
    var reused = 0
    var version: Int
    var newVersion = false
    var seconds: Double
    var stale: [Item]

    enum CodingKeys: String, CodingKey {
      case assets, rendered, reused, version, seconds, stale
      case upToDate = "up_to_date"
      case newVersion = "new_version"
    }
  }

  func reportCheck(_ stale: [StaleAsset], assets: Int, version: Int, seconds: Double) throws {
    if json {
      let summary = CheckSummary(
        upToDate: stale.isEmpty, assets: assets, version: version, seconds: (seconds * 1000).rounded() / 1000,
        stale: stale.map { CheckSummary.Item(path: $0.path, reason: $0.reason.rawValue, pixels: $0.pixels) })
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      print(String(decoding: try encoder.encode(summary), as: UTF8.self))
      if !stale.isEmpty { throw ExitCode(1) }
      return
    }
    if stale.isEmpty {
      if !quiet { print("build --check: up to date (\(assets) assets)") }
      return
    }
    for item in stale { print(item) }
    StandardStreams.error("build --check: \(stale.count) of the output out of date; run `buttonsmith build`\n")
    throw ExitCode(1)
  }
}

import ButtonRender
import Foundation

/// The client of a shared HTTP cache in the layout of Bazel's: `{url}/cas/{sha256}` holds an
/// image or hit mask by its digest, `{url}/ac/{key}` a job's record (`RemoteRecord`). Requests
/// run concurrently (at most `concurrency`) over kept-alive connections; every failure is
/// counted, never thrown: the remote only ever saves drawing.
final class RemoteCache {
  let settings: RemoteCacheSettings
  let transfers: HTTPTransfers
  /// Why the header variable, set, was not used (it is not one `Name: value` line); never its value.
  let headerProblem: String?

  init(
    settings: RemoteCacheSettings, environment: [String: String] = ProcessInfo.processInfo.environment,
    concurrency: Int = 32
  ) {
    self.settings = settings
    // Set but empty is not set: a CI workflow names a secret that a pull request from a fork
    // does not get.
    let line = settings.headerEnvironment.flatMap { environment[$0] }.flatMap {
      $0.allSatisfy(\.isWhitespace) ? nil : $0
    }
    let header = line.flatMap(Self.header(from:))
    headerProblem =
      line != nil && header == nil
      ? "header not sent (\(settings.headerEnvironment ?? "") is not one 'Name: value' line)" : nil
    transfers = HTTPTransfers(
      baseURL: settings.url, header: header, timeout: settings.timeout, concurrency: concurrency)
  }

  /// `Name: value` split at its first colon and trimmed; `nil` without a name or a value, with a
  /// name that is not an HTTP field name (a token: letters, digits and ``!#$%&'*+-.^_`|~``; a
  /// server answers 400 to every request that sends another), or with a control character
  /// anywhere (which could end the header early and start another) but a tab inside the value,
  /// which HTTP allows there (RFC 9110, section 5.5).
  static func header(from line: String) -> (name: String, value: String)? {
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let name = line[..<colon].trimmingCharacters(in: .whitespacesAndNewlines)
    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    let hasControl = value.unicodeScalars.contains { $0 != "\t" && $0.properties.generalCategory == .control }
    let isToken = name.unicodeScalars.allSatisfy(Self.tokenCharacters.contains)
    return name.isEmpty || value.isEmpty || hasControl || !isToken ? nil : (name, value)
  }

  /// The characters of an HTTP token (RFC 9110, section 5.6.2).
  private static let tokenCharacters = Set(
    "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)

  /// What went wrong, counted by kind, for one warning line.
  final class Problems: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var gaveUp = false
    private var unusableReason: String?

    private var notes: [String] = []

    func count(_ kind: String) {
      lock.withLock { counts[kind, default: 0] += 1 }
    }

    /// Something that went wrong once, not counted.
    func note(_ text: String) {
      lock.withLock { notes.append(text) }
    }

    /// The remote was left alone for the rest of the build after failing again and again.
    func giveUp() {
      lock.withLock { gaveUp = true }
    }

    /// The remote cannot be asked anything in this build (no HTTP client), for `reason`.
    func unusable(_ reason: String) {
      lock.withLock { unusableReason = reason }
    }

    /// Whether `giveUp()` was called: nothing more is asked of the remote in this build.
    var hasGivenUp: Bool { lock.withLock { gaveUp } }

    /// `2 requests failed (connection refused), 1 object had other bytes; the build went on
    /// without it`, or `nil`. With only a note (the header not sent), the remote was used:
    /// `header not sent (…); requests went without it`.
    var summary: String? {
      lock.withLock {
        var failures = counts.sorted { $0.key < $1.key }.map { "\($1) \($0)" }
        if gaveUp {
          failures.append("no further requests after \(RemoteCache.failuresBeforeGivingUp) failures in a row")
        }
        if let unusableReason { failures.append("\(unusableReason), so no request was made") }
        guard !(notes + failures).isEmpty else { return nil }
        let outcome = failures.isEmpty ? "requests went without it" : "the build went on without it"
        return (notes + failures).joined(separator: ", ") + "; " + outcome
      }
    }
  }
}

import ButtonRender
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The client of a shared HTTP cache in the layout of Bazel's: `{url}/cas/{sha256}` holds an
/// image or hit mask by its digest, `{url}/ac/{key}` a job's record (`RemoteRecord`). Requests
/// run concurrently (at most `concurrency`) over kept-alive connections; every failure is
/// counted, never thrown: the remote only ever saves drawing.
final class RemoteCache: Sendable {
  let settings: RemoteCacheSettings
  /// The most requests in flight.
  let concurrency: Int
  private let session: URLSession
  private let header: (name: String, value: String)?

  init(
    settings: RemoteCacheSettings, environment: [String: String] = ProcessInfo.processInfo.environment,
    concurrency: Int = 8
  ) {
    self.settings = settings
    self.concurrency = concurrency
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = concurrency
    configuration.timeoutIntervalForRequest = settings.timeout
    configuration.timeoutIntervalForResource = settings.timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    session = URLSession(configuration: configuration, delegate: RefuseRedirects(), delegateQueue: nil)
    header = settings.headerEnvironment.flatMap { environment[$0] }.flatMap { line in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = line[..<colon].trimmingCharacters(in: .whitespacesAndNewlines)
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
      let hasControl = (name + value).unicodeScalars.contains { $0.properties.generalCategory == .control }
      return name.isEmpty || hasControl ? nil : (name, value)
    }
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// What went wrong, counted by kind, for one warning line.
  final class Problems: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var gaveUp = false

    func count(_ kind: String) {
      lock.withLock { counts[kind, default: 0] += 1 }
    }

    /// The remote was left alone for the rest of the build after failing again and again.
    func giveUp() {
      lock.withLock { gaveUp = true }
    }

    /// `2 requests failed (connection refused), 1 object had other bytes`, or `nil`.
    var summary: String? {
      lock.withLock {
        var parts = counts.sorted { $0.key < $1.key }.map { "\($1) \($0)" }
        if gaveUp { parts.append("no further requests after \(RemoteCache.failuresBeforeGivingUp) failures in a row") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
      }
    }
  }

  // MARK: Requests

  enum Response {
    case found(Data)
    case missing
    case failed(String)
  }

  func get(_ path: String) -> Response {
    var request = URLRequest(url: settings.url.appendingPathComponent(path))
    request.httpMethod = "GET"
    return perform(request)
  }

  func put(_ path: String, _ data: Data) -> Response {
    var request = URLRequest(url: settings.url.appendingPathComponent(path))
    request.httpMethod = "PUT"
    request.httpBody = data
    request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
    return perform(request)
  }

  private func perform(_ request: URLRequest) -> Response {
    var request = request
    if let header { request.setValue(header.value, forHTTPHeaderField: header.name) }
    let done = DispatchSemaphore(value: 0)
    let box = ResponseBox()
    session.dataTask(with: request) { data, response, error in
      if let error {
        box.value = .failed(Self.describe(error))
      } else if let http = response as? HTTPURLResponse {
        switch http.statusCode {
        case 200..<300: box.value = .found(data ?? Data())
        case 404: box.value = .missing
        default: box.value = .failed("HTTP \(http.statusCode)")
        }
      } else {
        box.value = .failed("no HTTP response")
      }
      done.signal()
    }.resume()
    done.wait()
    return box.value
  }

  /// Refuses redirects, so the header (a credential) never goes to another server.
  private final class RefuseRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
      _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }
  }

  private final class ResponseBox: @unchecked Sendable {
    var value = Response.failed("no response")
  }

  /// A short reason, never the request's headers.
  private static func describe(_ error: Error) -> String {
    let code = (error as NSError).code
    switch code {
    case NSURLErrorTimedOut: return "timed out"
    case NSURLErrorCannotConnectToHost: return "connection refused"
    case NSURLErrorNetworkConnectionLost: return "connection lost"
    case NSURLErrorCannotFindHost: return "unknown host"
    default: return "network error \(code)"
    }
  }
}

/// What `ac/{key}` holds: the image's digest and facts, and its hit mask's, enough to publish
/// the job without drawing it.
struct RemoteRecord: Codable, Equatable {
  var sha256: String
  var width: Int
  var height: Int
  var content: PixelRect
  var hitMaskSHA256: String?
  var hitMaskBounds: PixelRect?

  init(_ entry: CacheIndex.Entry) {
    sha256 = entry.sha256
    width = entry.width
    height = entry.height
    content = entry.content
    hitMaskSHA256 = entry.hitMaskSHA256
    hitMaskBounds = entry.hitMaskBounds
  }

  var entry: CacheIndex.Entry {
    CacheIndex.Entry(
      sha256: sha256, width: width, height: height, content: content, hitMaskSHA256: hitMaskSHA256,
      hitMaskBounds: hitMaskBounds)
  }

  /// Whether the digests are digests (64 lowercase hex digits), so they can name files.
  var isWellFormed: Bool {
    ([sha256] + (hitMaskSHA256.map { [$0] } ?? [])).allSatisfy {
      StoreNames.isObject($0, inShard: String($0.prefix(2)))
    }
  }
}

import CCurl
import Foundation

/// HTTP requests run by libcurl's multi interface on the calling thread: at most `concurrency`
/// in flight, over connections kept alive from one request to the next and from one `run` to
/// the next.
///
/// Work comes as chains: each chain asks for one request at a time, chosen from the answer to
/// the one before (a record, then the objects it names), so a chain's requests keep their order
/// while the chains overlap. libcurl is what Foundation's URLSession drives on Linux; driving it
/// directly costs about a tenth of the CPU per request (measured in `docs/remote-cache.md`),
/// which is most of what a build that downloads every image spends.
final class HTTPTransfers {
  /// A request, relative to the base URL.
  struct Request {
    enum Method {
      case get
      case put(Data)
    }

    var method: Method
    var path: String
    /// The most bytes of response body accepted; a longer body fails the request.
    var limit: Int
  }

  /// What a request came back with.
  enum Response {
    /// A 2xx status and its body.
    case found(Data)
    /// 404.
    case missing
    /// Any other status, or no answer: a short reason that never includes the request's headers.
    case failed(String)
  }

  /// One chain: called with `nil` first, then with the response to each request it returned;
  /// returns its next request, or `nil` when it is done. A chain stops asking after failures it
  /// cannot do without (each failure is final: nothing is retried here).
  typealias Chain = (Response?) -> Request?

  private let base: String
  private let timeoutMilliseconds: Int
  private let getHeaders: UnsafeMutablePointer<curl_slist>?
  private let putHeaders: UnsafeMutablePointer<curl_slist>?
  /// Whether every header line made it into the lists (libcurl can fail to copy one).
  private let headersComplete: Bool
  /// The multi handle and its connection slots, kept for the client's life so that later
  /// requests (uploads after downloads) reuse the connections of earlier ones.
  private let multi: UnsafeMutableRawPointer?
  private let slots: [Transfer]
  /// Why there is no client (libcurl cannot be loaded, or has no handle to give): every request
  /// fails with it.
  private let unavailable: String

  /// Why no request can be made at all (libcurl cannot be loaded, or has no handle to give), or
  /// `nil` when requests can be made.
  var unavailableReason: String? { multi == nil || slots.isEmpty ? unavailable : nil }

  /// A client for the server at `baseURL`, sending `header` with every request, at most
  /// `concurrency` requests at a time, each given `timeout` seconds.
  init(baseURL: URL, header: (name: String, value: String)?, timeout: Double, concurrency: Int) {
    var text = baseURL.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    base = text
    let seconds = timeout.isFinite ? min(max(timeout, 0.001), 86_400) : 10
    timeoutMilliseconds = Int((seconds * 1000).rounded())
    if let failure = bs_curl_load() {
      unavailable = "libcurl cannot be loaded (\(String(cString: failure)))"
      (getHeaders, putHeaders, headersComplete, multi, slots) = (nil, nil, true, nil, [])
      return
    }
    unavailable = "no HTTP client"
    let custom = header.map { ["\($0.name): \($0.value)"] } ?? []
    let get = Self.list(custom)
    // No `Expect: 100-continue` round trip before a body, and the body's type said plainly.
    let put = Self.list(custom + ["Content-Type: application/octet-stream", "Expect:"])
    (getHeaders, putHeaders, headersComplete) = (get.list, put.list, get.complete && put.complete)
    let count = max(1, concurrency)
    multi = bs_curl_multi_init()
    if let multi {
      _ = bs_curl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, count)
      _ = bs_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, count)
    }
    slots = multi == nil ? [] : (0..<count).compactMap { _ in Transfer() }
  }

  deinit {
    guard bs_curl_load() == nil else { return }
    for slot in slots { bs_curl_easy_cleanup(slot.easy) }
    if let multi { bs_curl_multi_cleanup(multi) }
    bs_curl_slist_free_all(getHeaders)
    bs_curl_slist_free_all(putHeaders)
  }

  /// Starts loading libcurl on another thread, so that a client made later finds it loaded:
  /// loading it and the TLS libraries it initializes takes about 10 ms. The work ends when it
  /// is loaded (or failed to load).
  static func startLoading() -> Background<Void> {
    Background { _ = bs_curl_load() }
  }

  /// The lines as a libcurl list, and whether every one was copied into it.
  private static func list(_ lines: [String]) -> (list: UnsafeMutablePointer<curl_slist>?, complete: Bool) {
    var list: UnsafeMutablePointer<curl_slist>?
    for line in lines {
      guard let longer = bs_curl_slist_append(list, line) else { return (list, false) }
      list = longer
    }
    return (list, true)
  }

  /// Runs every chain to its end, as many at a time as there are slots, in order of starting.
  func run(_ chains: [Chain]) {
    guard let multi, !slots.isEmpty else {
      for chain in chains { Self.drain(chain, failing: unavailable) }
      return
    }
    var waiting = chains[...]
    var idle = slots
    var active = 0

    func advance(_ slot: Transfer, _ response: Response?) {
      var response = response
      while let chain = slot.chain {
        guard let request = chain(response) else {
          slot.chain = nil
          break
        }
        if start(request, on: slot, in: multi) {
          active += 1
          return
        }
        response = .failed("request could not be set up")
      }
      idle.append(slot)
    }

    repeat {
      while let slot = idle.popLast() {
        guard let chain = waiting.popFirst() else {
          idle.append(slot)
          break
        }
        slot.chain = chain
        advance(slot, nil)
      }
      if active == 0 { break }
      var running: Int32 = 0
      guard bs_curl_multi_perform(multi, &running) == CURLM_OK else {
        // libcurl itself failed (out of memory): every chain gets the failure and stops.
        for slot in slots where slot.inFlight {
          bs_curl_multi_remove_handle(multi, slot.easy)
          slot.inFlight = false
          if let chain = slot.chain { Self.drain(chain, failing: "network error", started: true) }
          slot.chain = nil
        }
        for chain in waiting { Self.drain(chain, failing: "network error") }
        return
      }
      var left: Int32 = 0
      while let message = bs_curl_multi_info_read(multi, &left) {
        guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
        let result = message.pointee.data.result
        bs_curl_multi_remove_handle(multi, easy)
        guard let slot = slots.first(where: { $0.easy == easy }), slot.inFlight else { continue }
        slot.inFlight = false
        active -= 1
        advance(slot, slot.response(result))
      }
      if active > 0 { _ = bs_curl_multi_poll(multi, 100) }
    } while active > 0 || (!waiting.isEmpty && !idle.isEmpty)
  }

  /// Sets `slot`'s handle up for `request` and adds it to `multi`; `false` when libcurl refuses.
  private func start(_ request: Request, on slot: Transfer, in multi: UnsafeMutableRawPointer) -> Bool {
    let easy = slot.easy
    // Every option starts from its default; the connections stay open.
    bs_curl_easy_reset(easy)
    slot.received = Data()
    slot.limit = request.limit
    var ok = headersComplete
    func check(_ code: CURLcode) { ok = ok && code == CURLE_OK }
    check((base + "/" + request.path).withCString { bs_curl_set_pointer(easy, CURLOPT_URL, $0) })
    check("http,https".withCString { bs_curl_set_pointer(easy, CURLOPT_PROTOCOLS_STR, $0) })
    check(bs_curl_set_long(easy, CURLOPT_NOSIGNAL, 1))
    // A name lookup still running when its request times out is left to end on its own thread,
    // not waited for: a DNS server that does not answer would hold the build for its resolver's
    // whole wait (libcurl 7.87 and later; earlier ones refuse the option, and wait).
    _ = bs_curl_set_long(easy, CURLOPT_QUICK_EXIT, 1)
    check(bs_curl_set_long(easy, CURLOPT_TIMEOUT_MS, timeoutMilliseconds))
    check(bs_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, timeoutMilliseconds))
    check(bs_curl_set_write_function(easy, Transfer.write))
    check(bs_curl_set_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(slot).toOpaque()))
    switch request.method {
    case .get:
      check(bs_curl_set_pointer(easy, CURLOPT_HTTPHEADER, getHeaders))
    case .put(let body):
      check(bs_curl_set_pointer(easy, CURLOPT_HTTPHEADER, putHeaders))
      check("PUT".withCString { bs_curl_set_pointer(easy, CURLOPT_CUSTOMREQUEST, $0) })
      check(bs_curl_set_size(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
      // libcurl keeps its own copy of the body for the life of the request.
      check(
        body.isEmpty
          ? "".withCString { bs_curl_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, $0) }
          : body.withUnsafeBytes { bs_curl_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) })
    }
    slot.inFlight = ok && bs_curl_multi_add_handle(multi, easy) == CURLM_OK
    return slot.inFlight
  }

  /// Answers `chain`'s requests (its first one too, when it has not asked yet) with the same
  /// failure until it stops asking.
  private static func drain(_ chain: Chain, failing reason: String, started: Bool = false) {
    var asking = started || chain(nil) != nil
    while asking { asking = chain(.failed(reason)) != nil }
  }

  /// One connection slot: a reused easy handle, the chain it serves and the body coming in.
  private final class Transfer {
    let easy: UnsafeMutableRawPointer
    var chain: Chain?
    /// Whether the handle is in the multi handle, its request under way.
    var inFlight = false
    var received = Data()
    var limit = 0
    var overflowed = false

    init?() {
      guard let easy = bs_curl_easy_init() else { return nil }
      self.easy = easy
    }

    /// Appends a piece of a 2xx answer's body (a body over the limit stops the transfer); the
    /// bodies of other answers (error pages of any size) are let through unkept.
    static let write: bs_curl_write_callback = { data, size, count, context in
      guard let data, let context else { return 0 }
      let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
      let length = size * count
      guard (200..<300).contains(bs_curl_response_code(transfer.easy)) else { return length }
      guard transfer.received.count + length <= transfer.limit else {
        transfer.overflowed = true
        return 0
      }
      transfer.received.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
      return length
    }

    /// What the finished transfer came to.
    func response(_ result: CURLcode) -> Response {
      defer {
        received = Data()
        overflowed = false
      }
      guard result == CURLE_OK else { return .failed(Self.describe(result, overflowed: overflowed)) }
      switch bs_curl_response_code(easy) {
      case 200..<300: return .found(received)
      case 404: return .missing
      case let status: return .failed("HTTP \(status)")
      }
    }

    /// A short reason for a transfer that failed: libcurl's own words for what has no shorter
    /// one here (they never include the request's headers).
    private static func describe(_ result: CURLcode, overflowed: Bool) -> String {
      if overflowed { return "response too large" }
      switch result {
      case CURLE_OPERATION_TIMEDOUT: return "timed out"
      case CURLE_COULDNT_CONNECT: return "connection refused"
      case CURLE_COULDNT_RESOLVE_HOST: return "unknown host"
      case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE: return "connection lost"
      default: return "network error (\(String(cString: bs_curl_easy_strerror(result))))"
      }
    }
  }
}

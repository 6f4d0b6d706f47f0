import Foundation
import Testing

/// A real nginx (Debian's `nginx-light`, which `make test` installs) on a free loopback port,
/// serving a temporary directory as a WebDAV remote cache at `/buttons/`, with `/broken/`
/// answering 500, `/private/` asking for a bearer token, `/pages/` a cache whose 404 answers
/// carry a 10 KB page, and `/moved/` redirecting to
/// `/elsewhere/`, which logs every request it gets and its `Authorization` header. Stopped when
/// released.
final class NginxServer {
  static let binary = "/usr/sbin/nginx"
  let directory: URL
  let port: Int
  private let process = Process()

  /// The cache's URL.
  var url: String { "http://127.0.0.1:\(port)/buttons" }
  /// Where the cache's files are.
  var data: URL { directory.appendingPathComponent("data/buttons") }

  init(token: String = "s3cret") throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "make test installs nginx-light")
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("buttonsmith-nginx-\(UUID().uuidString)")
    for folder in ["data/buttons", "data/private", "data/pages", "tmp", "logs"] {
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    // Workers may run as another user than the tests: they must be able to write the data.
    for folder in ["data", "data/buttons", "data/private", "data/pages", "tmp"] {
      chmod(directory.appendingPathComponent(folder).path, 0o777)
    }
    port = try Self.freePort()
    let root = directory.path
    let configuration = """
      daemon off;
      worker_processes 1;
      pid \(root)/nginx.pid;
      error_log \(root)/logs/error.log;
      events { worker_connections 64; }
      http {
        access_log off;
        log_format authorization '$request_uri [$http_authorization]';
        log_format requests '$request_method $request_uri $status';
        client_body_temp_path \(root)/tmp;
        proxy_temp_path \(root)/tmp;
        fastcgi_temp_path \(root)/tmp;
        uwsgi_temp_path \(root)/tmp;
        scgi_temp_path \(root)/tmp;
        server {
          listen 127.0.0.1:\(port);
          location /buttons/ {
            access_log \(root)/logs/buttons.log requests;
            root \(root)/data;
            dav_methods PUT;
            create_full_put_path on;
            dav_access user:rw group:rw all:r;
            client_max_body_size 64m;
          }
          location /private/ {
            if ($http_authorization != "Bearer \(token)") { return 403; }
            root \(root)/data;
            dav_methods PUT;
            create_full_put_path on;
            dav_access user:rw group:rw all:r;
          }
          location /pages/ {
            root \(root)/data;
            dav_methods PUT;
            create_full_put_path on;
            dav_access user:rw group:rw all:r;
            error_page 404 /large-404.html;
          }
          location = /large-404.html {
            root \(root)/data;
            internal;
          }
          location /broken/ { return 500; }
          location /moved/ { return 302 http://127.0.0.1:\(port)/elsewhere$request_uri; }
          location /elsewhere/ {
            access_log \(root)/logs/elsewhere.log authorization;
            return 404;
          }
        }
      }
      """
    try Data(repeating: UInt8(ascii: "x"), count: 10_000).write(
      to: directory.appendingPathComponent("data/large-404.html"))
    let file = directory.appendingPathComponent("nginx.conf")
    try Data(configuration.utf8).write(to: file)
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = ["-c", file.path, "-p", root, "-e", "\(root)/logs/error.log"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    try waitUntilListening()
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Stops the server (requests fail with "connection refused" afterwards).
  func stop() {
    guard process.isRunning else { return }
    process.terminate()
    process.waitUntilExit()
  }

  /// What `/elsewhere/` logged: one line per request it got.
  var elsewhereLog: String {
    (try? String(contentsOf: directory.appendingPathComponent("logs/elsewhere.log"), encoding: .utf8)) ?? ""
  }

  /// The requests `/buttons/` answered, in order: `GET /buttons/ac/KEY 404`.
  var requests: [String] {
    let log = (try? String(contentsOf: directory.appendingPathComponent("logs/buttons.log"), encoding: .utf8)) ?? ""
    return log.split(separator: "\n").map(String.init)
  }

  /// The files stored under `cas/` and `ac/`.
  func stored(_ folder: String) -> [URL] {
    let contents =
      (try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent(folder).path)) ?? []
    return contents.map { data.appendingPathComponent("\(folder)/\($0)") }
  }

  private func waitUntilListening() throws {
    for _ in 0..<100 {
      if Self.canConnect(port) { return }
      usleep(50_000)
    }
    let log = (try? String(contentsOf: directory.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
    throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "nginx did not start: \(log)"])
  }

  /// A port nothing listens on now.
  static func freePort() throws -> Int {
    let socket = Listener.makeSocket()
    defer { close(socket) }
    var address = Listener.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else { throw CocoaError(.fileWriteUnknown) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  static func canConnect(_ port: Int) -> Bool {
    let socket = Listener.makeSocket()
    defer { close(socket) }
    var address = Listener.loopback(port: port)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}

/// A loopback port that accepts connections and never answers: requests to it time out.
final class Listener {
  let port: Int
  private let socket: Int32

  init() throws {
    (socket, port) = try Self.listening()
  }

  deinit {
    close(socket)
  }

  /// A socket listening on a free loopback port, and the port.
  static func listening() throws -> (socket: Int32, port: Int) {
    let socket = makeSocket()
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && listen(socket, 128) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard ready else {
      close(socket)
      throw CocoaError(.fileWriteUnknown)
    }
    return (socket, Int(UInt16(bigEndian: address.sin_port)))
  }

  static func makeSocket() -> Int32 {
    #if os(Linux)
      Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
  }

  static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }
}

/// A loopback port that answers every request with a 200 whose body ends before the length its
/// header promised, then closes the connection: a server that fails mid-response.
final class TruncatingListener: @unchecked Sendable {
  let port: Int
  private let socket: Int32

  init() throws {
    (socket, port) = try Listener.listening()
    Thread { [socket] in Self.serve(socket) }.start()
  }

  deinit {
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }

  private static func serve(_ socket: Int32) {
    let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n{\"sha256\": \"".utf8)
    while true {
      let connection = accept(socket, nil, nil)
      guard connection >= 0 else { return }
      // The request's head, then the short answer, then the connection closes.
      var buffer = [UInt8](repeating: 0, count: 4096)
      var head: [UInt8] = []
      while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
        let count = read(connection, &buffer, buffer.count)
        if count <= 0 { break }
        head += buffer[..<count]
      }
      _ = answer.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
      close(connection)
    }
  }
}

import Foundation

/// The Swift toolchain on the PATH, run as a user would: `swiftc` and `swift build`.
enum SwiftToolchain {
  struct Result {
    var status: Int32
    /// Standard output and standard error together.
    var output: String
  }

  /// Runs `tool arguments…` (`swiftc`, `swift`) in `directory`.
  static func run(_ tool: String, _ arguments: [String], in directory: URL) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.currentDirectoryURL = directory
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("swift-\(UUID().uuidString).log")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return Result(status: process.terminationStatus, output: try String(contentsOf: log, encoding: .utf8))
  }

  /// Compiles each stand-in module of `sources` (`UIKit.swift`, `SwiftUI.swift`) into
  /// `directory`, for `swiftc -I directory`.
  static func emitModules(_ sources: [URL], into directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for source in sources {
      let name = source.deletingPathExtension().lastPathComponent
      let result = try run(
        "swiftc",
        [
          "-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", name, source.path,
          "-emit-module-path", directory.appendingPathComponent("\(name).swiftmodule").path,
        ], in: directory)
      guard result.status == 0 else { throw Failure(description: "\(name): \(result.output)") }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }
}

import ButtonCore
import CSystemShim
import Foundation

extension Manifest {
  /// Adds every `path` value of the manifest file at `path` (its images, hit masks and generated
  /// files) to `paths`, found by scanning rather than decoding: a manifest of 150,000 images is
  /// 90 MB. `false` when the file cannot be read whole or holds no asset.
  static func addWrittenPaths(inFileAt path: String, to paths: inout Set<String>) -> Bool {
    var found = 0
    guard scan(fileAt: path, with: { scanPaths($0, into: &paths, found: &found) }) else { return false }
    return found > 0
  }

  /// Adds the `path` values whole in `bytes` to `paths`; returns the offset from which a value
  /// may still begin in bytes that follow.
  private static func scanPaths(_ bytes: UnsafeRawBufferPointer, into paths: inout Set<String>, found: inout Int)
    -> Int
  {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return 0 }
    return pathPattern.withUnsafeBytes { pattern in
      var index = 0
      while true {
        guard let match = bs_find_bytes(base + index, count - index, pattern.baseAddress, pattern.count) else {
          return max(index, count - pattern.count + 1)
        }
        let start = base.distance(to: match) + pattern.count
        // The value ends at the first quote no backslash escapes.
        var end = start
        var escaped = false
        while end < count, escaped || bytes[end] != UInt8(ascii: "\"") {
          escaped = !escaped && bytes[end] == UInt8(ascii: "\\")
          end += 1
        }
        guard end < count else { return start - pattern.count }
        let value = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        if value.contains(UInt8(ascii: "\\")) {
          // Written with escapes: read as the JSON string it is.
          let quoted = Data([UInt8(ascii: "\"")] + value + [UInt8(ascii: "\"")])
          if let text = try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String {
            paths.insert(text)
          }
        } else {
          paths.insert(String(decoding: value, as: UTF8.self))
        }
        found += 1
        index = end + 1
      }
    }
  }

  /// What precedes each path in a manifest.
  private static let pathPattern = Array("\"path\" : \"".utf8)
}

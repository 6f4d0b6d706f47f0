import Foundation

/// The stamp's storage: compact JSON with sorted keys, like the manifest, its files one string
/// each, written in pieces and read head first.
extension InputStamp {
  /// The stamp's bytes: compact JSON with sorted keys, as `JSONEncoder` writes them.
  func encoded() throws -> Data {
    var data = Data()
    try write { data.append($0) }
    return data
  }

  /// The bytes `encoded()` gives, handed to `output` in pieces of about a megabyte as they are
  /// made. `JSONEncoder` writes the few other members, and the files, one per image, go where
  /// its encoding has an empty list: at 150,000 images its tree and buffers of them took about
  /// 90 MB, the peak of a build's memory.
  func write(pieces output: (Data) throws -> Void) throws {
    try write(files: files, pieces: output)
  }

  /// The bytes of this stamp holding `files` in place of its own, handed to `output` in pieces as
  /// `write(pieces:)` does: each entry is made as it is written, never held in a list.
  func write(files: some Collection<File>, pieces output: (Data) throws -> Void) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var shell = self
    shell.files = []
    let head = try encoder.encode(shell)
    // The first `"files":[]` is the member: any earlier one would be inside a string, escaped.
    guard !files.isEmpty, let empty = head.range(of: Data(#""files":[]"#.utf8)) else {
      shell.files = Array(files)
      return try output(files.isEmpty ? head : encoder.encode(shell))
    }
    let pieceSize = 1 << 20
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(head.count + files.count * 160, pieceSize + 64 * 1024))
    bytes.append(contentsOf: head[..<empty.lowerBound])
    bytes.append(contentsOf: #""files":["#.utf8)
    var isFirst = true
    for file in files {
      if !isFirst { bytes.append(UInt8(ascii: ",")) }
      isFirst = false
      JSONText.appendString(file.line, to: &bytes)
      if bytes.count >= pieceSize {
        try output(Data(bytes))
        bytes.removeAll(keepingCapacity: true)
      }
    }
    bytes.append(UInt8(ascii: "]"))
    bytes.append(contentsOf: head[empty.upperBound...])
    try output(Data(bytes))
  }

  /// The members a stamp's bytes hold before its files, which decide whether the stamp can
  /// confirm anything: the inputs' digest and the external files it covers.
  struct Head: Decodable {
    var digest: String
    var externalFiles: [String]
  }

  /// The head of the stamp `data`, decoded without its files: a build that changed something
  /// learns that the stamp does not confirm it without decoding every file's entry (for the
  /// standard workload, the failed confirmation went from 8.5-11 ms to 4.5-5 ms of CPU, the rest
  /// hashing the inputs and checking the current version). Keys are sorted, so `assets`,
  /// `digest` and `externalFiles` come before `files`, and the first `,"files":[` is that member
  /// (inside a string its quotes are escaped). `nil` when the bytes are not laid out so.
  static func head(of data: Data) -> Head? {
    guard let files = data.range(of: Data(#","files":["#.utf8)) else { return nil }
    return try? JSONDecoder().decode(Head.self, from: data[..<files.lowerBound] + Data("}".utf8))
  }

  static func decode(_ data: Data) -> InputStamp? {
    guard let stamp = try? JSONDecoder().decode(InputStamp.self, from: data), !stamp.digest.isEmpty, stamp.version > 0
    else { return nil }
    return stamp
  }
}

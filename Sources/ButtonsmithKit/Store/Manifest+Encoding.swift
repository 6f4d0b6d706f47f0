import ButtonRender
import Foundation

extension Manifest {
  /// The manifest's bytes: pretty, sorted keys, a final newline; the bytes `JSONEncoder` gives
  /// for the whole manifest.
  ///
  /// `JSONEncoder` writes the few top-level members; the assets, thousands of them, are written
  /// by `PrettyJSON`, which gives the same bytes without building a tree of every asset's values
  /// first (at 15,000 images that tree costs tens of megabytes, and its time exceeds a build
  /// that draws one button). The assets go where the top-level encoding has an empty array.
  public func encoded() throws -> Data {
    try encoded(assets: assets, count: assets.count)
  }

  /// The bytes of this manifest with `assets` (`count` of them) in place of its own.
  func encoded(assets: some Sequence<Asset>, count: Int) throws -> Data {
    var data = Data(capacity: 4096 + count * 640)
    try write(assets: assets, count: count) { data.append($0) }
    return data
  }

  /// The bytes `encoded(assets:count:)` gives, handed to `output` in pieces of about a megabyte
  /// as they are made, so a version's manifest is never held whole (at 150,000 images it is
  /// 90 MB). The last piece holds the members after the assets, and so the manifest's
  /// `version`, which comes last.
  func write(assets: some Sequence<Asset>, count: Int, to output: (Data) throws -> Void) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var shell = self
    shell.assets = []
    let head = try encoder.encode(shell)
    guard count > 0 else { return try output(head + Data("\n".utf8)) }
    guard let empty = head.range(of: Data("\"assets\" : [\n\n  ]".utf8)) else {
      shell.assets = Array(assets)
      return try output(encoder.encode(shell) + Data("\n".utf8))
    }
    let pieceSize = 1 << 20
    var data = Data(capacity: min(head.count + count * 640, pieceSize + 64 * 1024))
    data.append(head[..<empty.lowerBound])
    data.append(contentsOf: "\"assets\" : ".utf8)
    var remaining = assets.makeIterator()
    try PrettyJSON.appendContainer(
      open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: count, to: &data, depth: 1,
      drain: { data in
        guard data.count >= pieceSize else { return }
        try output(data)
        data.removeAll(keepingCapacity: true)
      }
    ) { _, bytes in
      guard let asset = remaining.next() else { preconditionFailure("fewer assets than counted") }
      try asset.json.write(to: &bytes, depth: 2)
    }
    try output(data)
    try output(Data(head[empty.upperBound...]) + Data("\n".utf8))
  }
}

extension Manifest.Asset {
  /// The members `Codable` encodes, under their coding keys; absent optionals are left out.
  /// Made in the order they are written (by their keys' bytes), so none is sorted.
  var json: PrettyJSON {
    typealias Key = CodingKeys
    var members: [(key: String, value: PrettyJSON)] = [
      (Key.appearance.stringValue, .string(appearance)),
      (Key.button.stringValue, .string(button)),
    ]
    members.reserveCapacity(16)
    if let content { members.append((Key.content.stringValue, content.json)) }
    members.append((Key.format.stringValue, .string(format.rawValue)))
    if let frame { members.append((Key.frame.stringValue, .integer(frame))) }
    members.append((Key.height.stringValue, .integer(height)))
    if let hitMask {
      var mask: [(key: String, value: PrettyJSON)] = []
      if let bounds = hitMask.bounds { mask.append(("bounds", bounds.json)) }
      mask += [
        ("path", .string(hitMask.path)), ("sha256", .string(hitMask.sha256)), ("threshold", .number(hitMask.threshold)),
      ]
      members.append((Key.hitMask.stringValue, .object(mask)))
    }
    members.append((Key.key.stringValue, .string(key)))
    if let locale { members.append((Key.locale.stringValue, .string(locale))) }
    members += [
      (Key.path.stringValue, .string(path)),
      (Key.points.stringValue, .array(points.map { .number($0) })),
      (Key.scale.stringValue, .number(scale)),
      (Key.sha256.stringValue, .string(sha256)),
      (Key.source.stringValue, .string(source)),
      (Key.state.stringValue, .string(state)),
      (Key.width.stringValue, .integer(width)),
    ]
    return .object(members)
  }
}

extension PixelRect {
  var json: PrettyJSON {
    .object([("height", .integer(height)), ("width", .integer(width)), ("x", .integer(x)), ("y", .integer(y))])
  }
}

import ButtonCore
import ButtonRender
@testable import ButtonsmithKit
import Foundation
import Testing

/// A record in the form Buttonsmith uploads is read by a direct scan; any other form through
/// `JSONDecoder`. Both must read every record alike.
struct RemoteRecordTests {
  static let imageHex = String(repeating: "0123456789abcdef", count: 4)
  static let image = SHA256Digest(hex: imageHex)!
  static let mask = SHA256Digest(hex: String(repeating: "fedcba9876543210", count: 4))!

  static let records: [RemoteRecord] = [
    RemoteRecord(
      CacheIndex.Entry(
        sha256: image, width: 206, height: 50, content: PixelRect(x: 3, y: 0, width: 200, height: 44))),
    RemoteRecord(
      CacheIndex.Entry(
        sha256: image, width: 1, height: 0, content: PixelRect(x: -12, y: -1, width: 0, height: 10),
        hitMaskSHA256: mask, hitMaskBounds: PixelRect(x: 0, y: 7, width: 100_000, height: 9))),
    RemoteRecord(
      CacheIndex.Entry(
        sha256: mask, width: 999_999_999_999_999_999, height: 40, content: PixelRect(x: 0, y: 0, width: 1, height: 1),
        hitMaskSHA256: image, hitMaskBounds: nil)),
    RemoteRecord(
      CacheIndex.Entry(
        sha256: image, width: 3, height: 4, content: PixelRect(x: 0, y: 0, width: 3, height: 4),
        hitMaskSHA256: nil, hitMaskBounds: PixelRect(x: 1, y: 1, width: 1, height: 1))),
  ]

  func decoded(_ text: String) -> RemoteRecord? {
    try? JSONDecoder().decode(RemoteRecord.self, from: Data(text.utf8))
  }

  @Test func theUploadedFormIsScannedAsJSONDecoderReadsIt() throws {
    let encoder = RemoteRecord.makeEncoder()
    for record in Self.records {
      let data = try encoder.encode(record)
      let scanned = try #require(RemoteRecord(uploadedForm: data), "\(String(decoding: data, as: UTF8.self))")
      #expect(scanned == record)
      #expect(try JSONDecoder().decode(RemoteRecord.self, from: data) == record)
      #expect(RemoteRecord.read(data, decoder: JSONDecoder()) == record)
    }
  }

  /// Numbers beyond 18 digits are left to `JSONDecoder`, which reads them whole.
  @Test func theLargestNumbersAreReadByJSONDecoder() throws {
    let encoder = RemoteRecord.makeEncoder()
    for extreme in [Int.max, Int.min] {
      let record = RemoteRecord(
        CacheIndex.Entry(
          sha256: Self.image, width: extreme, height: 1, content: PixelRect(x: extreme, y: 0, width: 1, height: 1)))
      let data = try encoder.encode(record)
      #expect(RemoteRecord(uploadedForm: data) == nil)
      #expect(RemoteRecord.read(data, decoder: JSONDecoder()) == record)
    }
  }

  @Test func theUploadedFormIsTheSameBytesEveryTime() throws {
    let first = try RemoteRecord.makeEncoder().encode(Self.records[1])
    for _ in 0..<20 { #expect(try RemoteRecord.makeEncoder().encode(Self.records[1]) == first) }
    #expect(
      String(decoding: first, as: UTF8.self)
        == #"{"content":{"height":10,"width":0,"x":-12,"y":-1},"height":0,"hitMaskBounds":{"height":9,"width":100000,"x":0,"y":7},"hitMaskSHA256":"\#(Self.mask)","sha256":"\#(Self.image)","width":1}"#
    )
  }

  /// Other writers' forms are left to `JSONDecoder`, which reads the same record from them.
  @Test func otherFormsAreReadByJSONDecoder() throws {
    let others = [
      #"{"sha256":"\#(Self.image)","width":206,"content":{"x":3,"y":0,"height":44,"width":200},"height":50}"#,
      #"{"content": {"height":44,"width":200,"x":3,"y":0},"height":50,"sha256":"\#(Self.image)","width":206}"#,
      #"{"content":{"height":44,"width":200,"x":3,"y":0},"height":50,"sha256":"\#(Self.image)","width":206} "#,
      #"{"content":{"height":44,"width":200,"x":3,"y":0},"height":50,"sha256":"\#(Self.image)","width":2.06e2}"#,
      #"{"content":{"height":44,"width":200,"x":3,"y":0},"height":50,"sha\u0032\u0035\u0036":"\#(Self.image)","width":206}"#,
      #"{"content":{"height":44,"width":200,"x":3,"y":-0},"height":50,"sha256":"\#(Self.image)","width":206}"#,
      #"{"content":{"height":44,"width":200,"x":3,"y":0},"height":50,"hitMaskSHA256":null,"sha256":"\#(Self.image)","width":206}"#,
    ]
    for text in others {
      #expect(RemoteRecord(uploadedForm: Data(text.utf8)) == nil, "\(text)")
      #expect(RemoteRecord.read(Data(text.utf8), decoder: JSONDecoder()) == decoded(text), "\(text)")
      #expect(decoded(text) == Self.records[0] || decoded(text) == nil, "\(text)")
    }
    #expect(decoded(others[0]) == Self.records[0])
    // The optional members in the other order: the same record, by `JSONDecoder`.
    let masked = try RemoteRecord.makeEncoder().encode(Self.records[1])
    let swapped = String(decoding: masked, as: UTF8.self).replacingOccurrences(
      of: #""hitMaskBounds":{"height":9,"width":100000,"x":0,"y":7},"hitMaskSHA256":"\#(Self.mask)""#,
      with: #""hitMaskSHA256":"\#(Self.mask)","hitMaskBounds":{"height":9,"width":100000,"x":0,"y":7}"#)
    #expect(swapped != String(decoding: masked, as: UTF8.self))
    #expect(RemoteRecord(uploadedForm: Data(swapped.utf8)) == nil)
    #expect(RemoteRecord.read(Data(swapped.utf8), decoder: JSONDecoder()) == Self.records[1])
  }

  /// What the scan refuses and `JSONDecoder` cannot read either is no record.
  @Test func brokenRecordsAreNoRecords() {
    let valid = #"{"content":{"height":44,"width":200,"x":3,"y":0},"height":50,"sha256":"\#(Self.image)","width":206}"#
    var broken = (0..<valid.utf8.count).map { String(valid.prefix($0)) }
    broken += [
      valid + "}", valid + "x", "[" + valid + "]",
      valid.replacingOccurrences(of: #""width":206"#, with: #""width":0206"#),
      valid.replacingOccurrences(of: #""width":206"#, with: #""width":-"#),
      valid.replacingOccurrences(of: #""width":206"#, with: #""width":-01"#),
      valid.replacingOccurrences(of: #""width":206"#, with: #""width":99999999999999999999"#),
      valid.replacingOccurrences(of: #""height":50,"#, with: ""),
    ]
    for text in broken {
      #expect(RemoteRecord.read(Data(text.utf8), decoder: JSONDecoder()) == nil, "\(text)")
    }
    // Digits that are not a digest's are refused by both readers.
    for digits in [Self.imageHex.uppercased(), String(Self.imageHex.dropLast()), Self.imageHex + "0", "../x"] {
      let text = valid.replacingOccurrences(of: Self.imageHex, with: digits)
      #expect(RemoteRecord(uploadedForm: Data(text.utf8)) == nil, "\(text)")
      #expect(RemoteRecord.read(Data(text.utf8), decoder: JSONDecoder()) == nil, "\(text)")
    }
  }
}

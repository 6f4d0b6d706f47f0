import ButtonCore
import ButtonRender
import Foundation

/// What `ac/{key}` holds: the image's digest and facts, and its hit mask's, enough to publish
/// the job without drawing it.
struct RemoteRecord: Codable, Equatable {
  var sha256: SHA256Digest
  var width: Int
  var height: Int
  var content: PixelRect
  var hitMaskSHA256: SHA256Digest?
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

  /// Whether the record says what `job` will draw: the file's size, the button's place in it,
  /// and a hit mask when the job has one.
  func fits(_ job: RemoteCache.Expected) -> Bool {
    width == job.width && height == job.height && content == job.content
      && (hitMaskSHA256 != nil) == (job.hitMaskSize != nil)
  }

  /// The encoder of the form records are uploaded in: keys sorted and no spaces, so every
  /// machine that draws a job uploads the same bytes for it.
  static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }

  /// Reads a downloaded record: the uploaded form (`makeEncoder`) by a direct scan, anything
  /// else (another writer's spacing or key order) through `decoder`. Through `JSONDecoder`
  /// alone, reading the records took about a sixth of a build from a warm remote, on the thread
  /// that drives the transfers.
  static func read(_ data: Data, decoder: JSONDecoder) -> RemoteRecord? {
    RemoteRecord(uploadedForm: data) ?? (try? decoder.decode(RemoteRecord.self, from: data))
  }

  /// The record `data` holds when it is exactly in the uploaded form; `nil` for anything else,
  /// valid or not. What it accepts is JSON that `JSONDecoder` reads as the same record.
  init?(uploadedForm data: Data) {
    guard
      let record = data.withUnsafeBytes({ bytes -> RemoteRecord? in
        var scanner = UploadedFormScanner(bytes: bytes)
        return scanner.record()
      })
    else { return nil }
    self = record
  }

  /// Reads the uploaded form, byte by byte, and fails at the first byte it does not expect.
  private struct UploadedFormScanner {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    /// `{"content":…,"height":…[,"hitMaskBounds":…][,"hitMaskSHA256":…],"sha256":…,"width":…}`
    /// and the end of the data.
    mutating func record() -> RemoteRecord? {
      guard skip("{\"content\":"), let content = rect(), skip(",\"height\":"), let height = integer()
      else { return nil }
      var hitMaskBounds: PixelRect?
      var hitMaskSHA256: SHA256Digest?
      if skip(",\"hitMaskBounds\":") {
        guard let bounds = rect() else { return nil }
        hitMaskBounds = bounds
      }
      if skip(",\"hitMaskSHA256\":") {
        guard let digest = digest() else { return nil }
        hitMaskSHA256 = digest
      }
      guard skip(",\"sha256\":"), let sha256 = digest(), skip(",\"width\":"), let width = integer(), skip("}"),
        position == bytes.count
      else { return nil }
      return RemoteRecord(
        CacheIndex.Entry(
          sha256: sha256, width: width, height: height, content: content, hitMaskSHA256: hitMaskSHA256,
          hitMaskBounds: hitMaskBounds))
    }

    /// `{"height":…,"width":…,"x":…,"y":…}`
    private mutating func rect() -> PixelRect? {
      guard skip("{\"height\":"), let height = integer(), skip(",\"width\":"), let width = integer(),
        skip(",\"x\":"), let x = integer(), skip(",\"y\":"), let y = integer(), skip("}")
      else { return nil }
      return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// Skips `literal` when the data goes on with it.
    private mutating func skip(_ literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard bytes.count - position >= count,
        memcmp(bytes.baseAddress! + position, literal.utf8Start, count) == 0
      else { return false }
      position += count
      return true
    }

    /// An optional minus and 1 to 18 digits, without a leading zero (nor `-0`): never more than
    /// an `Int`.
    private mutating func integer() -> Int? {
      let negative = skip("-")
      let start = position
      var value = 0
      while position < bytes.count, position - start < 18, case let byte = bytes[position], byte >= 0x30, byte <= 0x39 {
        value = value * 10 + Int(byte - 0x30)
        position += 1
      }
      let digits = position - start
      guard digits > 0, bytes[start] != 0x30 || (digits == 1 && !negative) else { return nil }
      return negative ? -value : value
    }

    /// A string of 64 lowercase hex digits.
    private mutating func digest() -> SHA256Digest? {
      guard skip("\""), bytes.count - position >= 65, bytes[position + 64] == 0x22,
        let digest = SHA256Digest(hexDigits: UnsafeRawBufferPointer(rebasing: bytes[position..<position + 64]))
      else { return nil }
      position += 65
      return digest
    }
  }
}

import ButtonCore
import ButtonRender
@testable import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// The canonical JSON a job's key hashes: its bytes are part of every key, so they are pinned here.
struct CanonicalEncodingTests {
  private struct Sample: Encodable {
    struct Inner: Encodable {
      var z = [1.5, 2, -0.0]
      var a: String? = nil
    }

    var b = "quote \" backslash \\ slash / newline \n bell \u{7} é"
    var B = 1
    var a = true
    var numbers = [0.1, 1e-7, 1e16, 123_456_789.25, -3]
    var big = UInt64.max
    var small = Int8.min
    var inner = Inner()
    var missing: Int? = nil
  }

  @Test func membersAreSortedByTheirBytesAndScalarsWrittenAsJSONText() throws {
    let text = String(decoding: try CanonicalJSONEncoder().encode(Sample()), as: UTF8.self)
    #expect(
      text
        == #"{"B":1,"a":true,"b":"quote \" backslash \\ slash / newline \n bell \u0007 é","big":18446744073709551615,"#
        + #""inner":{"z":[1.5,2,-0]},"numbers":[0.1,1e-07,1e+16,123456789.25,-3],"small":-128}"#)
  }

  /// A value that writes its own members: a key written twice keeps its last value, an explicit
  /// nil is `null`, a super encoder's value sits under `super`, and nested containers nest.
  private struct Handwritten: Encodable {
    enum Key: String, CodingKey { case one, two, list, nested }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(1, forKey: .one)
      try container.encodeNil(forKey: .two)
      try container.encode(3, forKey: .one)
      var list = container.nestedUnkeyedContainer(forKey: .list)
      try list.encode("x")
      var inList = list.nestedContainer(keyedBy: Key.self)
      try inList.encode(false, forKey: .two)
      var nested = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
      try nested.encode(Data([0, 1, 2, 250]), forKey: .one)
      try nested.encode(URL(string: "https://example.com/a b")!, forKey: .two)
      try [7, 8].encode(to: container.superEncoder())
    }
  }

  @Test func handwrittenEncodingsKeepLastValuesNullsAndSuperEncoders() throws {
    let text = String(decoding: try CanonicalJSONEncoder().encode(Handwritten()), as: UTF8.self)
    #expect(
      text
        == #"{"list":["x",{"two":false}],"nested":{"one":"AAEC+g==","two":"https://example.com/a%20b"},"one":3,"#
        + #""super":[7,8],"two":null}"#)
  }

  /// Numbers on both sides of where `description` turns to exponents, and a nested container
  /// asked for twice.
  private struct Edges: Encodable {
    enum Key: String, CodingKey { case doubles, floats, nested }
    enum Inner: String, CodingKey { case a, b }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      let doubles: [Double] = [
        4_503_599_627_370_495, 4_503_599_627_370_496, 9_007_199_254_740_992, 1e15, 999_999_999_999_999, -0.0, 1e16,
      ]
      try container.encode(doubles, forKey: .doubles)
      let floats: [Float] = [8_388_607, 8_388_608, 16_777_216, 16_777_218, 1e10, 0.5, -0.0]
      try container.encode(floats, forKey: .floats)
      var first = container.nestedContainer(keyedBy: Inner.self, forKey: .nested)
      try first.encode(1, forKey: .b)
      var second = container.nestedContainer(keyedBy: Inner.self, forKey: .nested)
      try second.encode(2, forKey: .a)
    }
  }

  @Test func wholeNumbersKeepTheirExponentsAndNestedContainersFillFurther() throws {
    let text = String(decoding: try CanonicalJSONEncoder().encode(Edges()), as: UTF8.self)
    #expect(text.contains(#""nested":{"a":2,"b":1}"#), "\(text)")
    #expect(text.contains(#",1e+16]"#) && text.contains(#"[4503599627370495,"#), "\(text)")
  }

  private struct Silent: Encodable {
    func encode(to encoder: any Encoder) throws {}
  }

  @Test func numbersJSONCannotHoldAndValuesWithNothingInThemAreRefused() throws {
    #expect(throws: EncodingError.self) { try CanonicalJSONEncoder().encode([Double.nan]) }
    #expect(throws: EncodingError.self) { try CanonicalJSONEncoder().encode(["a": Double.infinity]) }
    #expect(throws: EncodingError.self) { try CanonicalJSONEncoder().encode(Silent()) }
    // Inside a container, a value with nothing in it is an empty object, as JSONEncoder has it.
    #expect(try CanonicalJSONEncoder().encode([Silent()]) == Array("[{}]".utf8))
  }

  /// Jobs that Swift takes as equal but that encode differently (0 and -0 here) keep their own
  /// keys, whichever is keyed first.
  @Test func jobsEqualOnlyToSwiftKeepTheirOwnKeys() throws {
    let (loaded, diagnostics) = ProjectConfiguration.load(workingDirectory: repositoryRoot)
    let configuration = try #require(loaded, "\(diagnostics.sorted)")
    var zero = try #require(Project(configuration: configuration).plan().jobs.first).resolved.base
    zero.cornerRadius = 0
    var negativeZero = zero
    negativeZero.cornerRadius = -0.0
    #expect(zero == negativeZero)
    func keys(_ jobs: [RenderJob]) throws -> [SHA256Digest] {
      var keys = JobKeys(files: InputFiles())
      return try jobs.map { try keys.key(for: $0) }
    }
    let forward = try keys([zero, negativeZero])
    let backward = try keys([negativeZero, zero])
    #expect(forward[0] != forward[1] && forward == backward.reversed())
  }

  #if os(Linux)
    /// Every job of the gallery, which uses every kind of property, encodes to the bytes
    /// `JSONEncoder` gave on Linux when the keys were defined: no key changed with the encoder.
    @Test func everyGalleryJobEncodesAsTheKeysWereDefined() throws {
      let (loaded, diagnostics) = ProjectConfiguration.load(workingDirectory: repositoryRoot)
      let configuration = try #require(loaded, "\(diagnostics.sorted)")
      let plan = Project(configuration: configuration).plan()
      try #require(!plan.hasErrors && plan.jobs.count > 100, "\(plan.diagnostics.sorted)")
      let reference = JSONEncoder()
      reference.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      var distinct = Set<RenderJob>()
      for job in plan.jobs where distinct.insert(job.resolved.base).inserted {
        #expect(try CanonicalJSONEncoder().encode(job.resolved.base) == Array(reference.encode(job.resolved.base)))
      }
      #expect(
        try CanonicalJSONEncoder().encode(LibraryVersions.current) == Array(reference.encode(LibraryVersions.current)))
      #expect(try CanonicalJSONEncoder().encode(Sample()) == Array(reference.encode(Sample())))
      #expect(try CanonicalJSONEncoder().encode(Handwritten()) == Array(reference.encode(Handwritten())))
      #expect(try CanonicalJSONEncoder().encode(Edges()) == Array(reference.encode(Edges())))
    }
  #endif

  /// A render job keeps its large parts out of line (`OutOfLine`) and codes each under its own
  /// name as the value itself, left out when the job has none: its encoding, and so every key, is
  /// what it was when they were inline. Every part is checked in some job of the gallery.
  @Test func partsKeptOutOfLineAreCodedAsTheirValues() throws {
    let (loaded, diagnostics) = ProjectConfiguration.load(workingDirectory: repositoryRoot)
    let configuration = try #require(loaded, "\(diagnostics.sorted)")
    let plan = Project(configuration: configuration).plan()
    try #require(!plan.hasErrors, "\(plan.diagnostics.sorted)")
    func encoded(_ value: (some Encodable)?) throws -> [UInt8]? {
      try value.map { try CanonicalJSONEncoder().encode($0) }
    }
    let parts: [String: (RenderJob) throws -> [UInt8]?] = [
      "border": { try encoded($0.border) }, "shadow": { try encoded($0.shadow) }, "text": { try encoded($0.text) },
      "image": { try encoded($0.image) }, "mask": { try encoded($0.mask) }, "spinner": { try encoded($0.spinner) },
      "stretch": { try encoded($0.stretch) }, "ninePatch": { try encoded($0.ninePatch) },
    ]
    let members: Set<String> = [
      "button", "state", "appearance", "scale", "frame", "locale", "size", "style", "fill", "cornerRadius", "border",
      "shadow", "text", "image", "padding", "contentColor", "overlay", "opacity", "mask", "spinner", "hitMaskThreshold",
      "stretch", "renderAs", "spinnerPeriod", "ninePatch",
    ]
    var seen = Set<String>()
    var distinct = Set<RenderJob>()
    for planned in plan.jobs where distinct.insert(planned.job).inserted {
      let bytes = try CanonicalJSONEncoder().encode(planned.job)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
      #expect(Set(object.keys).isSubset(of: members), "\(object.keys.sorted())")
      for (name, part) in parts {
        guard let part = try part(planned.job) else {
          #expect(object[name] == nil, "\(name) of \(planned.path)")
          continue
        }
        seen.insert(name)
        #expect(bytes.firstRange(of: Array("\"\(name)\":".utf8) + part) != nil, "\(name) of \(planned.path)")
      }
    }
    #expect(seen == Set(parts.keys))
  }
}

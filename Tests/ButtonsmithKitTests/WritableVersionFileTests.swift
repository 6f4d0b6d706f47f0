import ButtonSpec
import ButtonsmithKit
import ButtonsmithTestSupport
import Foundation
import Testing

/// A store made writable (`chmod -R u+w`, a CI cache restored without its modes) is pruned as
/// it was: a writable file of a version is the version's own while it holds the bytes its
/// manifest names. One whose bytes changed still keeps the version whole.
struct WritableVersionFileTests {
  @Test func aFileMadeWritableIsTheVersionsOwnWhileItHoldsItsBytes() throws {
    let workspace = try TestWorkspace()
    var round = 0
    func buildChanged() throws -> [String] {
      round += 1
      try workspace.write(
        "specs/a.yaml",
        "buttonsmith: 1\nbuttons:\n  go: { size: [60, 48], scales: [1, 2], background: \"#1020\(String(format: "%02d", round))\" }\n"
          + "  stay: { size: [60, 48], scales: [1], background: navy, states: { normal: {} } }\n")
      return try workspace.build(keep: 1).keptVersions.map(\.path)
    }
    let versions = workspace.output.appendingPathComponent("versions")
    func versionNames() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: versions.path).sorted()
    }
    func makeWritable(_ path: String) throws {
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    }
    #expect(try buildChanged().isEmpty)
    // Every file of v1 and every object writable, as `chmod -R u+w` leaves them, but the
    // manifest: a read-only manifest says the file system keeps modes (with none kept, files are
    // told by their names alone).
    let walker = try #require(FileManager.default.enumerator(atPath: workspace.output.path))
    for case let path as String in walker
    where walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular && !path.hasSuffix("manifest.json") {
      try makeWritable(workspace.output.appendingPathComponent(path).path)
    }
    #expect(try buildChanged().isEmpty)
    #expect(try versionNames() == ["v2"])
    // `stay` is linked from the same object into v2, writable: still v2's own.
    #expect(try buildChanged().isEmpty)
    #expect(try versionNames() == ["v3"])
    // Writable and written: the user's.
    let image = versions.appendingPathComponent("v3/stay/normal.png")
    try makeWritable(image.path)
    let handle = try FileHandle(forWritingTo: image)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("retouched".utf8))
    try handle.close()
    let kept = try buildChanged()
    let names = try versionNames()
    #expect(kept == ["versions/v3/stay/normal.png"], "\(kept) \(names)")
    #expect(try versionNames() == ["v3", "v4"])
  }
}

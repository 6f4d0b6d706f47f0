import ButtonCore
import ButtonSpec
import Foundation

/// The input stamp: recorded by a build that publishes, confirmed by the next one.
extension Builder {
  /// The stamp of what this build read, without its files (`AssetStore.writeStamp(_:files:checkedSince:)`
  /// writes them, with their statuses): the inputs' `text` taken before the specs were read, and
  /// the external files' digests as keying read them (`jobFiles`, what the version's `assets`
  /// jobs read, and the check, for `fontFiles` no job draws with), so a file changed during the
  /// build leaves a stamp that no longer matches.
  func stamp(
    text: String, fileDigests: [FilePath: String], fontQueries: Set<String>, fontFiles: [String] = [],
    jobFiles: [String], assets: Int, version: Int, manifestSHA256: String, warnings: [Diagnostic]
  ) -> InputStamp? {
    let external = Set(jobFiles).union(fontFiles).sorted() + fontQueries.sorted()
    var digests: [FilePath: String] = [:]
    for path in external {
      guard
        let digest = fileDigests[FilePath(path)].map({ InputStamp.recorded($0, forFileAt: path) })
          ?? InputStamp.digest(ofExternal: path, files: renderer.files)
      else {
        return nil
      }
      digests[FilePath(path)] = digest
    }
    let digest = InputStamp.digest(text: text, externalDigests: digests)
    return InputStamp(
      digest: digest, version: version, assets: assets, manifestSHA256: manifestSHA256, externalFiles: external,
      files: [], warnings: warnings)
  }

  /// The summary of a build that would change nothing, and the warnings that build printed, when
  /// the stamp of the last build confirms it: the same inputs, `current` still its version, that
  /// version's manifest and files intact. `nil` means: plan and build as usual. Writes nothing
  /// but the stamp itself, when files it could not vouch for by their status (changed too
  /// recently when it was written) were hashed and found intact: as git refreshes its index, so
  /// the next confirmation reads no file. With `keep`, a store holding more versions than that
  /// is not confirmed: the build prunes it.
  public func confirmUpToDate(_ inputs: InputStamp.Inputs, output: URL, keep: Int? = nil) -> (
    summary: BuildSummary, warnings: [Diagnostic]
  )? {
    let started = Date()
    let store = AssetStore(root: output)
    if let keep, store.versionNumbers().count > keep { return nil }
    // The inputs are compared first, with the stamp's head: most builds that get this far
    // changed something, and learn it without decoding every file of the stamp or hashing the
    // manifest.
    guard let current = try? store.inspectCurrentVersion(), let bytes = store.readStampBytes(),
      let head = InputStamp.head(of: bytes),
      InputStamp.digest(of: inputs, externalFiles: head.externalFiles) == head.digest,
      let stamp = InputStamp.decode(bytes), stamp.digest == head.digest, stamp.externalFiles == head.externalFiles,
      current.number == stamp.version,
      // Nothing but its files and its manifest: one more is what `--check` calls `extra:`.
      current.files == stamp.files.count + 1,
      store.digestOfFile(store.manifestURL(stamp.version).path) == stamp.manifestSHA256
    else { return nil }
    // One status per file, each taken before the file is hashed: a change after that moves it
    // again. (Checking the files and taking their statuses separately stat'ed each file twice.)
    let statusTime = FileStatus.now
    guard let checked = store.intactStatuses(of: stamp.files, version: stamp.version, statusTime: stamp.statusTime)
    else { return nil }
    if !checked.vouched {
      var refreshed = stamp
      refreshed.statusTime = statusTime
      for index in refreshed.files.indices { refreshed.files[index].status = checked.statuses[index] }
      // A refresh that cannot be written changes nothing this build reports.
      if !refreshed.needsStatuses(in: store) { try? store.writeStamp(refreshed) }
    }
    let summary = BuildSummary(
      assets: stamp.assets, rendered: 0, reused: stamp.assets, written: 0, version: stamp.version, newVersion: false,
      seconds: Date().timeIntervalSince(started), output: output.path)
    return (summary, stamp.warnings)
  }
}

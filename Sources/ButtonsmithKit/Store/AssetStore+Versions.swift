import Foundation

/// The versions a store holds, read from `current` and `versions/`.
extension AssetStore {
  /// The version `current` points to and its manifest, if both are there.
  public func current() -> (number: Int, manifest: Manifest)? {
    guard let number = currentNumber(),
      let manifest = try? Manifest.read(from: manifestURL(number))
    else { return nil }
    return (number, manifest)
  }

  /// The number of the version `current` points to, read from the link alone.
  public func currentNumber() -> Int? {
    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: currentLink.path) else { return nil }
    return StoreNames.versionNumber(currentTarget: target)
  }

  /// The manifest file of version `number`.
  func manifestURL(_ number: Int) -> URL {
    versionDirectory(number).appendingPathComponent("manifest.json")
  }

  /// The numbers of every complete version directory, ascending.
  public func versionNumbers() -> [Int] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: versionsDirectory.path)) ?? []
    return names.compactMap { StoreNames.versionNumber($0) }.sorted()
  }
}

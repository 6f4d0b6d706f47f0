import Foundation

/// Decides whether a directory may be used as an output directory, before anything in it is
/// read, written or removed.
///
/// An output directory is new, empty, marked as a store (`.buttonsmith-store`), or shows a
/// store's layout beyond doubt: only the store's own names, with `current` linking to one of its
/// versions (builds made before the mark existed), or only a `.lock` (a first build stopped
/// before it wrote the mark). Inside what the store
/// owns (`.cache/`, `versions/`, temporary names) every entry must be a regular file or a real
/// directory: a symbolic link, a FIFO or a device there makes the whole directory refused, so
/// no link can lead a build, a prune or a check outside the store. `current` is the one link,
/// and it must point to `versions/vN`.
enum StoreInspector {
  /// How deep the store's own trees may go (the deepest layout uses 6 levels).
  static let maximumDepth = 16

  /// What a directory is, as an output directory.
  enum Recognition: Equatable {
    /// No entries: a store can be made in it.
    case empty
    /// A store, marked or by its layout.
    case store(marked: Bool)
    /// Something else; `example` is an entry that is not the store's.
    case foreign(example: String)
  }

  /// Whether `root`'s entries make it a store.
  static func recognize(_ root: DirectoryHandle) -> Recognition {
    let entries = root.entries()
    if entries.isEmpty { return .empty }
    if entries.contains(where: { $0.name == StoreNames.marker && $0.kind == .regular }) {
      return .store(marked: true)
    }
    if let foreign = entries.first(where: {
      !StoreNames.rootNames.contains($0.name) && !StoreNames.isTemporary($0.name)
    }) {
      return .foreign(example: foreign.name)
    }
    let owned = entries.filter { !StoreNames.isTemporary($0.name) }
    if owned.allSatisfy({ $0.name == ".lock" && $0.kind == .regular }) { return .store(marked: false) }
    let current = owned.first { $0.name == "current" && $0.kind == .symbolicLink }
    guard current != nil, StoreNames.versionNumber(currentTarget: root.linkTarget("current") ?? "") != nil else {
      return .foreign(example: owned.first { $0.name != ".lock" }?.name ?? owned[0].name)
    }
    return .store(marked: false)
  }

  /// The temporary entries a killed build can leave, found by `inspect` where builds write:
  /// the root, `versions/`, `.cache/`, the objects directory and its shards. Each is its
  /// directory's path below the root, as names, and its own name.
  struct Leftovers {
    var entries: [(directory: [String], name: String)] = []
    /// How many regular files the walk saw (of the current version, for `inspectCurrentVersion`).
    var regularFiles = 0

    /// Whether a build writes temporary names in the directory at `location` below the root.
    static func isSwept(_ location: [String]) -> Bool {
      switch location.count {
      case 0: true
      case 1: location[0] == "versions" || location[0] == ".cache"
      case 2: location[0] == ".cache" && location[1] == "objects"
      case 3: location[0] == ".cache" && location[1] == "objects" && StoreNames.isShard(location[2])
      default: false
      }
    }
  }

  /// Throws `StoreError.unsafe` for the first entry of the store that is not a regular file or
  /// a real directory, or a `current` that does not point to one of the store's versions;
  /// returns the temporary entries it saw, for a build holding the lock to remove (one walk
  /// of every directory instead of two: listing the objects' shards again took as long as
  /// inspecting the whole store).
  @discardableResult
  static func inspect(_ root: DirectoryHandle) throws -> Leftovers {
    var leftovers = Leftovers()
    for (name, kind) in root.entries() {
      switch name {
      case "current":
        try inspectCurrent(root, kind: kind)
      case ".cache", "versions":
        try inspectTree(root, name: name, kind: kind, depth: 0, location: [], leftovers: &leftovers)
      case StoreNames.marker, ".lock":
        guard kind == .regular else { throw unsafe(root, name, kind) }
      default:
        // A killed build can leave the link it was about to rename over `current`; it is
        // removed, never followed.
        let leftoverLink = kind == .symbolicLink && name.hasPrefix(StoreNames.temporaryPrefix + "current-")
        if StoreNames.isTemporary(name), !leftoverLink {
          try inspectTree(root, name: name, kind: kind, depth: 0, location: [], leftovers: &leftovers)
        } else if leftoverLink {
          leftovers.entries.append(([], name))
        }
      }
    }
    return leftovers
  }

  /// What a build its stamp confirms reads, checked as `inspect` checks the whole store: the
  /// store's own entries at the top, `current` a link to one of its versions, `.cache`,
  /// `versions`, the objects directory and its shards no links (objects are read by their paths,
  /// and opened with `O_NOFOLLOW`), and every entry of the current version a regular file or a
  /// real directory. Returns the current version's number (`nil`: there is none) and how many
  /// regular files it holds. Other versions
  /// are not read by such a build; a build that goes on to plan inspects the whole store.
  static func inspectCurrentVersion(_ root: DirectoryHandle) throws -> (number: Int, files: Int)? {
    var current: Int?
    for (name, kind) in root.entries() {
      switch name {
      case "current":
        try inspectCurrent(root, kind: kind)
        current = StoreNames.versionNumber(currentTarget: root.linkTarget("current") ?? "")
      case ".cache", "versions":
        guard kind == .directory || kind == .regular else { throw unsafe(root, name, kind) }
      case StoreNames.marker, ".lock":
        guard kind == .regular else { throw unsafe(root, name, kind) }
      default:
        continue
      }
    }
    if let cache = root.directory(".cache"), let kind = cache.kind(of: "objects") {
      try inspectShards(cache, kind: kind)
    }
    guard let current, let versions = root.directory("versions"), let kind = versions.kind(of: "v\(current)") else {
      return nil
    }
    var walked = Leftovers()
    try inspectTree(versions, name: "v\(current)", kind: kind, depth: 1, leftovers: &walked)
    return (current, walked.regularFiles)
  }

  /// The objects directory and each entry in it (the shards) are no links, without walking the
  /// shards: an object itself is opened with `O_NOFOLLOW`.
  private static func inspectShards(_ cache: DirectoryHandle, kind: DirectoryHandle.Kind) throws {
    guard kind == .directory || kind == .regular else { throw unsafe(cache, "objects", kind) }
    guard let objects = cache.directory("objects") else { return }
    for (name, kind) in objects.entries() where kind == .symbolicLink || kind == .other {
      throw unsafe(objects, name, kind)
    }
  }

  private static func inspectCurrent(_ root: DirectoryHandle, kind: DirectoryHandle.Kind) throws {
    guard kind == .symbolicLink else {
      throw StoreError.unsafe("\(root.path)/current", "is not a link to one of its versions")
    }
    let target = root.linkTarget("current") ?? ""
    guard StoreNames.versionNumber(currentTarget: target) != nil else {
      throw StoreError.unsafe(
        "\(root.path)/current", "points to '\(target)', not to a version inside its own 'versions/'")
    }
  }

  private static func inspectTree(
    _ parent: DirectoryHandle, name: String, kind: DirectoryHandle.Kind, depth: Int, location: [String] = ["versions"],
    leftovers: inout Leftovers
  ) throws {
    if StoreNames.isTemporary(name), Leftovers.isSwept(location) { leftovers.entries.append((location, name)) }
    switch kind {
    case .regular:
      leftovers.regularFiles += 1
    case .directory:
      guard depth < maximumDepth else {
        throw StoreError.unsafe("\(parent.path)/\(name)", "is nested more deeply than a build writes")
      }
      guard let directory = parent.directory(name) else {
        let reason = String(cString: strerror(errno))
        switch parent.kind(of: name) {
        // Removed since it was listed (a build pruning while this command reads): gone, not unsafe.
        case nil: return
        // Still a directory that would not open (no permission, no descriptor left): said as such.
        case .directory?: throw StoreError.cannotRead("\(parent.path)/\(name)", reason)
        default: throw unsafe(parent, name, .other)
        }
      }
      let inside = location + [name]
      for entry in directory.entries() {
        try inspectTree(
          directory, name: entry.name, kind: entry.kind, depth: depth + 1, location: inside, leftovers: &leftovers)
      }
    case .symbolicLink, .other:
      if kind == .other, parent.kind(of: name) == nil { return }
      throw unsafe(parent, name, kind)
    }
  }

  private static func unsafe(_ parent: DirectoryHandle, _ name: String, _ kind: DirectoryHandle.Kind) -> StoreError {
    let what = kind == .symbolicLink ? "is a symbolic link" : "is not a regular file or directory"
    return StoreError.unsafe("\(parent.path)/\(name)", what)
  }
}

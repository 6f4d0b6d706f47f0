import Foundation

/// The files one run reads (specs, templates, fonts, images, masks), each read once, as one
/// snapshot: the stamp's digest, the parser, the validator, the job keys and the renderer all
/// see the same bytes, even when a file changes while the run goes on.
///
/// Files are cached by path. Their bytes are kept within `budget`; past it the oldest bytes are
/// dropped (their digests are kept), and a file needed again is read again and used only if its
/// digest is unchanged. A new run (a new `Project`) takes a new snapshot.
public final class InputFiles: @unchecked Sendable {
  /// Reads a file of at most `limit` bytes; `BoundedFile.read` unless a test counts reads.
  public typealias Reader = @Sendable (_ path: String, _ limit: Int) -> Result<Data, BoundedFile.Failure>

  /// A file as read.
  public struct File: Sendable {
    /// The bytes.
    public var data: Data
    /// The SHA-256 of the bytes, as lowercase hex.
    public var sha256: String
  }

  /// Reads from the file system, following links to regular files.
  public static let fileSystem: Reader = { path, limit in BoundedFile.read(at: path, limit: limit) }

  /// The most bytes kept at once.
  public let budget: Int
  private let reader: Reader
  private let lock = NSLock()
  private var entries: [FilePath: Entry] = [:]
  private var kept: [FilePath] = []
  private var keptBytes = 0

  private enum Entry {
    /// Read; `data` is `nil` once dropped to stay within the budget.
    case read(data: Data?, sha256: String, size: Int)
    /// Refused when read with `limit`.
    case failed(BoundedFile.Failure, limit: Int)
  }

  /// A snapshot that reads through `reader`, keeping at most `budget` bytes.
  public init(reader: @escaping Reader = InputFiles.fileSystem, budget: Int = 64 * 1024 * 1024) {
    self.reader = reader
    self.budget = budget
  }

  /// The file at `path`, which may have at most `limit` bytes.
  public func file(at path: String, limit: Int) -> Result<File, BoundedFile.Failure> {
    lock.lock()
    defer { lock.unlock() }
    switch entries[FilePath(path)] {
    case .read(let data?, let sha256, let size):
      guard size <= limit else { return .failure(.tooLarge(size: size, limit: limit)) }
      return .success(File(data: data, sha256: sha256))
    case .read(nil, let sha256, let size):
      guard size <= limit else { return .failure(.tooLarge(size: size, limit: limit)) }
      return reread(path, limit: limit, expecting: sha256)
    case .failed(.missing, _):
      // A file that is not there is not there at any limit (an @2x a PNG may have is asked for often).
      return .failure(.missing)
    case .failed(.tooLarge(let size, _), _) where size > limit:
      return .failure(.tooLarge(size: size, limit: limit))
    case .failed(let failure, let readLimit) where readLimit >= limit:
      return .failure(failure)
    case .failed, nil:
      return read(path, limit: limit)
    }
  }

  /// The bytes of the file at `path` (at most `limit` of them).
  public func contents(at path: String, limit: Int) -> Result<Data, BoundedFile.Failure> {
    file(at: path, limit: limit).map(\.data)
  }

  /// The SHA-256 of the file at `path` (at most `limit` bytes), or `nil` when it cannot be read.
  public func sha256(at path: String, limit: Int) -> String? {
    try? file(at: path, limit: limit).get().sha256
  }

  private func read(_ path: String, limit: Int) -> Result<File, BoundedFile.Failure> {
    switch reader(path, limit) {
    case .success(let data):
      let file = File(data: data, sha256: ContentHash.sha256(data))
      keep(file, at: path)
      return .success(file)
    case .failure(let failure):
      entries[FilePath(path)] = .failed(failure, limit: limit)
      return .failure(failure)
    }
  }

  private func reread(_ path: String, limit: Int, expecting sha256: String) -> Result<File, BoundedFile.Failure> {
    switch reader(path, limit) {
    case .success(let data) where ContentHash.sha256(data) == sha256:
      let file = File(data: data, sha256: sha256)
      keep(file, at: path)
      return .success(file)
    case .success:
      return .failure(.unreadable("it changed while it was being used"))
    case .failure(let failure):
      return .failure(failure)
    }
  }

  /// Records `file`, dropping the oldest kept bytes to stay within the budget.
  private func keep(_ file: File, at path: String) {
    let size = file.data.count
    guard size <= budget else {
      entries[FilePath(path)] = .read(data: nil, sha256: file.sha256, size: size)
      return
    }
    while keptBytes + size > budget, !kept.isEmpty {
      let oldest = kept.removeFirst()
      if case .read(let data?, let sha256, let oldSize) = entries[oldest] {
        keptBytes -= data.count
        entries[oldest] = .read(data: nil, sha256: sha256, size: oldSize)
      }
    }
    entries[FilePath(path)] = .read(data: file.data, sha256: file.sha256, size: size)
    kept.append(FilePath(path))
    keptBytes += size
  }
}

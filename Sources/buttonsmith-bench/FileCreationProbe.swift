import CSystemShim
import Foundation

/// What creating files costs on the file system at one moment, the way the store creates its
/// objects: a temporary file written and renamed into one of 256 shard directories, then one
/// flush of the file system. On ext4 the figure moves by several times with what was deleted in
/// the minutes before, and the builds that mostly create files (from the remote, assembling)
/// move with it.
enum FileCreationProbe {
  /// Creates `count` files of `size` bytes under `directory` (which must not exist), and returns
  /// microseconds per file and the flush's milliseconds.
  static func measure(in directory: String, count: Int = 906, size: Int = 10_000) -> (perFile: Double, flush: Double) {
    guard mkdir(directory, 0o755) == 0 else { fatalError("cannot create \(directory)") }
    let bytes = [UInt8](repeating: 7, count: size)
    let start = DispatchTime.now().uptimeNanoseconds
    for number in 0..<count {
      let shard = "\(directory)/\(String(format: "%02x", number % 256))"
      if number < 256 { mkdir(shard, 0o755) }
      let temporary = "\(shard)/.probe-\(number)"
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
      guard descriptor >= 0, write(descriptor, bytes, size) == size, close(descriptor) == 0,
        rename(temporary, "\(shard)/\(number)") == 0
      else { fatalError("cannot write in \(shard)") }
    }
    let written = DispatchTime.now().uptimeNanoseconds
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
    bs_sync_file_system(descriptor)
    close(descriptor)
    let flushed = DispatchTime.now().uptimeNanoseconds
    return (Double(written - start) / 1000 / Double(count), Double(flushed - written) / 1e6)
  }
}

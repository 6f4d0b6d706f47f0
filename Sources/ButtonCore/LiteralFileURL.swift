import Foundation

extension URL {
  /// The file URL of `path` as written: relative to `base` (the working directory without one)
  /// unless it is absolute, and with `~` a name like any other, as the file system has it.
  ///
  /// `URL(fileURLWithPath:)` takes a leading `~` for a home directory, the password database's
  /// rather than `$HOME`: `output: "~"` wrote into `/root` while a spec path `~/specs` or an image
  /// `~/icon.png` was looked for there too, never beside the project file. A shell has already
  /// expanded the `~` a user meant as home; one that reaches the tool was quoted, or written in a
  /// file, and names a file called `~`.
  public init(literalPath path: String, relativeTo base: URL? = nil) {
    self.init(fileURLWithPath: path.hasPrefix("~") ? "./" + path : path, relativeTo: base)
  }
}

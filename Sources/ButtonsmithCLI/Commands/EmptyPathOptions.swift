import ArgumentParser

/// Refuses a path given as an empty string: `-o ''` or `--config ''` would otherwise stand for
/// the working directory, which no one means. A usage error (exit status 2), as `build -o ''` is.
enum EmptyPathOptions {
  /// Throws for the first of `options` (name, value) whose value is empty.
  static func check(_ options: [(name: String, value: String?)]) throws {
    for option in options where option.value == "" {
      throw ValidationError("\(option.name) must name a path; it is empty")
    }
  }
}

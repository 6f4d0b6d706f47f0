import Foundation

/// A value computed on another thread while the caller goes on with other work.
final class Background<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchGroup()
  /// Written before `done` is left, read after it is waited for.
  private var result: Result<Value, any Error>?

  /// Starts computing `work`.
  init(_ work: @escaping @Sendable () throws -> Value) {
    DispatchQueue.global(qos: .userInitiated).async(group: done) { [self] in
      result = Result(catching: work)
    }
  }

  /// Waits for the value; throws what the work threw.
  func value() throws -> Value {
    done.wait()
    return try result!.get()
  }

  /// Waits for the work to end, leaving its result for `value()`.
  func wait() {
    done.wait()
  }
}

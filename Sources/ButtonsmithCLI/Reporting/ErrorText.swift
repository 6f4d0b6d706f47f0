import Foundation

/// A thrown error as a sentence for the terminal. Foundation's file errors describe themselves
/// as `Error Domain=NSCocoaErrorDomain Code=512 "(null)" UserInfo={…}`; they are given as the
/// file and the system's reason (`'out/p.png': Is a directory`). Buttonsmith's own errors
/// already read as sentences.
enum ErrorText {
  /// The error, with the file it concerns when Foundation names one.
  static func describe(_ error: Error) -> String {
    guard let cocoa = error as? CocoaError else { return "\(error)" }
    guard let path = cocoa.filePath ?? cocoa.url?.path else { return reason(error) }
    return "'\(path)': \(reason(error))"
  }

  /// The error without the file: for a message that names it already.
  static func reason(_ error: Error) -> String {
    guard let cocoa = error as? CocoaError else { return "\(error)" }
    if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    // Foundation's atomic write into a path that is a directory fails in its final rename and
    // reports no reason (`NSCocoaErrorDomain error 512`): the reason is the directory.
    var isDirectory: ObjCBool = false
    if cocoa.code == .fileWriteUnknown, let path = cocoa.filePath ?? cocoa.url?.path,
      FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
    {
      return String(cString: strerror(EISDIR))
    }
    var text = cocoa.localizedDescription
    let prefix = "The operation could not be completed. "
    if text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

@testable import ButtonsmithKit
import Testing

/// The remote cache's header is sent only when it is one well-formed `Name: value` line: a
/// server refuses every request that carries another (HTTP 400), which would lose the cache.
struct RemoteHeaderTests {
  @Test(arguments: [
    ("Authorization: Bearer s3cret", "Authorization", "Bearer s3cret"),
    ("X-Api-Key:abc", "X-Api-Key", "abc"),
    ("  Cookie :  a=b; c=d  ", "Cookie", "a=b; c=d"),
    ("X~Token_1.2: value: with colons", "X~Token_1.2", "value: with colons"),
    ("X-Token: abc\tdef", "X-Token", "abc\tdef"),  // a tab inside a value is allowed
  ])
  func aFieldNameAndValueAreSent(line: String, name: String, value: String) {
    let header = RemoteCache.header(from: line)
    #expect(header?.name == name && header?.value == value)
  }

  @Test(arguments: [
    "Bearer s3cret",  // no colon
    ": s3cret",  // no name
    "Authorization:",  // no value
    "Bad Name: s3cret",  // a space in the name
    "X(Token): s3cret",  // a separator in the name
    "Ñame: s3cret",  // not ASCII
    "X-Token\u{0}: s3cret",  // a control character in the name
    "X-Token: s3cret\r\nX-Other: y",  // a second header
    "X-Token: s3\u{7F}cret",  // a control character in the value
    "X-Token: s3\u{1}cret",  // another
    "X\tToken: s3cret",  // a tab in the name
  ])
  func anythingElseIsNotSent(line: String) {
    #expect(RemoteCache.header(from: line) == nil)
  }
}

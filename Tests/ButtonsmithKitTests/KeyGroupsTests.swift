import ButtonCore
@testable import ButtonsmithKit
import Foundation
import Testing

/// The render stage draws each key once, for the first job that has it, and counts every job.
struct KeyGroupsTests {
  private func key(_ name: String) -> SHA256Digest { ContentHash.digest(Data(name.utf8)) }

  @Test func eachKeyOnceInTheKeysOrderWithItsFirstJobAndItsJobCount() {
    let names = ["b", "a", "b", "c", "a", "b"]
    let keys = names.map(key)
    let groups = KeyGroups(keys: keys)
    let expected = Set(names).sorted { key($0) < key($1) }
    #expect(groups.map { keys[$0] } == expected.map(key))
    #expect(groups.map { names[$0] } == expected)
    // Each key's first job is the first position that has it.
    #expect(groups.allSatisfy { position in keys.firstIndex(of: keys[position]) == position })
    for (group, name) in expected.enumerated() {
      #expect(groups.jobCount(of: [group]) == names.count { $0 == name }, "\(name)")
    }
    #expect(groups.jobCount(of: groups.indices) == names.count)
    #expect(groups.jobCount(of: []) == 0)
    #expect(KeyGroups(keys: []).isEmpty)
  }
}

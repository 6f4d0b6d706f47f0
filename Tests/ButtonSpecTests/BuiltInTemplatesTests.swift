import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

struct BuiltInTemplatesTests {
  static let templateFiles: [URL] = {
    let directory = repositoryRoot.appendingPathComponent("templates")
    let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
    return files.filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
  }()

  @Test func theBinaryCarriesExactlyTheRepositoryTemplates() throws {
    let names = Self.templateFiles.map { $0.deletingPathExtension().lastPathComponent }
    #expect(Set(BuiltInTemplates.all.keys) == Set(names), "run `make docs` to regenerate")
    for file in Self.templateFiles {
      let name = file.deletingPathExtension().lastPathComponent
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(BuiltInTemplates.all[name].map { $0 + "\n" } == text, "\(name) is stale: run `make docs`")
    }
  }

  @Test func everySeedLookHasATemplate() {
    for look in ["mask", "reversed", "stateful", "glass", "maskable", "shaped"] {
      #expect(BuiltInTemplates.all[look] != nil, "\(look)")
    }
  }

  @Test func everyBuiltInTemplateIsCleanOnItsOwn() throws {
    let workspace = try TestWorkspace()
    let buttons = BuiltInTemplates.all.keys.sorted().map { "  \($0): { extends: \($0), size: [160, 48], text: Go }" }
    let checked = try workspace.check(spec: "buttonsmith: 1\nbuttons:\n" + buttons.joined(separator: "\n") + "\n")
    #expect(checked.diagnostics.all.isEmpty, "\(checked.diagnostics.sorted)")
  }
}

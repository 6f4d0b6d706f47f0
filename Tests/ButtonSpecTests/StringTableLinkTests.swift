import ButtonCore
@testable import ButtonSpec
import ButtonsmithTestSupport
import Foundation
import Testing

/// A folder of string tables reached through a link (a monorepo's shared translations) is
/// searched as the folder it points to, as a linked spec folder is: its tables were left out,
/// and a correct table became a `missing-path` error or English text drawn for German.
struct StringTableLinkTests {
  func link(_ path: String, to destination: String, in workspace: TestWorkspace) throws {
    let url = workspace.url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
  }

  @Test
  func aLinkedFolderNamedInStringsIsSearched() throws {
    let workspace = try TestWorkspace()
    try workspace.write("shared/values-de/strings.xml", #"<resources><string name="buy">Kaufen</string></resources>"#)
    try workspace.write("shared/fr.lproj/Localizable.strings", #""buy" = "Acheter";"#)
    try link("sharedlink", to: "shared", in: workspace)
    let (tables, diagnostics) = workspace.loadStringTables("sharedlink")
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    #expect(tables.text("buy", in: "de")?.value == "Kaufen")
    #expect(tables.text("buy", in: "fr")?.value == "Acheter")
  }

  @Test
  func linkedFoldersInsideASearchedFolderAreSearchedOnce() throws {
    let workspace = try TestWorkspace()
    try workspace.write("shared/de/strings.xml", #"<resources><string name="buy">Kaufen</string></resources>"#)
    try workspace.write("shared/fr/Localizable.strings", #""buy" = "Acheter";"#)
    try workspace.write("app/res/values/strings.xml", #"<resources><string name="buy">Buy</string></resources>"#)
    try link("app/res/values-de", to: "../../shared/de", in: workspace)
    try link("app/fr.lproj", to: "../shared/fr", in: workspace)
    // A link back up the tree, and one to itself: searched once, not round a loop.
    try link("app/res/up", to: "..", in: workspace)
    try link("app/res/self", to: "self", in: workspace)
    let loader = StringTableLoader(
      finder: SpecFinder(workingDirectory: workspace.url), files: InputFiles(), developmentLanguage: "en")
    let found = loader.search(in: workspace.url.appendingPathComponent("app")).files
    #expect(
      found.map { $0.path.replacingOccurrences(of: workspace.url.path + "/", with: "") } == [
        "app/fr.lproj/Localizable.strings", "app/res/values-de/strings.xml", "app/res/values/strings.xml",
      ])
    let (tables, diagnostics) = workspace.loadStringTables("app")
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    #expect(tables.text("buy", in: "de")?.value == "Kaufen")
    #expect(tables.text("buy", in: "fr")?.value == "Acheter")
  }

  /// A folder named in `strings` that is the working directory (shown as `.`) is read by its
  /// own name: its tables are `values-de`'s.
  @Test
  func aFolderThatIsTheWorkingDirectoryKeepsItsName() throws {
    let workspace = try TestWorkspace()
    try workspace.write("values-de/strings.xml", #"<resources><string name="go">Los</string></resources>"#)
    let folder = workspace.url.appendingPathComponent("values-de")
    let loader = StringTableLoader(
      finder: SpecFinder(workingDirectory: folder), files: InputFiles(), developmentLanguage: "en")
    var diagnostics = Diagnostics()
    let tables = loader.load([Located(".", at: .start(of: "buttonsmith.yml"))], into: &diagnostics)
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    #expect(tables.text("go", in: "de")?.value == "Los")
  }
}

@testable import ButtonSpec
import Foundation
import Testing

/// Files are named relative to the working directory (or the project's root), as a compiler
/// names the files it was given, wherever they are.
struct DisplayPathTests {
  @Test(arguments: [
    ("/work/app", "/work/app/specs/a.yaml", "specs/a.yaml"),
    ("/work/app", "/work/app/./specs/../specs/a.yaml", "specs/a.yaml"),
    ("/work/app", "/work/shared/specs/a.yaml", "../shared/specs/a.yaml"),
    ("/work/app/sources/deep", "/work/app/specs/a.yaml", "../../specs/a.yaml"),
    ("/work/app", "/work/app", "."),
    ("/work/app", "/work", ".."),
    ("/work/app", "/work/application/a.yaml", "../application/a.yaml"),
    ("/work/app", "/usr/share/fonts/a.ttf", "/usr/share/fonts/a.ttf"),
    ("/", "/usr/share/fonts/a.ttf", "usr/share/fonts/a.ttf"),
  ])
  func pathsAreRelativeToTheWorkingDirectory(workingDirectory: String, file: String, shown: String) {
    let finder = SpecFinder(workingDirectory: URL(fileURLWithPath: workingDirectory, isDirectory: true))
    #expect(finder.displayPath(URL(fileURLWithPath: file)) == shown)
  }
}

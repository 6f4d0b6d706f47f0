import ButtonsmithTestSupport
import Foundation
import Testing

#if os(Linux)
  /// A small address space (`ulimit -v`, which Linux enforces): a command raises a soft limit under
  /// the least it works with when it may, refuses to start, saying why, under that least, and above
  /// it starts only the threads that fit. It never ends where a library could not start a thread.
  struct AddressSpaceLimitTests {
    /// Runs `buttonsmith arguments` in `workspace` under `limits` (`ulimit` options, in KiB).
    func run(_ arguments: [String], in workspace: TestWorkspace, limits: String) throws -> CLIRunner.Result {
      try CLIRunner.run(
        arguments, in: workspace.url, through: ["/bin/sh", "-c", "ulimit \(limits) && exec \"$0\" \"$@\""])
    }

    /// The example gallery in every format, into `out`.
    func galleryBuild(_ options: [String] = []) -> [String] {
      ["build", "--config", repositoryRoot.appendingPathComponent("buttonsmith.yml").path, "-o", "out"] + options
    }

    @Test func aHardLimitTooLowIsSaidAsItIs() throws {
      let workspace = try TestWorkspace()
      // 300 MiB: GLib aborted starting Pango's font thread, or a segmentation fault ended the build.
      for arguments in [galleryBuild(), ["lint", "--config", galleryBuild()[2]]] {
        let run = try run(arguments, in: workspace, limits: "-v 307200")
        #expect(run.status == 1, "\(arguments): \(run.stderr)")
        #expect(
          run.stderr
            == "error: the process may use only 300 MiB of address space (ulimit -v); buttonsmith needs 384 MiB\n",
          "\(run.stderr)")
      }
      #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("out").path))
    }

    @Test func aLowSoftLimitIsRaisedToTheLeastItWorksWith() throws {
      let workspace = try TestWorkspace()
      let run = try run(galleryBuild(["--json"]), in: workspace, limits: "-Sv 307200")
      #expect(run.status == 0, "\(run.stderr)")
    }

    /// Asked for eight threads under 440 MiB: as many start as fit. (With a thread for each, the
    /// build aborted under 450 MiB.)
    @Test func theGalleryBuildsOnAsManyThreadsAsFit() throws {
      let workspace = try TestWorkspace()
      let run = try run(galleryBuild(["-j", "8", "--json"]), in: workspace, limits: "-v 450560")
      #expect(run.status == 0, "\(run.stderr)")
      let summary = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
      let assets = try #require(summary["assets"] as? Int)
      #expect(assets > 1_000)
      #expect(summary["rendered"] as? Int == assets)
    }
  }
#endif

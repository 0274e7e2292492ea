import Foundation
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthExporterCLI

/// Where `report --pdf` finds its browser: `HEALTH_EXPORTER_BROWSER`, then the names on `PATH`,
/// then the applications' paths; the tool's own environment, never the process's.
@Suite struct BrowserTests {
  @Test func takesTheBrowserTheEnvironmentNamesOverAnyOnPath() throws {
    let named = try FakeBrowser(.printsPDF)
    let onPath = try FakeBrowser(named: "chromium", .printsPDF)
    let browser = try Browser.find(
      environment: ["HEALTH_EXPORTER_BROWSER": named.path, "PATH": onPath.folder.path])
    #expect(browser == Browser(path: named.path))
  }

  @Test func looksANameTheEnvironmentGivesUpOnPath() throws {
    let onPath = try FakeBrowser(named: "my-chrome", .printsPDF)
    let browser = try Browser.find(
      environment: ["HEALTH_EXPORTER_BROWSER": "my-chrome", "PATH": "/nonexistent:" + onPath.folder.path])
    #expect(browser == Browser(path: onPath.folder.path + "/my-chrome"))
  }

  @Test func refusesWhatTheEnvironmentNamesWhenItIsNoProgram() throws {
    let folder = try TestDirectory()
    let text = try folder.write("not a program\n", to: "chromium")
    let onPath = try FakeBrowser(named: "chromium", .printsPDF)
    for named in [text, folder.path, "/nonexistent/chromium", "no-such-browser"] {
      #expect(throws: PrintError.browserNotExecutable(path: named)) {
        try Browser.find(environment: ["HEALTH_EXPORTER_BROWSER": named, "PATH": onPath.folder.path])
      }
    }
    #expect(
      PrintError.browserNotExecutable(path: text).description
        == "HEALTH_EXPORTER_BROWSER names \(text), which is not an executable file or a program on PATH. Set it to the path of Chromium, Google Chrome or Microsoft Edge, or unset it to search PATH."
    )
  }

  /// The first name of the list found anywhere on `PATH` wins over a later name in an earlier
  /// folder; a file of that name that is not executable is passed over.
  @Test func takesTheFirstNameOfTheListOnPath() throws {
    let first = try FakeBrowser(named: "google-chrome", .printsPDF)
    try first.folder.write("not a program\n", to: "chromium")
    let second = try FakeBrowser(named: "chromium-browser", .printsPDF)
    let browser = try Browser.find(
      environment: [
        "PATH": "\(first.folder.path):/nonexistent::\(second.folder.path)/", "HEALTH_EXPORTER_BROWSER": "",
      ]
    )
    #expect(browser == Browser(path: second.folder.path + "/chromium-browser"))
  }

  @Test func triesTheApplicationsAfterPath() throws {
    let application = try FakeBrowser(named: "Google Chrome", .printsPDF)
    let empty = try TestDirectory()
    let browser = try Browser.find(
      environment: ["PATH": empty.path], applicationPaths: ["/nonexistent/Chromium", application.path])
    #expect(browser == Browser(path: application.path))
  }

  @Test func saysWhereItLookedWhenThereIsNone() throws {
    let empty = try TestDirectory()
    #expect(
      throws: PrintError.browserNotFound(searched: [
        "HEALTH_EXPORTER_BROWSER",
        "chromium, chromium-browser, google-chrome, google-chrome-stable, microsoft-edge, microsoft-edge-stable on PATH",
        "/nonexistent/Chromium",
      ])
    ) {
      try Browser.find(environment: ["PATH": empty.path], applicationPaths: ["/nonexistent/Chromium"])
    }
    #expect(
      PrintError.browserNotFound(searched: ["HEALTH_EXPORTER_BROWSER", "chromium on PATH", "/A/Chromium"])
        .description
        == "--pdf needs Chromium, Google Chrome or Microsoft Edge, and none was found (searched HEALTH_EXPORTER_BROWSER, then chromium on PATH, then /A/Chromium). Install one, or set HEALTH_EXPORTER_BROWSER to its path; without --pdf the report is an HTML page any browser prints."
    )
  }

  @Test func looksOnMacOSApplicationsOnlyThere() {
    #if os(macOS)
      #expect(
        Browser.applicationPaths == [
          "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
          "/Applications/Chromium.app/Contents/MacOS/Chromium",
          "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
        ])
    #else
      #expect(Browser.applicationPaths == [])
    #endif
  }
}

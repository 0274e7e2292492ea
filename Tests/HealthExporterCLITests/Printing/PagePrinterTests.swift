import Foundation
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthExporterCLI

/// How a page is printed: the browser's arguments, the temporary folder (removed whatever
/// happens), and what each way of failing says.
@Suite struct PagePrinterTests {
  static let page = "<!DOCTYPE html>\n<p>page</p>\n"

  func printer(_ browser: FakeBrowser, temporary: TestDirectory) -> PagePrinter {
    PagePrinter(
      browser: Browser(path: browser.path), environment: ["TMPDIR": temporary.path, "PATH": "/usr/bin:/bin"])
  }

  @Test func turnsTheSandboxOffOnlyAsRoot() {
    var printer = PagePrinter(browser: Browser(path: "/usr/bin/chromium"), environment: [:])
    printer.runsAsRoot = false
    let arguments = printer.arguments(
      page: "/t/a b/report.html", pdf: "/t/a b/report.pdf", profile: "/t/a b/profile")
    #expect(
      arguments == [
        "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-extensions", "--disable-default-apps", "--disable-breakpad", "--disable-dev-shm-usage",
        "--password-store=basic", "--use-mock-keychain", "--host-resolver-rules=MAP * ~NOTFOUND",
        "--proxy-server=127.0.0.1:9", "--no-pdf-header-footer", "--user-data-dir=/t/a b/profile",
        "--print-to-pdf=/t/a b/report.pdf", "file:///t/a%20b/report.html",
      ])
    printer.runsAsRoot = true
    #expect(
      printer.arguments(page: "/t/a b/report.html", pdf: "/t/a b/report.pdf", profile: "/t/a b/profile")
        == arguments[..<15] + ["--no-sandbox"] + arguments[15...])
  }

  @Test func printsThePageInATemporaryFolderItRemoves() throws {
    let browser = try FakeBrowser(.printsPDF)
    let temporary = try TestDirectory()
    let printed = try printer(browser, temporary: temporary).print { path in
      try Self.page.write(toFile: path, atomically: false, encoding: .utf8)
      return path
    }
    let folder = try #require(try browser.temporaryFolder())
    #expect(FakeBrowser.isTemporaryFolder(folder, in: temporary.path))
    #expect(printed.result == folder + "/report.html")
    #expect(printed.pdf == FakeBrowser.pdf)
    #expect(try browser.recordedArguments() == FakeBrowser.expectedArguments(temporaryFolder: folder))
    #expect(try browser.folder.read("page.html") == Self.page)
    // What the browser saw beside the page: its profile and its log, nothing else.
    #expect(
      try browser.folder.read("folder.txt").split(separator: "\n").sorted() == [
        "browser.log", "profile", "report.html",
      ])
    #expect(try temporary.contents() == [])
    #expect(!TemporaryPaths.shared.registered.contains(folder))
  }

  @Test func removesTheFolderWhenThePageCannotBeWritten() throws {
    struct Refusal: Error {}
    let browser = try FakeBrowser(.printsPDF)
    let temporary = try TestDirectory()
    #expect(throws: Refusal.self) {
      try printer(browser, temporary: temporary).print { _ in throw Refusal() }
    }
    #expect(try browser.recordedArguments() == [])
    #expect(try temporary.contents() == [])
  }

  struct FailureCase: CustomTestStringConvertible, Sendable {
    var behaviour: FakeBrowser.Behaviour
    var failure: PrintError.BrowserFailure
    var standardError: [String]
    /// The message after the browser's path.
    var message: String
    var testDescription: String { "\(failure)" }
  }

  @Test(arguments: [
    FailureCase(
      behaviour: .failsWithMessage, failure: .exited(status: 1),
      standardError: ["first line", "Fatal: cannot open the page"],
      message:
        " exited with status 1 without printing the report. Nothing was written. Its last lines on standard error:\n  first line\n  Fatal: cannot open the page"
    ),
    FailureCase(
      behaviour: .writesNothing, failure: .wroteNoPDF, standardError: [],
      message: " exited without writing a PDF. Nothing was written. It wrote nothing on standard error."),
    FailureCase(
      behaviour: .writesNotAPDF, failure: .wroteNotAPDF, standardError: [],
      message:
        " wrote a file that is not a PDF (it does not start with %PDF-). Nothing was written. It wrote nothing on standard error."
    ),
  ])
  func saysHowTheBrowserFailed(_ example: FailureCase) throws {
    let browser = try FakeBrowser(example.behaviour)
    let temporary = try TestDirectory()
    let expected = PrintError.browserFailed(
      browser: browser.path, failure: example.failure, standardError: example.standardError)
    #expect(throws: expected) {
      try printer(browser, temporary: temporary).print { path in
        try Self.page.write(toFile: path, atomically: false, encoding: .utf8)
      }
    }
    #expect(expected.description == "The browser \(browser.path)" + example.message)
    #expect(try temporary.contents() == [])
  }

  @Test func stopsABrowserThatOverrunsItsTime() throws {
    let browser = try FakeBrowser(.hangs)
    let temporary = try TestDirectory()
    var printer = printer(browser, temporary: temporary)
    printer.timeLimit = .seconds(1)
    let started = ContinuousClock.now
    let expected = PrintError.browserFailed(
      browser: browser.path, failure: .timedOut(seconds: 1), standardError: [])
    #expect(throws: expected) {
      try printer.print { path in try Self.page.write(toFile: path, atomically: false, encoding: .utf8) }
    }
    // Well before the browser's own 30 seconds, and before the 10 seconds the end of the browser is
    // waited for: its group, the sleeping child included, was ended at once.
    #expect(ContinuousClock.now - started < .seconds(5))
    #expect(
      expected.description
        == "The browser \(browser.path) did not finish printing the report within 1 second and was stopped. Nothing was written. It wrote nothing on standard error."
    )
    #expect(try temporary.contents() == [])
  }

  @Test func keepsTheLastFiveLinesOfStandardErrorEachCut() throws {
    let long = String(repeating: "x", count: 400)
    let browser = try FakeBrowser(
      .commands("for n in 1 2 3 4 5 6; do echo \"line $n\" >&2; done\necho '\(long)' >&2\nexit 2"))
    let temporary = try TestDirectory()
    #expect(
      throws: PrintError.browserFailed(
        browser: browser.path, failure: .exited(status: 2),
        standardError: ["line 3", "line 4", "line 5", "line 6", String(repeating: "x", count: 300) + "…"])
    ) {
      try printer(browser, temporary: temporary).print { path in
        try Self.page.write(toFile: path, atomically: false, encoding: .utf8)
      }
    }
  }

  @Test func saysWhenTheBrowserCannotStart() throws {
    let folder = try TestDirectory()
    let path = try folder.write("#!/nonexistent/interpreter\n", to: "browser")
    try SystemCall.setPermissions(path, mode: 0o700)
    let temporary = try TestDirectory()
    let printer = PagePrinter(browser: Browser(path: path), environment: ["TMPDIR": temporary.path])
    do {
      _ = try printer.print { page in try Self.page.write(toFile: page, atomically: false, encoding: .utf8) }
      Issue.record("printed with a browser that cannot start")
    } catch let error as PrintError {
      guard case .cannotStart(let browser, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(browser == path)
      #expect(error.description.hasPrefix("Cannot start the browser \(path): "))
      #expect(error.description.hasSuffix(". Nothing was written."))
    }
    #expect(try temporary.contents() == [])
  }
}

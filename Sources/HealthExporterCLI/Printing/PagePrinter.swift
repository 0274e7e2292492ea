import Foundation
import SystemShim

/// Prints an HTML page to PDF with a Chromium-family browser: headless, kept off the network,
/// with a profile of its own. The page, the profile and the PDF live in a temporary folder
/// (`health-exporter-pdf.XXXXXX` in `TMPDIR`, 0700), which is removed whatever happens.
struct PagePrinter: Sendable {
  /// The browser.
  var browser: Browser
  /// The environment the browser runs in, whose `TMPDIR` says where the temporary folder goes.
  var environment: [String: String]
  /// How long the browser may take; then it is stopped, with the helpers it started.
  var timeLimit: Duration = defaultTimeLimit
  /// The time limit the command line gives the browser: printing the report takes it a few
  /// seconds.
  static let defaultTimeLimit: Duration = .seconds(120)
  /// Whether this process runs as root, where Chromium runs only with its sandbox turned off.
  var runsAsRoot: Bool = SystemCall.userID == 0

  /// How many of the last lines of the browser's standard error a failure shows.
  static let standardErrorLines = 5
  /// How many characters of each such line it shows.
  static let standardErrorLineLength = 300

  /// The browser's arguments: headless; no first-run work, default-browser check, sync,
  /// extensions, default apps, component updates, crash reports or background networking; every
  /// host name unresolvable and every connection sent to a proxy that refuses it; the keychain
  /// and the password store left alone; no header or footer on the pages; `--no-sandbox` only as
  /// root.
  /// - Parameters:
  ///   - page: the HTML file.
  ///   - pdf: where the PDF goes.
  ///   - profile: the browser's profile folder.
  /// - Returns: the arguments, the page's `file://` URL last.
  func arguments(page: String, pdf: String, profile: String) -> [String] {
    [
      "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-extensions", "--disable-default-apps", "--disable-breakpad", "--disable-dev-shm-usage",
      "--password-store=basic", "--use-mock-keychain", "--host-resolver-rules=MAP * ~NOTFOUND",
      "--proxy-server=127.0.0.1:9",
    ] + (runsAsRoot ? ["--no-sandbox"] : []) + [
      "--no-pdf-header-footer", "--user-data-dir=\(profile)", "--print-to-pdf=\(pdf)",
      URL(fileURLWithPath: page).absoluteString,
    ]
  }

  /// Makes the temporary folder, has `writePage` write the page in it, prints the page and reads
  /// the PDF; then removes the folder (also when anything throws; a signal that ends the process
  /// removes it too).
  /// - Parameter writePage: writes the page to the path it is given, which does not exist yet.
  /// - Returns: what `writePage` returned, and the PDF's bytes.
  /// - Throws: `SystemError` when the folder cannot be made; what `writePage` throws;
  ///   `PrintError` when the browser cannot be started or makes no PDF.
  func print<Result>(writingPage writePage: (_ path: String) throws -> Result) throws -> (
    result: Result, pdf: [UInt8]
  ) {
    let folder = try SystemCall.makeTemporaryFolder(
      in: SystemCall.temporaryBase(environment: environment), prefix: "health-exporter-pdf.")
    TemporaryPaths.shared.register(folder)
    defer {
      SystemCall.removeTree(folder)
      TemporaryPaths.shared.forget(folder)
    }
    let page = folder + "/report.html"
    let result = try writePage(page)
    return (result, try printPDF(of: page, in: folder))
  }

  /// Runs the browser on `page` and returns the PDF it wrote in `folder`.
  private func printPDF(of page: String, in folder: String) throws -> [UInt8] {
    let pdf = folder + "/report.pdf"
    let profile = folder + "/profile"
    let log = folder + "/browser.log"
    try SystemCall.createFolder(profile, mode: 0o700)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: browser.path)
    process.arguments = arguments(page: page, pdf: pdf, profile: profile)
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    let logFile = try SystemCall.createExclusive(log, mode: 0o600)
    let logHandle = FileHandle(fileDescriptor: logFile, closeOnDealloc: true)
    process.standardError = logHandle
    let ended = Locked(false)
    process.terminationHandler = { _ in ended.withLock { $0 = true } }
    do {
      try process.run()
    } catch {
      throw PrintError.cannotStart(browser: browser.path, reason: error.localizedDescription)
    }
    try? logHandle.close()
    let id = process.processIdentifier
    let finished = ended.withLock(waitingUntil: { $0 }, atMost: timeLimit, then: { $0 })
    // A child runs in a process group of its own on Linux (elsewhere there is no such group and
    // ending it does nothing), with the helpers it starts; Foundation tells of its end only once
    // they too are gone. So an overrun ends the group, then the browser; and helpers the browser
    // left behind end with it.
    if !finished {
      SystemCall.endProcessGroup(id)
      SystemCall.endProcess(id)
      ended.wait(until: { $0 }, atMost: .seconds(10))
    }
    SystemCall.endProcessGroup(id)
    func failure(_ failure: PrintError.BrowserFailure) -> PrintError {
      .browserFailed(browser: browser.path, failure: failure, standardError: lastLines(of: log))
    }
    guard finished else { throw failure(.timedOut(seconds: timeLimit.components.seconds)) }
    guard process.terminationReason == .exit else { throw failure(.signalled(process.terminationStatus)) }
    guard process.terminationStatus == 0 else { throw failure(.exited(status: process.terminationStatus)) }
    guard let data = FileManager.default.contents(atPath: pdf), !data.isEmpty else {
      throw failure(.wroteNoPDF)
    }
    let bytes = [UInt8](data)
    guard bytes.starts(with: "%PDF-".utf8) else { throw failure(.wroteNotAPDF) }
    return bytes
  }

  /// The last lines of the file at `path` that are not blank, each cut to
  /// `standardErrorLineLength` characters.
  private func lastLines(of path: String) -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    return String(decoding: data, as: UTF8.self)
      .split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .suffix(Self.standardErrorLines)
      .map {
        $0.count > Self.standardErrorLineLength ? String($0.prefix(Self.standardErrorLineLength)) + "…" : $0
      }
  }
}

import Foundation
import HealthModel

/// A report that cannot be printed to PDF: no browser to print it with, or a browser that did not
/// print it. Nothing is written; the exit status is 73, the output cannot be created.
enum PrintError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// No browser was found where `Browser.find` looks; `searched` lists the places, in order.
  case browserNotFound(searched: [String])
  /// `HEALTH_EXPORTER_BROWSER` names something that is not a program this process may run.
  case browserNotExecutable(path: String)
  /// The browser could not be started.
  case cannotStart(browser: String, reason: String)
  /// The browser ran and made no PDF; `standardError` holds the last lines it wrote there.
  case browserFailed(browser: String, failure: BrowserFailure, standardError: [String])

  /// How a browser failed to print.
  enum BrowserFailure: Hashable, Sendable {
    /// It exited with this status, not 0.
    case exited(status: Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// It was still running after the time limit and was stopped.
    case timedOut(seconds: Int64)
    /// It exited with 0 and wrote no PDF.
    case wroteNoPDF
    /// It wrote a file that does not start as a PDF does (`%PDF-`).
    case wroteNotAPDF
  }

  /// The message, as it is shown.
  var description: String {
    switch self {
    case .browserNotFound(let searched):
      "--pdf needs Chromium, Google Chrome or Microsoft Edge, and none was found (searched "
        + searched.joined(separator: ", then ")
        + "). Install one, or set \(Browser.environmentKey) to its path; without --pdf the report is an HTML page any browser prints."
    case .browserNotExecutable(let path):
      "\(Browser.environmentKey) names \(path), which is not an executable file or a program on PATH. Set it to the path of Chromium, Google Chrome or Microsoft Edge, or unset it to search PATH."
    case .cannotStart(let browser, let reason):
      "Cannot start the browser \(browser): \(reason). Nothing was written."
    case .browserFailed(let browser, let failure, let standardError):
      "The browser \(browser) \(failure.description). Nothing was written."
        + (standardError.isEmpty
          ? " It wrote nothing on standard error."
          : " Its last lines on standard error:" + standardError.map { "\n  " + $0 }.joined())
    }
  }

  /// The message, for `LocalizedError`.
  var errorDescription: String? { description }
}

extension PrintError.BrowserFailure: CustomStringConvertible {
  /// What the browser did, after its name: `exited with status 1 without printing the report`.
  var description: String {
    switch self {
    case .exited(let status): "exited with status \(status) without printing the report"
    case .signalled(let signal): "was ended by signal \(signal) before printing the report"
    case .timedOut(let seconds):
      "did not finish printing the report within \(seconds) \(seconds == 1 ? "second" : "seconds") and was stopped"
    case .wroteNoPDF: "exited without writing a PDF"
    case .wroteNotAPDF: "wrote a file that is not a PDF (it does not start with %PDF-)"
    }
  }
}

extension PrintError: ClassifiedError {
  /// The PDF cannot be made: the output cannot be created (73).
  var failureKind: FailureKind { .cannotCreate }
}

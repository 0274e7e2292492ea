import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthReport
import SystemShim

/// `report --pdf`: the report's page, as `ReportExport` writes it, printed to PDF by a browser
/// (`PagePrinter`), and the PDF placed at the destination as every output is (a temporary file
/// beside it, renamed into place, 0600; standard output for `-o -`). A job as the others are, so
/// that `--deidentify`, the progress line and the closing line work as for the page.
struct PrintedReport: ExportJob {
  /// The report.
  var report: ReportExport
  /// What prints its page.
  var printer: PagePrinter

  /// The default file name, `HealthExporter_Report_yyyy-MM-dd_HHmmss.pdf`.
  static func defaultFileName(now: Timestamp) -> DefaultFileName {
    var name = ReportExport.defaultFileName(now: now)
    name.fileExtension = "pdf"
    return name
  }

  /// The report's zone.
  var inputTimeZone: TimeZone { report.inputTimeZone }

  /// Checks the destination, writes the page into the printer's temporary folder, prints it, and
  /// places the PDF.
  /// - Returns: the report's outcome, with the PDF's path and the browser that printed it.
  /// - Throws: `OutputError` before reading when the PDF cannot be placed; the report's errors;
  ///   `PrintError`.
  func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> ReportExport.Outcome {
    try destination.check()
    let printed = try printer.print { page in
      try report.run(
        source: source, destination: .file(path: page, overwrites: false), diagnostics: diagnostics)
    }
    var outcome = printed.result
    destination.settle(timeZone: outcome.timeZone)
    try destination.write { sink in try sink.write(printed.pdf) }
    outcome.outputPath = destination.path
    outcome.outputNote = "PDF, printed by \(printer.browser.path)"
    return outcome
  }
}
